// Writes tests/fixtures/rules-v1-oracle.json: the analysis counts of the sample levels and the
// blocker-heavy fixture under rules version 1, as a regression oracle for the engine. It was run on
// commit 95d2858 (before rules version 2 existed); tests/unit/sim/rulesV1.test.ts checks that the
// engine still produces exactly these counts. Re-running it on a later commit proves nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { hashString, parseLevelText, type LevelT } from '../src/core/level/index.ts';
import { sampleLevels } from '../src/core/files/samples.ts';
import { playGames } from '../src/core/sim/index.ts';

const GAMES = { novice: 200, average: 200, expert: 60 } as const;

const fixture = parseLevelText(readFileSync(new URL('../tests/fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
if (!fixture.ok) throw new Error('fixture does not parse');
const levels: LevelT[] = [...sampleLevels(), fixture.level].map((l) => {
  const { rules: _r, ...v1 } = l as LevelT & { rules?: number };
  return v1 as LevelT;
});
const out: Record<string, Record<string, { games: number; wins: number; reshuffles: number; digest: string }>> = {};
for (const l of levels) {
  out[l.name] = {};
  for (const tier of ['novice', 'average', 'expert'] as const) {
    const c = playGames(l, { tier, count: GAMES[tier] });
    out[l.name][tier] = { games: c.games, wins: c.wins, reshuffles: c.reshuffles, digest: hashString(JSON.stringify(c)) };
  }
}
writeFileSync(new URL('../tests/fixtures/rules-v1-oracle.json', import.meta.url), JSON.stringify({ commit: '95d2858', games: GAMES, levels: out }, null, 2) + '\n');
