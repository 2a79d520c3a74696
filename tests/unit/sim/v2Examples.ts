// The example version 2 levels (examples/games/candy-kingdom, royal-castle), parsed with their games
// registered, for the tests that play every one with every tier (v2Scan.test.ts, v2Gravity.test.ts).
import { readFileSync } from 'node:fs';
import { registerGames } from '../../../src/core/game/registry.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import { parseLevelText, type LevelT } from '../../../src/core/level/index.ts';

const read = (p: string) => readFileSync(new URL(`../../../examples/games/${p}`, import.meta.url), 'utf8');

/** The levels `files` of the example game `name`, its game registered (forgetGames() undoes it). */
export function exampleLevels(name: string, files: string[]): LevelT[] {
  const g = parseGame(JSON.parse(read(`${name}.game.json`)));
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  registerGames([g.game]);
  return files.map((f) => {
    const r = parseLevelText(read(`${name}/${f}`), { games: [g.game] });
    if (!r.ok) throw new Error(`${f}: ${JSON.stringify(r.problems)}`);
    return r.level;
  });
}

/** Every example v2 level: Candy Kingdom's six and Royal Castle's four. */
export const allExampleLevels = (): LevelT[] => [
  ...exampleLevels('candy-kingdom', ['level_1.json', 'level_2.json', 'level_3.json', 'level_4.json', 'level_5.json', 'level_6.json']),
  ...exampleLevels('royal-castle', ['level_1.json', 'level_2.json', 'level_3.json', 'level_4.json']),
];
