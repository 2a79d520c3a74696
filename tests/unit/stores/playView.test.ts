import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { createGame, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { clearPhase, fallPhase, reconcile, settlePhase, swapTiles, viewFromSnapshot } from '../../../src/stores/playView.ts';

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
