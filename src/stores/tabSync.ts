// Other tabs of the studio on the same catalogue: what they write arrives through storage's sync
// (src/db/storage.ts) and is shown here without a new save — a level, summaries, the pack list, a
// setting, a conversation, a restored backup, the games — and a level deleted or revived elsewhere.
import { summarize } from '../core/catalogue/summary.ts';
import type { LevelT } from '../core/level/index.ts';
import type { Storage } from '../db/storage.ts';
import { notice, type StepLabel } from '../core/notice.ts';
import { setLanguage } from './words.ts';
import type { StudioHost } from './host.ts';
// the merges load when a conflict first happens (src/stores/conflict.ts): most sessions never meet one
const loadMerge = () => import('../core/level/merge.ts');

export class TabSync {
  constructor(private readonly ws: StudioHost) {}

  listen(storage: Storage) {
    storage.sync = {
      levelConflict: (c) => this.ws.mergeLevelConflict(c),
      packsConflict: async (c) => {
        const { mergePackLists } = await loadMerge();
        const merged = mergePackLists(c.base, this.ws.packs, c.theirs);
        storage.rebasePacks(c.theirs, c.rev);
        for (const n of merged.nameConflicts) this.ws.toast(notice('sync.packNameKept', { mine: n.mine, theirs: n.theirs }));
        this.ws.setPacks(merged.packs);
        void this.loadMissingLevels();
      },
      remoteLevel: (level, rev) => {
        storage.rebaseLevel(level, rev);
        this.showLevel(level);
        this.relistIfEditedElsewhere(level);
      },
      remoteSummaries: (list) => {
        for (const x of list) this.ws.cache.delete(x.id); // a stale copy is read again when needed
        this.ws.catalogue.putMany(list);
        for (const x of list) this.relistIfEditedElsewhere(x);
      },
      remoteLevelDeleted: (id) => this.forgetDeletedLevel(id),
      remotePacks: (packs, rev) => {
        storage.rebasePacks(packs, rev);
        this.ws.packs = packs;
        void this.loadMissingLevels();
      },
      remoteSetting: (key, value) => {
        if (key === 'language' && (value === 'en' || value === 'zh')) void setLanguage(value);
        else this.ws.chat?.applyStoredSetting(key, value); // a chat not loaded yet reads the settings when it loads
      },
      remoteMessages: (levelId) => void this.ws.chat?.reload(levelId),
      remoteWorkspace: () => void this.ws.reloadWorkspace(),
      remoteGames: (games) => void this.ws.loadGames().then((g) => g.adopt(games)),
    };
  }

  /**
   * A level this tab deleted that another tab was still editing comes back (that tab saved it again):
   * it goes back where it was, with a notice, instead of living on in storage where no list shows it.
   */
  private relistIfEditedElsewhere(level: { id: string; name: string }) {
    const was = this.ws.deletedHere.get(level.id);
    if (!was || this.ws.catalogue.packOf(level.id)) return;
    this.ws.deletedHere.delete(level.id);
    const pack = this.ws.listAt([level.id], was.packId, was.index);
    if (pack) this.ws.toast(notice('sync.revived', { name: level.name, pack: pack.name }), 'info', undefined, 10000);
  }

  /** A level as stored elsewhere (or merged with it) becomes this tab's version, without a new save. */
  showLevel(level: LevelT, note?: StepLabel) {
    this.ws.showLevel(level, note);
  }

  /** Levels another tab added to the pack list arrive after it: read their summaries from storage. */
  private async loadMissingLevels() {
    const missing = this.ws.packs.flatMap((p) => p.levelIds).filter((id) => !this.ws.catalogue.has(id));
    if (!missing.length || !this.ws.storage) return;
    const levels = await this.ws.storage.readLevels(missing);
    this.ws.catalogue.putMany(levels.filter((l): l is LevelT => !!l && !this.ws.catalogue.has(l.id)).map((l) => summarize(l, this.ws.storage?.revOf(l.id) ?? 0)));
  }

  private forgetDeletedLevel(id: string) {
    const name = this.ws.catalogue.nameOf(id);
    if (name === undefined) return;
    this.ws.catalogue.remove([id]);
    this.ws.cache.delete(id);
    this.ws.list.prune();
    if (this.ws.editor.level?.id !== id) return;
    const next = this.ws.catalogue.atNumber(1);
    if (next) void this.ws.openLevel(next);
    this.ws.toast(notice('sync.deletedElsewhere', { name }));
  }
}
