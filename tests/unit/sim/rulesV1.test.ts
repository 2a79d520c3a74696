// Rules version 1 must play exactly as before version 2 existed. The oracle was computed by
// scripts/rules-v1-oracle.ts on commit 95d2858 (the engine before rules version 2): every count of
// every tier (win counts, reshuffles, objective figures, heat maps, the curve) is compared through
// a digest of the whole result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { hashString, levelHash, parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { playGames } from '../../../src/core/sim/index.ts';

const oracle = JSON.parse(readFileSync(new URL('../../fixtures/rules-v1-oracle.json', import.meta.url), 'utf8')) as {
  games: Record<'novice' | 'average' | 'expert', number>;
  levels: Record<string, Record<'novice' | 'average' | 'expert', { games: number; wins: number; reshuffles: number; digest: string }>>;
};

function fixture(): LevelT {
  const r = parseLevelText(readFileSync(new URL('../../fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('fixture does not parse');
  return r.level;
}

/** The level as a version 1 file (no `rules` field), as the oracle saw it. */
function asV1(l: LevelT): LevelT {
  const { rules: _r, ...rest } = l;
  return rest;
}

describe('rules version 1 is unchanged', () => {
  const levels = [...sampleLevels(), fixture()].map(asV1);

  it('the oracle covers every sample level and the blocker-heavy fixture', () => {
    expect(Object.keys(oracle.levels).sort()).toEqual(levels.map((l) => l.name).sort());
  });

  for (const tier of ['novice', 'average', 'expert'] as const)
    it(`${tier}: the same counts as the engine before version 2, on every level`, () => {
      for (const l of levels) {
        const c = playGames(l, { tier, count: oracle.games[tier] });
        const want = oracle.levels[l.name][tier];
        expect({ wins: c.wins, reshuffles: c.reshuffles, rulesVersion: c.rulesVersion }, `${l.name} ${tier}`).toEqual({ wins: want.wins, reshuffles: want.reshuffles, rulesVersion: 1 });
        expect(hashString(JSON.stringify(c)), `${l.name} ${tier}`).toBe(want.digest);
      }
    });

  it('a level that says "rules": 1 is the same level as one that says nothing (hash, file, results)', () => {
    const l = asV1(sampleLevels()[2]);
    expect(levelHash({ ...l, rules: 1 })).toBe(levelHash(l));
    expect(levelHash({ ...l, rules: 2 })).not.toBe(levelHash(l));
    expect(playGames({ ...l, rules: 1 }, { tier: 'average', count: 20 })).toEqual(playGames(l, { tier: 'average', count: 20 }));
  });
});
