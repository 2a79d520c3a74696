// The level list's bulk actions on a selection: move to a pack, duplicate, delete (each one undo step,
// through its notice's Undo), export, and two jobs. Analyze selection is a pack job (jobs.svelte.ts,
// the same as Analyze pack): the levels fed to the pool together, progress and Cancel, resumed after a
// reload. Tune selection runs the registry's tune_level one level after another with progress and
// Cancel, each result applied to its level as one undo step (the pack tuning job ends in the pack
// view's review of one pack instead).
import { applyIntents, outcomeIntents, runTool } from '../core/tools/index.ts';
import { DEFAULT_TIER } from '../core/facts.ts';
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { notice } from '../core/notice.ts';
import type { BulkHost } from './host.ts';

export interface BulkJob {
  kind: 'analyze' | 'tune';
  done: number;
  total: number;
}

export class BulkActions {
  job = $state.raw<BulkJob | null>(null);
  private stop: AbortController | null = null;

  constructor(private readonly ws: BulkHost) {}

  private ids(): string[] {
    return this.ws.list.selectedInOrder();
  }

  /** Moves the selected levels to the end of `packId`, in list order; Undo puts the pack list back. */
  moveToPack(packId: string) {
    const ids = this.ids();
    const target = this.ws.packs.find((p) => p.id === packId);
    if (!ids.length || !target) return;
    const before = this.ws.packs;
    const moving = new Set(ids);
    const packs = before.map((p) => ({ ...p, levelIds: p.levelIds.filter((id) => !moving.has(id)) }));
    const dst = packs.find((p) => p.id === packId)!;
    dst.levelIds = [...dst.levelIds, ...ids];
    this.ws.setPacks(packs);
    this.ws.toast(notice('cat.moved', { n: ids.length, pack: target.name }), 'info', { label: notice('toast.undo'), run: () => this.ws.setPacks(before) }, 10000);
  }

  /** A copy of each selected level right after it; Undo removes the copies. */
  async duplicate() {
    const ids = this.ids();
    if (!ids.length) return;
    const levels = (await this.ws.getLevels(ids)).filter((l): l is LevelT => !!l);
    const copies = levels.map((l) => this.ws.copyOf(l));
    const storage = this.ws.storage;
    if (storage && copies.length > 20) this.ws.catalogue.putMany(await storage.putLevels(copies));
    else {
      for (const c of copies) storage?.saveLevelNow(c);
      this.ws.catalogue.putMany(copies.map((c) => summarize(c)));
    }
    const after = new Map(levels.map((l, i) => [l.id, copies[i].id]));
    this.ws.setPacks(this.ws.packs.map((p) => ({ ...p, levelIds: p.levelIds.flatMap((id) => (after.has(id) ? [id, after.get(id)!] : [id])) })));
    this.ws.list.selected = new Set(copies.map((c) => c.id));
    this.ws.toast(notice('cat.duplicated', { n: copies.length }), 'info', { label: notice('toast.undo'), run: () => this.ws.removeLevels(copies.map((c) => c.id)) }, 10000);
  }

  delete() {
    return this.ws.deleteLevels(this.ids());
  }

  exportSelection() {
    return this.ws.exportSelection(this.ids());
  }

  cancel() {
    this.stop?.abort();
  }

  /** Runs `each` on the selected levels one after another (the open level's analysis and tuning paths). */
  private async run(kind: BulkJob['kind'], each: (level: LevelT, signal: AbortSignal) => Promise<void>): Promise<number> {
    const ids = this.ids();
    if (!ids.length || this.job) return 0;
    const stop = (this.stop = new AbortController());
    this.job = { kind, done: 0, total: ids.length };
    let done = 0;
    try {
      for (const id of ids) {
        if (stop.signal.aborted) break;
        const level = await this.ws.getLevel(id);
        if (level) await each(level, stop.signal);
        if (stop.signal.aborted) break;
        this.job = { kind, done: ++done, total: ids.length };
      }
    } catch (e) {
      if (!stop.signal.aborted) this.ws.toast((e as Error).message, 'error');
    } finally {
      this.job = null;
      this.stop = null;
    }
    if (done < ids.length) this.ws.toast(notice('cat.bulkStopped', { done, total: ids.length }));
    return done;
  }

  /** Analyze selection: each level's report, as the Analyze button makes it (average bot), through the pack job. */
  async analyze() {
    const ids = this.ids();
    if (!ids.length) return;
    const pack = await this.ws.loadPack();
    if (pack.running) return this.ws.toast(notice('cat.jobBusy'), 'error');
    const end = await pack.analyzeLevels(ids);
    if (end?.how === 'done') this.ws.toast(notice('cat.analyzed', { n: end.done }));
    else if (end?.how === 'cancelled') this.ws.toast(notice('cat.bulkStopped', { done: end.done, total: end.total }));
  }

  /** Tune selection: each level tuned toward `target` (average bot); each result is one undo step in its level's history. */
  async tune(target: number) {
    let missed = 0;
    const done = await this.run('tune', async (level, signal) => {
      const r = await runTool(level, 'tune_level', { target_win_rate: target, tier: DEFAULT_TIER }, { runner: this.ws.runner, signal });
      if (!r.ok) throw new Error(r.error);
      // a level whose band was missed is left as it is (its closest level is never applied unasked)
      if (r.held) missed++;
      const intents = outcomeIntents(r);
      if (!intents.length) return;
      const applied = applyIntents(level, intents);
      if (applied.error) return;
      this.ws.editor.commitTo({ key: 'cat.tuneSelection' }, intents, level, applied.level);
      const counts = (r.data as { counts?: SimCounts[] }).counts;
      if (counts?.length) this.ws.analysis.show(applied.level, counts);
    });
    if (done) this.ws.toast(missed ? notice('cat.tunedMissed', { n: done - missed, missed }) : notice('cat.tuned', { n: done }));
  }
}
