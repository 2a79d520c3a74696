// Bots that play any game (issue 29 item 4, and issue 38 item 4 for version 2 games, RULES §12): on
// every level of the example games the tiers stay ordered, expert ≥ average ≥ novice, within the
// noise of the games played.
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { playGames } from '../../../src/core/sim/index.ts';

const root = new URL('../../../examples/games/', import.meta.url);
/** The example games and how many levels each has at least: two §11 games, two version 2 games (§12). */
const GAMES = { 'sweet-saga': 5, 'home-garden': 5, 'candy-kingdom': 6, 'royal-castle': 4 } as const;
const COUNT = { novice: 150, average: 150, expert: 80 } as const;

/** The lower tier may beat the higher one only by sampling noise: 2.5 standard errors of the difference, plus 2 points. */
function slack(p1: number, n1: number, p2: number, n2: number): number {
  return 2.5 * Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2) + 0.02;
}

describe('the tiers stay ordered on game levels', () => {
  afterAll(() => forgetGames(Object.keys(GAMES)));
  for (const [game, least] of Object.entries(GAMES)) {
    const def = JSON.parse(readFileSync(new URL(`${game}.game.json`, root), 'utf8')) as GameDef;
    const files = readdirSync(new URL(`${game}/`, root)).filter((f) => f.endsWith('.json')).sort();
    it(`${game}: expert ≥ average ≥ novice on each of its ${files.length} levels`, () => {
      registerGames([def]);
      expect(files.length).toBeGreaterThanOrEqual(least);
      for (const f of files) {
        const level = JSON.parse(readFileSync(new URL(`${game}/${f}`, root), 'utf8')) as LevelT;
        const rate = {} as Record<keyof typeof COUNT, number>;
        for (const tier of ['novice', 'average', 'expert'] as const) {
          const c = playGames(level, { tier, count: COUNT[tier], curve: false });
          expect(c.games).toBe(COUNT[tier]);
          rate[tier] = c.wins / c.games;
        }
        const msg = `${game}/${f}: novice ${rate.novice}, average ${rate.average}, expert ${rate.expert}`;
        expect(rate.novice - rate.average, msg).toBeLessThanOrEqual(slack(rate.novice, COUNT.novice, rate.average, COUNT.average));
        expect(rate.average - rate.expert, msg).toBeLessThanOrEqual(slack(rate.average, COUNT.average, rate.expert, COUNT.expert));
      }
    }, 600_000);
  }
});
