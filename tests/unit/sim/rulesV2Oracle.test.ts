// Rules version 2 must play exactly as before the engine speed-ups of issue 9. The oracle was computed
// by scripts/rules-v2-oracle.ts on commit 0d50ea4 (the engine before those speed-ups): every count of
// every tier (win counts, reshuffles, objective figures, heat maps, the curve) is compared through a
// digest of the whole result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { hashString, parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { playGames } from '../../../src/core/sim/index.ts';

const oracle = JSON.parse(readFileSync(new URL('../../fixtures/rules-v2-oracle.json', import.meta.url), 'utf8')) as {
  games: Record<'novice' | 'average' | 'expert', number>;
  levels: Record<string, Record<'novice' | 'average' | 'expert', { games: number; wins: number; reshuffles: number; digest: string }>>;
};

function fixture(): LevelT {
  const r = parseLevelText(readFileSync(new URL('../../fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('fixture does not parse');
  return r.level;
}

describe('rules version 2 plays as before the speed-ups', () => {
  const levels = [...sampleLevels(), fixture()].map((l) => ({ ...l, rules: 2 }) as LevelT);

  it('the oracle covers every sample level and the blocker-heavy fixture', () => {
    expect(Object.keys(oracle.levels).sort()).toEqual(levels.map((l) => l.name).sort());
  });

  for (const tier of ['novice', 'average', 'expert'] as const)
    it(`${tier}: the same counts as the engine before the speed-ups, on every level`, () => {
      for (const l of levels) {
        const c = playGames(l, { tier, count: oracle.games[tier] });
        const want = oracle.levels[l.name][tier];
        expect({ wins: c.wins, reshuffles: c.reshuffles, rulesVersion: c.rulesVersion }, `${l.name} ${tier}`).toEqual({ wins: want.wins, reshuffles: want.reshuffles, rulesVersion: 2 });
        expect(hashString(JSON.stringify(c)), `${l.name} ${tier}`).toBe(want.digest);
      }
    });
});
