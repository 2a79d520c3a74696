// Issue 34, item 2: a refused swap says why — a tile under ice or a chain is held in place, before
// "makes no match" (which was said of a blue under ice that would have made three).
import { describe, expect, it } from 'vitest';
import { createGame, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { REFUSED_NO_MATCH, refusedCover, refusedElement } from '../../../src/core/sim/refusal.ts';

const REFUSED_ICE = refusedCover('ice');
const REFUSED_CHAIN = refusedCover('chain');
const REFUSED_CRATE = refusedElement('crate');
import { level } from './notation.ts';

describe('a refused swap says why', () => {
  // row 0: B(under ice) R B B — swapping the iced blue right would make BBB if it could move
  const board = 'Bi1 R B B / G Y G Y / Rc G # G / Y G Y R';
  it('a tile under ice: held in place, even where the swap would match', () => {
    const g = createGame(level(board, { moves: 5 }));
    const before = JSON.stringify(snapshot(g));
    expect(playMove(g, { kind: 'swap', from: { x: 0, y: 0 }, to: { x: 1, y: 0 } })).toEqual({ ok: false, error: REFUSED_ICE });
    // the other way round too: the free tile cannot be swapped into the iced cell
    expect(playMove(g, { kind: 'swap', from: { x: 1, y: 0 }, to: { x: 0, y: 0 } })).toEqual({ ok: false, error: REFUSED_ICE });
    expect(JSON.stringify(snapshot(g))).toBe(before);
  });
  it('a chain, a crate, and a plain swap without a match', () => {
    const g = createGame(level(board, { moves: 5 }));
    expect(playMove(g, { kind: 'swap', from: { x: 0, y: 2 }, to: { x: 0, y: 1 } })).toEqual({ ok: false, error: REFUSED_CHAIN });
    expect(playMove(g, { kind: 'swap', from: { x: 1, y: 2 }, to: { x: 2, y: 2 } })).toEqual({ ok: false, error: REFUSED_CRATE });
    expect(playMove(g, { kind: 'swap', from: { x: 0, y: 3 }, to: { x: 1, y: 3 } })).toEqual({ ok: false, error: REFUSED_NO_MATCH });
  });
});
