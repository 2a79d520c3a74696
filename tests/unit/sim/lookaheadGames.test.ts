// The expert's look-ahead on games not shaped like the classic one (src/core/sim/lookahead.ts,
// `generic`): each play-out is the engine's move without refill, or, for a plain swap whose single
// line of 3 sets nothing else off, counted instead of played. Either way everything the expert and
// the next play-out read is what copyTo + applyMove leaves (the tiles excepted when counted), on
// random game definitions and levels (gameCases.ts) and on every level of the example games.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { Board } from '../../../src/core/sim/board.ts';
import { LookAhead } from '../../../src/core/sim/lookahead.ts';
import { applyMove } from '../../../src/core/sim/resolve.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { GreedyBot } from '../../../src/core/sim/bots/greedy.ts';
import { caseArb } from './gameCases.ts';

/** Everything a play-out leaves that the expert or the next play-out reads. */
function state(b: Board, tiles: boolean) {
  return {
    tile: tiles ? Array.from(b.tile) : null,
    hp: Array.from(b.hp),
    cover: Array.from(b.cover), coverKind: Array.from(b.coverKind, (v, i) => (b.cover[i] ? v : 0)),
    ground: Array.from(b.ground), groundKind: Array.from(b.groundKind, (v, i) => (b.ground[i] ? v : 0)),
    score: b.score, collected: Array.from(b.collected), removed: b.removed, specialsMade: b.specialsMade,
    elCounts: Array.from(b.elCounts), groundLeft: b.groundLeft, coverLeft: b.coverLeft, elHpLeft: b.elHpLeft,
    elTiles: b.elTiles, holders: b.holders, spreads: b.spreads,
  };
}

/** Plays every move of the position from one begin; returns how many were counted. */
function compareAll(b: Board, label: string): { moves: number; counted: number } {
  const look = new LookAhead(b.w, b.h, b.colors);
  const plain = new Board(b.w, b.h, b.colors);
  plain.refill = false;
  const before = state(b, true);
  let counted = 0;
  look.begin(b);
  for (let k = 0; k < b.moveCount; k++) {
    const code = b.moves[k];
    const s = look.playNext(code);
    b.copyTo(plain);
    applyMove(plain, code);
    if (look.counted) counted++;
    // counted: the tiles are the position's with the two cells swapped (no element moved)
    expect(state(s, !look.counted), `${label} move ${code}`).toEqual(state(plain, !look.counted));
  }
  expect(state(b, true), label).toEqual(before);
  return { moves: b.moveCount, counted };
}

/** Positions of a level: the start and after each of `moves` greedy moves. */
function positions(level: LevelT, seed: number, moves: number, visit: (b: Board, m: number) => void): void {
  const g = new SimGame(level);
  startGame(g, seed);
  const greedy = new GreedyBot();
  for (let m = 0; m <= moves && g.status === PLAYING; m++) {
    if (g.board.moveCount === 0) break;
    visit(g.board, m);
    advance(g, greedy.choose(g.board, g.objectives), 1000);
  }
}

const root = new URL('../../../examples/games/', import.meta.url);
const GAMES = ['sweet-saga', 'home-garden'];

describe('expert look-ahead on games of any shape', () => {
  afterAll(() => forgetGames(GAMES));

  it('every play-out leaves what copyTo + applyMove leaves without refill, on random games and levels', () => {
    let counted = 0, moves = 0;
    fc.assert(
      fc.property(caseArb, fc.nat({ max: 6 }), (c, warmup) => {
        registerGames([c.game]);
        positions(c.level, c.seed, warmup, (b, m) => {
          if (m < warmup) return;
          const r = compareAll(b, `${c.game.id} after ${m} moves`);
          counted += r.counted;
          moves += r.moves;
        });
      }),
      { numRuns: 300 },
    );
    expect(moves).toBeGreaterThan(300);
    // the counted path is taken on these games too
    expect(counted).toBeGreaterThan(10);
  });

  for (const game of GAMES)
    it(`the same on every level of ${game}, through whole games`, () => {
      const def = JSON.parse(readFileSync(new URL(`${game}.game.json`, root), 'utf8')) as GameDef;
      registerGames([def]);
      const files = readdirSync(new URL(`${game}/`, root)).filter((f) => f.endsWith('.json')).sort();
      let counted = 0, moves = 0;
      for (const f of files) {
        const level = JSON.parse(readFileSync(new URL(`${game}/${f}`, root), 'utf8')) as LevelT;
        for (const seed of [1, 2])
          positions(level, seed * 7919, 30, (b, m) => {
            const r = compareAll(b, `${game}/${f} seed ${seed} move ${m}`);
            counted += r.counted;
            moves += r.moves;
          });
      }
      expect(counted).toBeGreaterThan(100);
      expect(moves).toBeGreaterThan(counted);
    }, 60_000);
});
