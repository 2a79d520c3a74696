// What the level list shows of the catalogue: search (name or number), filters, sort, and the
// multi-selection. Only the visible rows are drawn (the UI virtualises); this store computes which ids
// match, in which order, and only when the query, the filters or the catalogue's shape change.
import { untrack } from 'svelte';
import type { Difficulty } from '../core/sim/analysis/summary.ts';
import type { CatalogueStore, Place } from './catalogue.svelte.ts';
import { CLASSIC_ID } from '../core/game/types.ts';

export interface LevelBadge {
  winRate: number;
  difficulty: Difficulty | null;
  stale: boolean;
}

export type SortKey = 'position' | 'name' | 'difficulty';
/** `stale`: never analysed, or changed since its last analysis. */
export type AnalysisFilter = 'all' | 'stale' | 'warnings';

export interface ListFilters {
  /** A pack id, or '' for every pack. */
  pack: string;
  /** A difficulty label, '' for any, 'none' for not measured. */
  difficulty: string;
  analysis: AnalysisFilter;
  /** A game id (`classic` for the built-in game), or '' for every game. */
  game: string;
}

/** The filters that narrow nothing. */
export const NO_FILTERS: ListFilters = { pack: '', difficulty: '', analysis: 'all', game: '' };

/** One row of the list: a pack's header (position order only) or a level. */
export type ListRow = { kind: 'pack'; id: string; packId: string } | { kind: 'empty'; id: string; packId: string } | { kind: 'level'; id: string; place: Place };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export class LevelListStore {
  query = $state('');
  filters = $state<ListFilters>({ ...NO_FILTERS });
  sort = $state<SortKey>('position');
  /** The selected level ids (the toolbar `Selection` acts on them). */
  selected = $state.raw<ReadonlySet<string>>(new Set());
  /** True once the designer selects with Ctrl/Shift/Select all: the bulk toolbar shows. */
  multi = $state(false);
  private anchor: string | null = null;

  constructor(
    private readonly catalogue: CatalogueStore,
    /** The level's last measured figure (the analysis store's report of it, checked against the summary's hash). */
    private readonly badge: (id: string) => LevelBadge | null,
    /** Reads what the badges depend on (the reports), so a new report re-filters a difficulty filter or sort. */
    private readonly badgesChanged: () => unknown = () => undefined,
  ) {}

  /** A level's badge in the list (its last measured figure), or null. */
  badgeOf(id: string): LevelBadge | null {
    return this.badge(id);
  }

  /** Whether any search or filter narrows the list. */
  narrowed = $derived(this.query.trim() !== '' || this.filters.pack !== '' || this.filters.difficulty !== '' || this.filters.analysis !== 'all' || this.filters.game !== '');

  /**
   * The games the catalogue's levels play (`classic` for levels without a game), in first-use order:
   * the list offers a game filter when there is more than one.
   */
  gamesInUse = $derived.by((): string[] => {
    void this.catalogue.contents;
    void this.catalogue.shape;
    return untrack(() => {
      const out = new Set<string>();
      for (const s of this.catalogue.summaries.values()) out.add(s.game ?? CLASSIC_ID);
      return [...out];
    });
  });

  /** The matching levels' places, in the chosen order. */
  matches = $derived.by((): Place[] => {
    const places = this.catalogue.places;
    const q = this.query.trim().toLowerCase();
    const f = this.filters;
    const sort = this.sort;
    // an edit changes a hash: only the stale and game filters and the difficulty sort need to hear of it
    // (a level's game is part of its hash, so `contents` moves when a level changes game)
    if (f.analysis === 'stale' || f.difficulty || f.game || sort === 'difficulty') {
      void this.catalogue.contents;
      this.badgesChanged();
    }
    // every summary is read untracked: an ordinary edit (one summary replaced) does not recompute the
    // list; the catalogue's shape (names, levels added or removed) and `contents` above say when to
    return untrack(() => this.filterAndSort(places, q, f, sort));
  });

  private filterAndSort(places: Place[], q: string, f: ListFilters, sort: SortKey): Place[] {
    const num = /^#?\d+$/.test(q) ? Number(q.replace('#', '')) : null;
    let out = places.filter((p) => {
      if (f.pack && p.packId !== f.pack) return false;
      const s = this.catalogue.summaries.get(p.id);
      if (!s) return false;
      if (q && !(num !== null && p.number === num) && !s.name.toLowerCase().includes(q)) return false;
      if (f.game && (s.game ?? CLASSIC_ID) !== f.game) return false;
      if (f.analysis === 'warnings' && s.warnings === 0) return false;
      if (f.analysis === 'stale' || f.difficulty) {
        const b = this.badge(p.id);
        if (f.analysis === 'stale' && b && !b.stale) return false;
        if (f.difficulty === 'none' ? b && !b.stale : f.difficulty && b?.difficulty !== f.difficulty) return false;
      }
      return true;
    });
    if (sort === 'name') out = [...out].sort((a, b) => collator.compare(this.catalogue.nameOf(a.id) ?? '', this.catalogue.nameOf(b.id) ?? ''));
    else if (sort === 'difficulty') {
      // easiest first (highest measured win rate); levels never measured at the end, in position order
      const rate = (id: string) => this.badge(id)?.winRate ?? -1;
      out = [...out].sort((a, b) => rate(b.id) - rate(a.id) || a.number - b.number);
    }
    return out;
  }

  /** The rows to draw: in position order each pack has a header row (every pack when nothing narrows the list). */
  rows = $derived.by((): ListRow[] => {
    const matches = this.matches;
    if (this.sort !== 'position') return matches.map((place) => ({ kind: 'level', id: place.id, place }));
    const byPack = new Map<string, Place[]>();
    for (const m of matches) (byPack.get(m.packId) ?? byPack.set(m.packId, []).get(m.packId)!).push(m);
    const out: ListRow[] = [];
    for (const p of this.catalogue.packs) {
      const levels = byPack.get(p.id);
      if (!levels && this.narrowed) continue;
      out.push({ kind: 'pack', id: `pack:${p.id}`, packId: p.id });
      // an empty pack: a row to drop dragged levels on
      if (!levels && !p.levelIds.some((id) => this.catalogue.has(id))) out.push({ kind: 'empty', id: `empty:${p.id}`, packId: p.id });
      for (const place of levels ?? []) out.push({ kind: 'level', id: place.id, place });
    }
    return out;
  });

  /** Plain click: this level only. Ctrl/Cmd: toggle it. Shift: the range from the last clicked one, in list order. */
  select(id: string, mode: 'only' | 'toggle' | 'range'): void {
    if (mode === 'only') {
      this.selected = new Set([id]);
      this.multi = false;
      this.anchor = id;
      return;
    }
    this.multi = true;
    if (mode === 'toggle') {
      const next = new Set(this.selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      this.selected = next;
      this.anchor = id;
      return;
    }
    const order = this.matches.map((p) => p.id);
    const from = this.anchor ? order.indexOf(this.anchor) : -1;
    const to = order.indexOf(id);
    if (from < 0 || to < 0) return this.select(id, 'toggle');
    const [a, b] = from < to ? [from, to] : [to, from];
    this.selected = new Set([...this.selected, ...order.slice(a, b + 1)]);
  }

  selectAllMatching() {
    this.selected = new Set(this.matches.map((p) => p.id));
    this.multi = this.selected.size > 0;
  }

  clearSelection() {
    this.selected = new Set();
    this.multi = false;
  }

  /** Drops ids that no longer exist (after a delete, or another tab's). */
  prune() {
    const kept = [...this.selected].filter((id) => this.catalogue.has(id));
    if (kept.length !== this.selected.size) this.selected = new Set(kept);
    if (!kept.length) this.multi = false;
  }

  /** The selected ids in list order. */
  selectedInOrder(): string[] {
    return this.catalogue.places.filter((p) => this.selected.has(p.id)).map((p) => p.id);
  }
}
