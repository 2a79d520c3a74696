// The version 2 counts' digest: every example v2 level (examples/games/candy-kingdom, royal-castle)
// analysed by the CLI with all three tiers and the move-limit curve (300 games, seed 7, one thread), its
// JSON less the timings (gamesPerSecond, durationMs), hashed. A change that keeps every v2 analysis count
// prints the same digest; compare it before and after (as bench-games.ts --fixed is for classic and §11).
//   npx tsx scripts/v2-digest.ts            (OUT=DIR also writes each level's JSON there, to diff)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GAMES = ['candy-kingdom', 'royal-castle'];
const out = process.env.OUT;
if (out) mkdirSync(out, { recursive: true });
const all = createHash('sha256');
for (const g of GAMES) {
  const dir = join('examples/games', g);
  for (const f of readdirSync(dir).filter((x) => /^level_\d+\.json$/.test(x)).sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)))) {
    const json = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'analyze', join(dir, f), '--game', `examples/games/${g}.game.json`, '--tier', 'all', '--curve', '--games', '300', '--seed', '7', '--threads', '1', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const counts = json.replace(/"(gamesPerSecond|durationMs)":[0-9.e+-]+,?/g, '');
    const h = createHash('sha256').update(counts).digest('hex').slice(0, 16);
    all.update(`${g}/${f}:${h}\n`);
    console.log(`${g}/${f}  ${h}`);
    if (out) writeFileSync(join(out, `${g}-${f}`), counts);
  }
}
console.log(`v2 counts digest: ${all.digest('hex').slice(0, 16)}`);
