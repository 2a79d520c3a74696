// The play-test's longest move (issue 34, item 3): how long a move takes to animate at the default
// speed (1×) on the fixture levels, the worst of them a blocker level under rules version 2, and on
// version 2 example levels (belts and portals, emitters, waves: issue 41 item 3).
//   npm run bench:playtest        (builds first; BENCH_PORT moves the preview server, MOVES the moves per level)
// Two parts. In node, the schedule: the average bot plays each fixture (GAMES games), and each move's
// steps are timed by the play-test's schedule now (src/stores/playTiming.ts) and by the one before issue
// 34 (every slide its own 320 ms, no budget) — computed from the engine's events, not measured. Then in
// Chromium, measured: the built studio, Play-test → Watch a bot at 1×, MOVES moves; each from the Next
// move click to the board's data-animating turning false (the move's last beat, a settle, outlasts the
// tiles' CSS move at the same pace, so that is when the board is still).
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLevelText, type LevelT } from '../src/core/level/index.ts';
import { parseGameText } from '../src/core/game/schema.ts';
import { registerGames } from '../src/core/game/registry.ts';
import { botMove, createGame, playMove } from '../src/core/sim/play.ts';
import { createBot } from '../src/core/sim/bots/index.ts';
import { MOVE_BUDGET_MS, movePace, oldMoveMs } from '../src/stores/playTiming.ts';
import { launchChromium, startPreview } from './preview.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4189);
const MOVES = Number(process.env.MOVES ?? 12);
const GAMES = Number(process.env.GAMES ?? 20);
/** The fixture levels, and version 2 example levels (RULES §12: belts, portals, emitters, waves, countdowns) with their game files (issue 41 item 3). */
const FIXTURES: { file: string; game?: string }[] = [
  { file: 'tests/fixtures/blocker-heavy.json' },
  { file: 'tests/fixtures/ice-crates-jelly.json' },
  { file: 'examples/games/candy-kingdom/level_5.json', game: 'examples/games/candy-kingdom.game.json' },
  { file: 'examples/games/candy-kingdom/level_2.json', game: 'examples/games/candy-kingdom.game.json' },
  { file: 'examples/games/royal-castle/level_1.json', game: 'examples/games/royal-castle.game.json' },
];
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
for (const f of FIXTURES) {
  if (!f.game) continue;
  const g = parseGameText(read(f.game));
  if (!g.ok) throw new Error(`${f.game}: ${JSON.stringify(g)}`);
  registerGames([g.game]);
}

const fixture = (file: string): { text: string; level: LevelT } => {
  const text = read(file);
  const r = parseLevelText(text);
  if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r)}`);
  return { text, level: r.level };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// ---- node: the schedule of every move the average bot plays ----
console.log(`Play-test schedule at 1× (computed from the engine's steps; average bot, ${GAMES} games per level, every move):`);
for (const { file } of FIXTURES) {
  const { level } = fixture(file);
  const before: number[] = [], now: number[] = [];
  let worst = { before: 0, steps: 0, slides: 0 };
  for (let seed = 1; seed <= GAMES; seed++) {
    const g = createGame(level, { seed });
    const bot = createBot('average');
    for (let m = botMove(g, bot); m; m = botMove(g, bot)) {
      const r = playMove(g, m);
      if (!r.ok) break;
      const old = oldMoveMs(r.steps, m.kind === 'swap');
      before.push(old);
      now.push(movePace(r.steps, m.kind === 'swap').totalMs);
      if (old > worst.before) worst = { before: old, steps: r.steps.length, slides: r.steps.reduce((n, st) => n + st.slides.length, 0) };
    }
  }
  console.log(`  ${level.name} (${level.width}×${level.height}, rules ${level.rules ?? 1}): ${before.length} moves`);
  console.log(`    before issue 34: median ${s(median(before))}, longest ${s(Math.max(...before))} (${worst.steps} steps, ${worst.slides} slides)`);
  console.log(`    now:             median ${s(median(now))}, longest ${s(Math.max(...now))} (budget ${s(MOVE_BUDGET_MS)})`);
}

// ---- Chromium: measured on the built studio ----
const preview = await startPreview(PORT);
try {
  const browser = await launchChromium();
  const dir = mkdtempSync(join(tmpdir(), 'bench-playtest-'));
  console.log(`\nMeasured in Chromium at 1× (Watch a bot, average bot, ${MOVES} moves per level; click → data-animating false):`);
  const results: { name: string; longest: number; median: number }[] = [];
  for (const { file, game } of FIXTURES) {
    const { text, level } = fixture(file);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(preview.url);
    await page.getByRole('grid', { name: 'Level grid' }).waitFor();
    const copy = join(dir, file.replace(/\W+/g, '-'));
    writeFileSync(copy, text);
    await page.getByLabel('Choose level or pack files to import').setInputFiles(copy);
    if (game) await page.getByRole('dialog', { name: 'Game file needed' }).getByLabel('Game file').setInputFiles(game);
    await page.waitForFunction((name) => [...document.querySelectorAll('input')].some((i) => i.value === name), level.name);
    await page.getByRole('button', { name: 'Play-test' }).click();
    const dlg = page.getByRole('dialog', { name: 'Play-test' });
    await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
    await dlg.getByLabel('Bot').selectOption('average');
    const board = dlg.getByRole('grid', { name: 'Play-test board' });
    const times: number[] = [];
    for (let k = 0; k < MOVES; k++) {
      if ((await board.getAttribute('data-status')) !== 'playing') break;
      // in the page: from the click to the mutation that sets data-animating="false"
      const ms = await page.evaluate(async () => {
        const svg = document.querySelector<SVGSVGElement>('dialog svg[role="grid"][data-animating]')!;
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Next move')!;
        const t0 = performance.now();
        const done = new Promise<number>((resolve, reject) => {
          setTimeout(() => reject(new Error(`no end of the move within 60 s (data-animating=${svg.getAttribute('data-animating')}, button ${button ? 'found' : 'missing'})`)), 60_000);
          const obs = new MutationObserver(() => {
            if (svg.getAttribute('data-animating') === 'false') {
              obs.disconnect();
              resolve(performance.now());
            }
          });
          obs.observe(svg, { attributes: true, attributeFilter: ['data-animating'] });
        });
        button.click();
        return (await done) - t0;
      });
      times.push(ms);
    }
    await page.close();
    results.push({ name: level.name, longest: Math.max(...times), median: median(times) });
    console.log(`  ${level.name}: ${times.length} moves, median ${s(median(times))}, longest ${s(Math.max(...times))}`);
  }
  const worst = results.reduce((a, b) => (b.longest > a.longest ? b : a));
  console.log(`\nLongest move on the worst fixture (${worst.name}): ${s(worst.longest)} at 1× (the schedule's budget: ${s(MOVE_BUDGET_MS)})`);
  await browser.close();
} finally {
  preview.stop();
}
