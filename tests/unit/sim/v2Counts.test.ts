// The version 2 analysis counts (RULES §4, §12; docs/rules.md §8–§9): lostToCountdown, emitted,
// gateClosedOnLoss and counterOnLoss, on the Candy Kingdom examples; and that a version 2 analysis
// merges exactly, whatever its chunking (game i always plays from gameSeed(level.seed, i)).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import { parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { mergeCounts, playGames } from '../../../src/core/sim/index.ts';
import { createGame, legalMoves, playMove } from '../../../src/core/sim/play.ts';
import { listMoves2, swapValid2 } from '../../../src/core/sim/v2/lines.ts';
import { DOWN, RIGHT, TAP, moveCode } from '../../../src/core/sim/moves.ts';
import { RAINBOW, ROCKET_H } from '../../../src/core/sim/codes.ts';
import { WALL_BOTTOM, WALL_RIGHT } from '../../../src/core/sim/v2/layout.ts';

const read = (p: string) => readFileSync(new URL(`../../../examples/games/${p}`, import.meta.url), 'utf8');
let level2: LevelT, level3: LevelT, level1: LevelT;
const game = parseGame(JSON.parse(read('candy-kingdom.game.json')));

beforeAll(() => {
  if (!game.ok) throw new Error(JSON.stringify(game.problems));
  registerGames([game.game]);
  const lv = (f: string) => {
    const r = parseLevelText(read(`candy-kingdom/${f}`), { games: [game.game] });
    if (!r.ok) throw new Error(`${f}: ${JSON.stringify(r.problems)}`);
    return r.level;
  };
  level1 = lv('level_1.json');
  level2 = lv('level_2.json');
  level3 = lv('level_3.json');
});
afterAll(() => forgetGames());

const idx = (id: string) => (game.ok ? game.game.elements.findIndex((e) => e.id === id) : -1);

describe('version 2 analysis counts', () => {
  it('count what the emitters placed, per emitting element, and nothing for elements that do not emit', () => {
    const c = playGames(level2, { tier: 'novice', count: 20 });
    expect(c.emitted).toHaveLength(game.ok ? game.game.elements.length : 0);
    const emitters = [idx('fountain'), idx('mixer')].filter((e) => (level2.cells.flat().some((cell) => cell.tile === (game.ok ? game.game.elements[e].id : ''))));
    expect(emitters.length).toBeGreaterThan(0);
    expect(emitters.reduce((s, e) => s + c.emitted![e], 0)).toBeGreaterThan(0);
    expect(c.emitted![idx('chocolate')]).toBe(0);
  });

  it('count the lost games whose gate stayed shut, and the counters lost games ended with', () => {
    const c = playGames(level3, { tier: 'novice', count: 20 });
    const lost = c.games - c.wins;
    const chest = idx('chest');
    expect(c.gateClosedOnLoss![chest]).toBeLessThanOrEqual(lost);
    expect(c.gateClosedOnLoss![idx('chocolate')]).toBe(0);
    expect(c.counterOnLoss).toHaveLength(1);
    if (lost > 0) expect(c.gateClosedOnLoss![chest] + c.counterOnLoss![0]).toBeGreaterThan(0);
  });

  it('count games lost by a countdown, no more than the games lost', () => {
    const c = playGames(level1, { tier: 'novice', count: 30 });
    expect(c.lostToCountdown).toBeGreaterThan(0);
    expect(c.lostToCountdown).toBeLessThanOrEqual(c.games - c.wins);
  });

  it('merge exactly: two chunks give the counts of one run', () => {
    for (const tier of ['novice', 'average'] as const) {
      const whole = playGames(level1, { tier, count: 12 });
      const parts = mergeCounts(playGames(level1, { tier, count: 5 }), playGames(level1, { tier, start: 5, count: 7 }));
      expect(parts).toEqual(whole);
    }
  });
});

describe('the version 2 move list', () => {
  it('is every tap on a special and every swap swapValid2 accepts, pair by pair, on the example levels as played', () => {
    for (const f of ['level_1.json', 'level_2.json', 'level_3.json', 'level_4.json', 'level_5.json', 'level_6.json']) {
      const r = parseLevelText(read(`candy-kingdom/${f}`), { games: game.ok ? [game.game] : [] });
      if (!r.ok) throw new Error(f);
      const g = createGame(r.level, { seed: 11, record: false });
      for (let m = 0; m < 12 && g.sim.status === 0; m++) {
        const b = g.sim.board, x = b.x!;
        const want: number[] = [];
        for (let i = 0; i < b.n; i++) if (b.tile[i] >= ROCKET_H && b.tile[i] <= RAINBOW) want.push(moveCode(i, TAP));
        for (let i = 0; i < b.n; i++) {
          if (b.col[i] < b.w - 1 && (x.layout.wall[i] & WALL_RIGHT) === 0 && swapValid2(b, x, i, i + 1)) want.push(moveCode(i, RIGHT));
          if (i + b.w < b.n && (x.layout.wall[i] & WALL_BOTTOM) === 0 && swapValid2(b, x, i, i + b.w)) want.push(moveCode(i, DOWN));
        }
        const k = listMoves2(b, x);
        expect(Array.from(b.moves.subarray(0, k)), `${f} move ${m}`).toEqual(want);
        const moves = legalMoves(g);
        if (!moves.length) break;
        playMove(g, moves[m % moves.length]);
      }
    }
  });
});
