// The timed process of scripts/v2-ab.ts (bundled with esbuild, run by node): imports the bundled
// engines named on the command line, plays each v2 example level and its classic twin in rounds of
// the same games, every engine in turn (the order flipped each round), CPU time per playGames.
//   node run.mjs <root> <rounds> <tiers,> <levels,> <engine.mjs>...   (prints one JSON line)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LevelT } from '../src/core/level/index.ts';

type Engine = { playGames: typeof import('../src/core/sim/analysis/play.ts').playGames; registerGames: typeof import('../src/core/game/registry.ts').registerGames };
type Tier = 'novice' | 'average' | 'expert';
const [root, roundsArg, tiersArg, levelsArg, ...files] = process.argv.slice(2);
const GAMES: Record<Tier, number> = { novice: 200, average: 60, expert: 20 };
const unreachable: LevelT['objectives'] = [{ type: 'score', target: 10_000_000 }];
const read = (p: string) => JSON.parse(readFileSync(join(root, 'examples/games', p), 'utf8'));
const engines: Engine[] = [];
for (const f of files) engines.push((await import(f)) as Engine);

/** A level with an unreachable score and its classic twin (as bench-games.ts's gameCase). */
function pair(game: string, file: string): { level: LevelT; twin: LevelT } {
  const l = read(`${game}/${file}`) as LevelT;
  const twin = { ...l, version: 1, objectives: unreachable, cells: l.cells.map((r) => r.map((c) => (c.tile === 'void' ? { tile: 'void' } : {}))) } as LevelT;
  for (const k of ['game', 'spawn', 'portals', 'belts', 'walls', 'spawners', 'hidden'] as const) delete (twin as Record<string, unknown>)[k];
  return { level: { ...l, objectives: unreachable }, twin };
}
const cpu = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const out: Record<string, number[][]> = {};
for (const name of levelsArg.split(',')) {
  const [game, n] = name.split(':');
  for (const e of engines) e.registerGames([read(`${game}.game.json`)]);
  const { level, twin } = pair(game, `level_${n}.json`);
  for (const tier of tiersArg.split(',') as Tier[]) {
    const count = GAMES[tier], rows: number[][] = [];
    for (const e of engines) for (const l of process.env.NOTWIN ? [level] : [level, twin]) e.playGames(l, { tier, start: 5000, count, curve: false });
    for (let r = 0; r < Number(roundsArg); r++) {
      const row = new Array<number>(2 * engines.length).fill(0), start = r * count;
      const order = engines.map((_, k) => k);
      if (r % 2 === 1) order.reverse();
      for (const k of order) {
        row[2 * k] = cpu(() => engines[k].playGames(level, { tier, start, count, curve: false }));
        // NOTWIN=1 (profiles of the v2 level alone): the twin is not played
        if (!process.env.NOTWIN) row[2 * k + 1] = cpu(() => engines[k].playGames(twin, { tier, start, count, curve: false }));
      }
      rows.push(row);
    }
    out[`${name} ${tier}`] = rows;
  }
}
console.log(JSON.stringify(out));
