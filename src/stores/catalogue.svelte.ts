// The catalogue: the pack list and a summary of every level (name, hash, thumbnail, warnings), the
// levels themselves stay in storage (docs/adr/0005-catalogue-on-dexie.md). Editing one level replaces
// one summary: the list rows read their own summary, and what depends on the whole list (its order,
// search, filters) is recomputed only when the list's shape changes (a level added, removed, renamed,
// moved), never on an ordinary edit.
import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import type { LevelSummary } from '../core/catalogue/summary.ts';
import type { PackRecord } from '../db/storage.ts';

/** A level's place in the catalogue: its pack, its position in the pack, its number in the whole catalogue (1-based). */
export interface Place {
  id: string;
  packId: string;
  /** 0-based position within its pack. */
  index: number;
  /** 1-based number across all packs in list order, as a live game numbers its levels. */
  number: number;
}

export class CatalogueStore {
  packs = $state.raw<PackRecord[]>([]);
  readonly summaries = new SvelteMap<string, LevelSummary>();
  /** Bumped when a level is added, removed or renamed: what reads every name (search, sort) recomputes. */
  shape = $state(0);
  /** Bumped when any level's content hash changes (the "stale" filter reads it). */
  contents = $state(0);

  /** Every listed level in list order with its pack, position and number. Recomputed on pack changes and shape changes only. */
  places = $derived.by((): Place[] => {
    void this.shape;
    const packs = this.packs;
    return untrack(() => {
      const out: Place[] = [];
      for (const p of packs) {
        let index = 0;
        for (const id of p.levelIds) if (this.summaries.has(id)) out.push({ id, packId: p.id, index: index++, number: out.length + 1 });
      }
      return out;
    });
  });
  /** id → place, for numbers and packs of single levels. */
  placeOf = $derived(new Map(this.places.map((p) => [p.id, p])));

  get size(): number {
    return this.places.length;
  }

  /** Replaces the whole catalogue (start, a restored backup, another tab's restore). */
  load(packs: PackRecord[], summaries: readonly LevelSummary[]) {
    this.summaries.clear();
    for (const s of summaries) this.summaries.set(s.id, s);
    this.packs = packs;
    this.shape++;
    this.contents++;
  }

  /** One level's new summary (an edit): a rename changes the list's shape, a content change its hashes. */
  put(s: LevelSummary) {
    const old = this.summaries.get(s.id);
    this.summaries.set(s.id, s);
    if (!old || old.name !== s.name) this.shape++;
    if (!old || old.hash !== s.hash) this.contents++;
  }

  /** Many summaries (an import, another tab's writes): the shape and hashes change only if one of them did. */
  putMany(list: readonly LevelSummary[]) {
    let shape = false;
    let contents = false;
    for (const s of list) {
      const old = this.summaries.get(s.id);
      this.summaries.set(s.id, s);
      shape ||= !old || old.name !== s.name;
      contents ||= !old || old.hash !== s.hash;
    }
    if (shape) this.shape++;
    if (contents) this.contents++;
  }

  remove(ids: Iterable<string>) {
    let any = false;
    for (const id of ids) any = this.summaries.delete(id) || any;
    if (any) this.shape++;
  }

  has(id: string): boolean {
    return this.summaries.has(id);
  }

  nameOf(id: string): string | undefined {
    return this.summaries.get(id)?.name;
  }

  packOf(id: string): PackRecord | undefined {
    const place = this.placeOf.get(id);
    return place ? this.packs.find((p) => p.id === place.packId) : this.packs.find((p) => p.levelIds.includes(id));
  }

  /** The ids of every listed level, in list order. */
  ids(): string[] {
    return this.places.map((p) => p.id);
  }

  /** The level numbered `n` in the whole catalogue (1-based). */
  atNumber(n: number): string | undefined {
    return this.places[n - 1]?.id;
  }

  /** `base`, or `base 2`, `base 3`, … whichever no level is named yet. */
  uniqueName(base: string): string {
    const names = new Set<string>();
    for (const s of this.summaries.values()) names.add(s.name);
    if (!names.has(base)) return base;
    for (let i = 2; ; i++) if (!names.has(`${base} ${i}`)) return `${base} ${i}`;
  }

  /** Every level name (for making imported names unique). */
  names(): Set<string> {
    return new Set([...this.summaries.values()].map((s) => s.name));
  }
}
