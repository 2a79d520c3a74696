// Pack tuning on the sample pack (stores with the in-thread simulator): every lever inside its bounds,
// one review row per level, nothing changed until Apply tuning, and one Undo for the whole pack.
// One figure per level: what the pack measures is the level's report (badge and panel read it).
import { describe, expect, it } from 'vitest';
import { levelHash, type LevelT } from '../../../src/core/level/index.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { AnalysisStore } from '../../../src/stores/analysis.svelte.ts';
import { PackStore } from '../../../src/stores/pack.svelte.ts';
import { packLevelBounds, PACK_BOUNDS } from '../../../src/core/tune/bounds.ts';

function setup() {
  const editor = new EditorStore();
  const levels: Record<string, LevelT> = {};
  for (const l of sampleLevels()) levels[l.id] = l;
  editor.onChange = (l) => (levels[l.id] = l);
  // the studio's runner over one in-thread worker (the pack's tune runs as a background job over the pool)
  const pool = new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (req, start, count) => simApi.playChunk(req, start, count), terminate() {} }));
  const runner = new AnalysisRunner(() => pool);
  const analysis = new AnalysisStore(() => runner);
  const pack = new PackStore(editor, () => runner, analysis, { records: () => undefined, levelOf: (id) => levels[id], nameOf: (id) => levels[id]?.name });
  const ids = sampleLevels().map((l) => l.id);
  const current = () => ids.map((id) => levels[id]);
  editor.open(current()[0]);
  return { editor, analysis, pack, levels, current };
}

describe('pack tuning', () => {
  it('keeps every lever inside its bounds, lists each level, applies the chosen as one undo step', async () => {
    const { editor, analysis, pack, levels, current } = setup();
    const before = current();
    // a steep ramp that pulls some levels far: the bounds must hold them back
    pack.shape = 'ramp';
    pack.easy = 0.95;
    pack.hard = 0.1;
    await pack.tunePack(current());
    const review = pack.review!;
    expect(review.map((r) => r.id)).toEqual(before.map((l) => l.id));
    // nothing changed yet
    expect(current().map(levelHash)).toEqual(before.map(levelHash));
    for (const r of review) {
      const l = before.find((x) => x.id === r.id)!;
      const b = packLevelBounds(l, PACK_BOUNDS);
      expect(r.after.moves, r.name).toBeLessThanOrEqual(b.moves!.to);
      expect(r.after.moves, r.name).toBeGreaterThanOrEqual(Math.min(l.moves, b.moves!.from));
      expect(Math.abs(r.after.colors - l.colors), r.name).toBeLessThanOrEqual(1);
      // each change is listed, old → new
      if (r.after.moves !== l.moves) expect(r.changes.map((c) => c.text)).toContain(`moves ${l.moves} → ${r.after.moves}`);
      expect(r.selected).toBe(r.status === 'change');
      if (r.status === 'unreachable') expect(r.reason).toBeTruthy();
    }
    const changing = review.filter((r) => r.intents.length);
    expect(changing.length).toBeGreaterThan(0);
    for (const r of changing) pack.choose(r.id, true);
    pack.applyReview((id) => levels[id], 'Tune pack to curve');
    expect(pack.applied!.ids.sort()).toEqual(changing.map((r) => r.id).sort());
    for (const r of changing) {
      expect(levelHash(levels[r.id])).toBe(levelHash(r.after));
      // the pack's figure is the level's report: panel and badge read the same
      expect(analysis.figureFor(levels[r.id])).toMatchObject({ stale: false, winRate: r.winRateAfter });
    }
    // one Undo (from the toolbar, on whichever level is open) restores every level
    editor.open(levels[changing[0].id]);
    editor.undo();
    expect(current().map(levelHash)).toEqual(before.map(levelHash));
    // and Redo brings the whole pack tuning back
    editor.redo();
    for (const r of changing) expect(levelHash(levels[r.id])).toBe(levelHash(r.after));
    // the pack view's own Undo does the same
    pack.applied = { ...pack.applied!, group: pack.applied!.group };
    pack.undoApplied();
    expect(current().map(levelHash)).toEqual(before.map(levelHash));
  }, 240_000);

  it('a row left unchosen is not applied; a level edited after its tune is skipped', async () => {
    const { editor, pack, levels, current } = setup();
    pack.shape = 'ramp';
    pack.easy = 0.95;
    pack.hard = 0.1;
    await pack.tunePack(current());
    const changing = pack.review!.filter((r) => r.intents.length);
    expect(changing.length).toBeGreaterThanOrEqual(2);
    const [keep, drop] = changing;
    pack.choose(keep.id, true);
    pack.choose(drop.id, false);
    for (const r of changing.slice(2)) pack.choose(r.id, false);
    // the designer edits `keep` meanwhile (its proposal is for the old version) and renames `drop` (kept)
    editor.commitTo('moves', [], levels[keep.id], { ...levels[keep.id], moves: levels[keep.id].moves + 1 });
    editor.commitTo('rename', [], levels[drop.id], { ...levels[drop.id], name: 'Renamed' });
    pack.choose(drop.id, true);
    pack.choose(keep.id, true);
    pack.applyReview((id) => levels[id], 'Tune pack to curve');
    expect(pack.applied!.skipped).toEqual([keep.id]);
    expect(levels[keep.id].moves).toBe(keep.before.moves + 1);
    expect(levelHash(levels[drop.id])).toBe(levelHash(drop.after));
    expect(levels[drop.id].name).toBe('Renamed');
  }, 240_000);
});
