// Property tests over random levels and random move sequences (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellT, LevelT } from '../../../src/core/level/index.ts';
import { EMPTY, VOID } from '../../../src/core/sim/codes.ts';
import { CHAIN_EL, CRATE, classicLeft } from './classic.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { hasAnyMatch } from '../../../src/core/sim/match.ts';
import { createGame, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import type { Board } from '../../../src/core/sim/board.ts';

const COLOR_NAMES = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;

const cellArb: fc.Arbitrary<CellT> = fc
  .record({
    kind: fc.constantFrom('random', 'random', 'random', 'random', 'random', 'random', 'color', 'special', 'crate', 'void'),
    color: fc.constantFrom(...COLOR_NAMES.slice(0, 4)),
    special: fc.constantFrom('rocket_h', 'rocket_v', 'bomb', 'rainbow') as fc.Arbitrary<CellT['tile']>,
    hp: fc.integer({ min: 1, max: 3 }),
    cover: fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2, 3, 4),
    jelly: fc.constantFrom(0, 0, 0, 1, 2),
  })
  .map((r) => {
    const c: CellT = {};
    if (r.kind === 'void') return { tile: 'void' };
    if (r.kind === 'color') c.tile = r.color;
    if (r.kind === 'special') c.tile = r.special;
    if (r.kind === 'crate') {
      c.tile = 'crate';
      c.hp = r.hp;
    }
    if ((r.kind === 'random' || r.kind === 'color') && r.cover) c.cover = r.cover === 4 ? { type: 'chain' } : { type: 'ice', layers: r.cover };
    if (r.jelly) c.ground = { type: 'jelly', layers: r.jelly };
    return c;
  });

const levelArb: fc.Arbitrary<LevelT> = fc
  .record({ w: fc.integer({ min: 3, max: 8 }), h: fc.integer({ min: 3, max: 8 }), colors: fc.integer({ min: 3, max: 6 }), seed: fc.nat(), rules: fc.constantFrom(1 as const, 2 as const) })
  .chain(({ w, h, colors, seed, rules }) =>
    fc.array(fc.array(cellArb, { minLength: w, maxLength: w }), { minLength: h, maxLength: h }).map(
      (cells): LevelT => ({
        format: 'match3-level', version: 1, id: 'p', name: 'p', width: w, height: h, moves: 15, colors, seed, ...(rules === 2 ? { rules } : {}), cells,
        objectives: [{ type: 'clear_ground', ground: 'jelly' }, { type: 'score', target: 100000 }],
      }),
    ),
  );

interface Copy {
  tile: Uint8Array;
  cover: Uint8Array;
  coverKind: Uint8Array;
  ground: Uint8Array;
  hp: Uint8Array;
  score: number;
}
const copy = (b: Board): Copy => ({ tile: b.tile.slice(), cover: b.cover.slice(), coverKind: b.coverKind.slice(), ground: b.ground.slice(), hp: b.hp.slice(), score: b.score });

/** Everything that must hold between two stable boards, one move apart. */
function checkStep(b: Board, prev: Copy): void {
  expect(hasAnyMatch(b)).toBe(false);
  expect(b.score).toBeGreaterThanOrEqual(prev.score);
  for (let i = 0; i < b.n; i++) {
    const t = b.tile[i], pt = prev.tile[i];
    expect(t === VOID).toBe(pt === VOID); // voids never change
    expect(b.ground[i]).toBeLessThanOrEqual(prev.ground[i]); // jelly only goes down
    const c = b.cover[i], pc = prev.cover[i];
    if (pc === 0) expect(c).toBe(0); // covers never appear
    else if (prev.coverKind[i] === CHAIN_EL) expect(c === 0 || (c === 1 && b.coverKind[i] === CHAIN_EL)).toBe(true);
    else expect(c === 0 || (b.coverKind[i] !== CHAIN_EL && c <= pc)).toBe(true);
    if (c !== 0) expect(t).toBe(pt); // a covered tile never moves or changes
    if (t === CRATE) {
      expect(pt).toBe(CRATE); // crates never move or appear
      expect(b.hp[i]).toBeLessThanOrEqual(prev.hp[i]);
    }
    if (t === EMPTY) {
      // an empty cell is only left below a blocker
      let blocked = false;
      for (let j = i - b.w; j >= 0; j -= b.w) if (b.tile[j] === CRATE || b.cover[j] !== 0) blocked = true;
      expect(blocked).toBe(true);
    }
  }
  // the counters agree with the arrays
  const kept = classicLeft(b);
  b.recount();
  expect(classicLeft(b)).toEqual(kept);
}

describe('properties over random levels', () => {
  it('start boards are stable and playable (or lost as unsolvable)', () => {
    fc.assert(
      fc.property(levelArb, (level) => {
        const g = new SimGame(level);
        startGame(g, level.seed);
        expect(hasAnyMatch(g.board)).toBe(false);
        if (g.status === PLAYING) expect(g.board.moveCount).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it('after every move the board is stable and layers, covers and crates only go where the rules say', () => {
    fc.assert(
      fc.property(levelArb, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (level, picks) => {
        const g = new SimGame(level);
        startGame(g, level.seed);
        for (const p of picks) {
          if (g.status !== PLAYING) break;
          const prev = copy(g.board);
          advance(g, g.board.moves[p % g.board.moveCount]);
          checkStep(g.board, prev);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a game replays identically from its seed and its moves', () => {
    fc.assert(
      fc.property(levelArb, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), fc.nat(), (level, picks, seed) => {
        const run = () => {
          const g = createGame(level, { seed });
          const out = [JSON.stringify(snapshot(g))];
          for (const p of picks) {
            const moves = legalMoves(g);
            if (!moves.length) break;
            const before = g.sim.board.score;
            const r = playMove(g, moves[p % moves.length]);
            if (!r.ok) throw new Error(r.error);
            // the recorded steps account for every point
            expect(r.steps.reduce((s, e) => s + e.score, 0)).toBe(r.score - before);
            out.push(JSON.stringify(r), JSON.stringify(snapshot(g)));
          }
          return out;
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 60 },
    );
  });
});

describe('move validity', () => {
  it('the fast swap check agrees with swapping and looking for a line', async () => {
    const { lineThrough } = await import('../../../src/core/sim/match.ts');
    const { swapValid, listMoves } = await import('../../../src/core/sim/moves.ts');
    fc.assert(
      fc.property(levelArb, (level) => {
        const g = new SimGame(level);
        startGame(g, level.seed);
        const b = g.board;
        const slow = (a: number, c: number) => {
          const ta = b.tile[a], tc = b.tile[c];
          if (ta > 9 || tc > 9 || b.cover[a] || b.cover[c]) return false;
          if (ta >= 6 || tc >= 6) return true;
          b.tile[a] = tc;
          b.tile[c] = ta;
          const ok = lineThrough(b.tile, b.w, b.h, a) || lineThrough(b.tile, b.w, b.h, c);
          b.tile[a] = ta;
          b.tile[c] = tc;
          return ok;
        };
        let pairs = 0;
        for (let i = 0; i < b.n; i++) {
          for (const c of [i % b.w < b.w - 1 ? i + 1 : -1, i + b.w < b.n ? i + b.w : -1]) {
            if (c < 0) continue;
            expect(swapValid(b, i, c)).toBe(slow(i, c));
            expect(swapValid(b, c, i)).toBe(slow(i, c));
            if (slow(i, c)) pairs++;
          }
        }
        let taps = 0;
        for (let i = 0; i < b.n; i++) if (b.tile[i] >= 6 && b.tile[i] <= 9) taps++;
        expect(listMoves(b)).toBe(pairs + taps);
      }),
      { numRuns: 200 },
    );
  });
});
