// The README's picture (docs/screenshot.png): the built studio at 1440×900 with a version 2 level of the
// Candy-Kingdom example game open (portals, a belt, candy bombs), after an analysis, so the picture shows
// what the studio is for: the board with its layout, the level's properties and its report.
//   npx vite build && npx tsx scripts/readme-screenshot.ts      (SHOT_PORT moves the preview server)
import { readFileSync } from 'node:fs';
import { launchChromium, startPreview } from './preview.ts';

const PORT = Number(process.env.SHOT_PORT ?? 4193);
const LEVEL = 'examples/games/candy-kingdom/level_5.json';
const GAME = 'examples/games/candy-kingdom.game.json';
const OUT = process.env.SHOT_OUT ?? 'docs/screenshot.png';

const preview = await startPreview(PORT);
try {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(preview.url);
  await page.getByRole('grid', { name: 'Level grid' }).waitFor();
  await page.getByLabel('Choose level or pack files to import').setInputFiles(LEVEL);
  await page.getByRole('dialog', { name: 'Game file needed' }).getByLabel('Game file').setInputFiles(GAME);
  const name = (JSON.parse(readFileSync(LEVEL, 'utf8')) as { name: string }).name;
  await page.waitForFunction((name) => [...document.querySelectorAll('input')].some((i) => i.value === name), name);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await page.getByRole('region', { name: 'Analysis report' }).waitFor({ timeout: 120_000 });
  // the notices of the import have said their piece; the picture is of the studio, not of them
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('button[aria-label="Dismiss"]').forEach((b) => b.click()));
  await page.mouse.move(0, 899);
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
  await browser.close();
} finally {
  preview.stop();
}
