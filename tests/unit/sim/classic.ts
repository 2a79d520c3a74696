// The classic game's elements as the engine codes them (RULES §11: classic is a game definition
// like any other), and its old counters read off the per-element ones, for the classic tests.
import type { Board } from '../../../src/core/sim/board.ts';
import { classicTables, ELEM0 } from '../../../src/core/game/tables.ts';

const idx = (id: string) => classicTables().index.get(id)!;
export const CRATE_EL = idx('crate');
export const ICE_EL = idx('ice');
export const CHAIN_EL = idx('chain');
export const JELLY_EL = idx('jelly');
/** The tile code of a crate. */
export const CRATE = ELEM0 + CRATE_EL;

/** Puts a chain (chain: true) or `ice` layers of ice (0: no cover) on cell i. */
export function setCover(b: Board, i: number, ice: number, chain = false): void {
  b.cover[i] = chain ? 1 : ice;
  b.coverKind[i] = chain ? CHAIN_EL : ICE_EL;
}

export const isChain = (b: Board, i: number) => b.cover[i] !== 0 && b.coverKind[i] === CHAIN_EL;

/** The classic counters: jelly, ice and chain layers, crate hp and crates left. */
export function classicLeft(b: Board) {
  return {
    jellyLeft: b.elLeft[JELLY_EL],
    iceLeft: b.elLeft[ICE_EL],
    chainLeft: b.elLeft[CHAIN_EL],
    crateHpLeft: b.elLeft[CRATE_EL],
    cratesLeft: b.elCells[CRATE_EL],
  };
}
