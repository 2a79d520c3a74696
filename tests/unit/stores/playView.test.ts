import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { createGame, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { clearPhase, fallPhase, reconcile, settlePhase, slidePhase, swapTiles, viewFromSnapshot } from '../../../src/stores/playView.ts';

describe('play-test view', () => {
  it('replaying the step events of moves leaves the view equal to the engine board', () => {
    const level = { ...createLevel({ id: 'p', seed: 21 }), colors: 4, moves: 30 };
    const g = createGame(level, { seed: 5 });
    const voids = level.cells.flat().map((c) => c.tile === 'void');
    let view = viewFromSnapshot(snapshot(g), voids);
    let fixes = 0;
    let steps = 0;
    for (let n = 0; n < 12; n++) {
      const m = legalMoves(g)[0];
      if (!m) break;
      if (m.kind === 'swap') view = swapTiles(view, m.from, m.to);
      const r = playMove(g, m);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      steps += r.steps.length;
      for (const step of r.steps) view = settlePhase(fallPhase(clearPhase(view, step), step));
      const snap = snapshot(g);
      const rec = reconcile(view, snap);
      if (!r.reshuffled) fixes += rec.fixed;
      view = rec.view;
      // every tile of the engine is in the view, where the engine has it
      const shown = new Map(view.tiles.map((t) => [`${t.x},${t.y}`, t.tile]));
      snap.cells.forEach((row, y) => row.forEach((c, x) => c.tile && expect(shown.get(`${x},${y}`)).toBe(c.tile)));
    }
    // the animation replay itself was right: reconcile had nothing to fix
    expect(steps).toBeGreaterThanOrEqual(12);
    expect(fixes).toBe(0);
  });
});

describe('play-test view under rules version 2', () => {
  it('slides are animated: replaying them leaves the view equal to the engine board, and without them it would not be', () => {
    // crates in the top corners and an ice row: plenty of cells that only slides refill
    const level = { ...createLevel({ id: 'p2', seed: 33, rules: 2 }), colors: 4, moves: 40 };
    for (const [x, y] of [[0, 0], [1, 0], [7, 0], [8, 0]]) level.cells[y][x] = { tile: 'crate' as const, hp: 3 };
    for (let x = 2; x <= 6; x++) level.cells[4][x] = { cover: { type: 'ice' as const, layers: 3 } };
    const g = createGame(level, { seed: 8 });
    const voids = level.cells.flat().map((c) => c.tile === 'void');
    let view = viewFromSnapshot(snapshot(g), voids);
    let fixes = 0, slides = 0, fixesWithout = 0;
    for (let n = 0; n < 15; n++) {
      const moves = legalMoves(g);
      if (!moves.length) break;
      const m = moves[moves.length - 1]; // low on the board, under the blockers
      if (m.kind === 'swap') view = swapTiles(view, m.from, m.to);
      const r = playMove(g, m);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      let without = view;
      for (const step of r.steps) {
        view = settlePhase(fallPhase(clearPhase(view, step), step));
        without = settlePhase(fallPhase(clearPhase(without, step), step));
        for (const s of step.slides) {
          view = settlePhase(fallPhase(slidePhase(view, s), s));
          slides++;
        }
      }
      const snap = snapshot(g);
      const rec = reconcile(view, snap);
      if (!r.reshuffled) {
        fixes += rec.fixed;
        fixesWithout += reconcile(without, snap).fixed;
      }
      view = rec.view;
    }
    expect(slides).toBeGreaterThan(0);
    expect(fixes).toBe(0);
    expect(fixesWithout).toBeGreaterThan(0);
  });
});
