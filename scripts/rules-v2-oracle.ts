// Writes tests/fixtures/rules-v2-oracle.json: the analysis counts of the sample levels and the
// blocker-heavy fixture under rules version 2, as a regression oracle for engine speed-ups. It was run
// on commit 0d50ea4 (before the speed work of issue 9, step 1); tests/unit/sim/rulesV2Oracle.test.ts checks
// that the engine still produces exactly these counts. Re-running it on a later commit proves nothing.
// Usage: npx tsx scripts/rules-v2-oracle.ts <commit>
import { readFileSync, writeFileSync } from 'node:fs';
import { hashString, parseLevelText, type LevelT } from '../src/core/level/index.ts';
import { sampleLevels } from '../src/core/files/samples.ts';
import { playGames } from '../src/core/sim/index.ts';

const GAMES = { novice: 200, average: 200, expert: 60 } as const;

const fixture = parseLevelText(readFileSync(new URL('../tests/fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
if (!fixture.ok) throw new Error('fixture does not parse');
const levels: LevelT[] = [...sampleLevels(), fixture.level].map((l) => {
  return { ...l, rules: 2 } as LevelT;
});
const out: Record<string, Record<string, { games: number; wins: number; reshuffles: number; digest: string }>> = {};
for (const l of levels) {
  out[l.name] = {};
  for (const tier of ['novice', 'average', 'expert'] as const) {
    const c = playGames(l, { tier, count: GAMES[tier] });
    out[l.name][tier] = { games: c.games, wins: c.wins, reshuffles: c.reshuffles, digest: hashString(JSON.stringify(c)) };
  }
}
writeFileSync(new URL('../tests/fixtures/rules-v2-oracle.json', import.meta.url), JSON.stringify({ commit: process.argv[2] ?? 'unknown', games: GAMES, levels: out }, null, 2) + '\n');
