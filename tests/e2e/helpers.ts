import { expect, type Page } from '@playwright/test';

export const grid = (page: Page) => page.getByRole('grid', { name: 'Level grid' });
export const cell = (page: Page, x: number, y: number) => grid(page).locator(`[data-x="${x}"][data-y="${y}"]`);

/** Waits until the studio has loaded its workspace. */
export async function openStudio(page: Page, path = './') {
  await page.goto(path);
  await expect(grid(page)).toBeVisible();
}

async function center(page: Page, x: number, y: number) {
  const b = await cell(page, x, y).boundingBox();
  if (!b) throw new Error(`cell ${x},${y} not visible`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Presses on one cell, moves through `via` cells, releases on the last. */
export async function drag(page: Page, from: [number, number], to: [number, number], steps = 6) {
  const a = await center(page, ...from);
  const b = await center(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

export async function pick(page: Page, group: 'tool' | 'layer' | 'value', name: string) {
  await page.getByRole('radio', { name, exact: true }).click();
  void group;
}

/** The level's cells as the DOM shows them: [tile, cover, ground] per cell, row-major. */
export async function boardState(page: Page) {
  return grid(page)
    .locator('[data-x]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-tile'), e.getAttribute('data-cover'), e.getAttribute('data-ground')].join('|')));
}

/** Waits until autosave has written (the status says so). */
export async function waitSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** Types a value into a labelled field and commits it with Enter, as a designer does. */
export async function setField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

/**
 * A level file (rules 2) whose cells are all empty: random tiles dealt from `seed`. Five colours and one
 * "collect 30 red" objective unless given; `game` names a workspace game (classic when left out).
 */
export function levelFile(o: { id: string; name: string; width: number; height: number; moves: number; seed: number; colors?: number; game?: string; objectives?: unknown[] }) {
  return {
    format: 'match3-level',
    version: 1,
    id: o.id,
    name: o.name,
    ...(o.game ? { game: o.game } : {}),
    width: o.width,
    height: o.height,
    moves: o.moves,
    colors: o.colors ?? 5,
    seed: o.seed,
    rules: 2,
    cells: Array.from({ length: o.height }, () => Array.from({ length: o.width }, () => ({}))),
    objectives: o.objectives ?? [{ type: 'collect', color: 'red', count: 30 }],
  };
}

/**
 * Imports a fresh open level (empty cells: random tiles from `seed`, one "collect 30 red" objective) and
 * waits until it is the open level. Tests whose measured figures depend on the board use this instead of
 * "New level", whose seed is random: the same seed plays the same games on every run.
 */
export async function importOpenLevel(page: Page, o: { name: string; width: number; height: number; moves: number; seed: number; colors?: number; objectives?: unknown[] }) {
  const level = levelFile({ id: `e2e-${o.seed}-${o.width}x${o.height}`, ...o });
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: `${o.name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(level)) });
  await expect(page.getByLabel('Level name')).toHaveValue(o.name);
}

/**
 * Closes every notice (before a screenshot): all at once in the page, again until none is left. Clicking
 * them one by one raced a notice that closed itself mid-click, and the click then waited for one that
 * never came (CI on a busy machine, gamePaint.spec).
 */
export async function dismissNotices(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss' });
  await expect(async () => {
    await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('button[aria-label="Dismiss"]').forEach((b) => b.click()));
    await expect(close).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}
