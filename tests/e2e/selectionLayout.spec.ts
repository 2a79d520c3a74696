// Version 2 layouts with the Select tool, the start preview and multi-cell paints (issue 41 item 2):
// copy, paste and rotate carry a wall, a belt and a portal with their cells (one undo step each); Preview
// start draws the layout over the dealt board; a cake painted where it does not fit is refused with
// §12.4's reason, in English and 简体中文, erasing one cell of a cake takes the whole piece off, and the
// brush where it fits lays one 2×2 piece on its anchor in one undo step.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { cell, dismissNotices, drag, grid, openStudio, pick } from './helpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const SHOTS = 'test-results/screenshots';
const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const marks = (page: Page) => grid(page).getByTestId('layout-marks');
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Imports a Candy Kingdom level (the game file once, when the studio asks for it) and opens it. */
async function importCandy(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }, name: string) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await expect(question.or(list(page).getByRole('listitem', { name, exact: true }))).toBeVisible();
  if (await question.isVisible()) await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(page.getByLabel('Level name')).toHaveValue(name);
  await dismissNotices(page);
}

async function hoverCell(page: Page, x: number, y: number) {
  const b = (await cell(page, x, y).boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
}

async function chinese(page: Page, on: boolean) {
  await page.getByRole('button', { name: on ? 'Settings' : '设置', exact: true }).click();
  await page.getByRole('dialog', { name: on ? 'Settings' : '设置' }).getByLabel('Language', { exact: true }).selectOption(on ? 'zh' : 'en');
  await page.keyboard.press('Escape');
}

test('Select on a version 2 level: copy, paste and rotate carry a wall, a belt and a portal; one undo step each', async ({ page }) => {
  // "Bears below" with a wall, a short belt and a portal added inside D1–F3
  const source = JSON.parse(await readFile('examples/games/candy-kingdom/level_5.json', 'utf8'));
  const level = {
    ...source,
    id: 'e2e-sel-layout',
    name: 'Bears with a block',
    walls: [{ x: 3, y: 0, side: 'bottom' }],
    belts: [...source.belts, { cells: [[3, 1], [4, 1]] }],
    portals: [...source.portals, { from: [4, 0], to: [5, 2] }],
  };
  await openStudio(page);
  await importCandy(page, { name: 'bears-block.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(level)) }, 'Bears with a block');
  await expect(marks(page).locator('[data-portal]')).toHaveCount(3);

  await pick(page, 'tool', 'Select');
  await drag(page, [3, 0], [5, 2]);
  await page.keyboard.press('Control+c');
  await expect(status(page, 'Copied 3×3 cells (every layer) with 3 layout entries inside them')).toBeVisible();
  await hoverCell(page, 2, 4);
  await page.keyboard.press('Control+v');
  // the block's wall (its top-left's bottom edge), belt and portal, at C5
  await expect(marks(page).locator('[data-wall="2,4,bottom"]')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^C6: .*belt 3, cell 1 of 2/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^D5: .*portal 4 entry/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^E7: .*portal 4 exit/ })).toHaveCount(1);
  await grid(page).screenshot({ path: `${SHOTS}/selection-layout-paste.png` });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(marks(page).locator('[data-portal]')).toHaveCount(3);
  await expect(marks(page).locator('[data-wall="2,4,bottom"]')).toHaveCount(0);

  // rotate the block clockwise: the wall goes to the matching edge, the belt and the portal turn with their cells
  await drag(page, [3, 0], [5, 2]);
  await page.getByRole('button', { name: 'Rotate clockwise' }).click();
  await expect(marks(page).locator('[data-wall="4,0,right"]')).toHaveCount(1);
  await expect(marks(page).locator('[data-wall="3,0,bottom"]')).toHaveCount(0);
  await expect(grid(page).getByRole('gridcell', { name: /^E1: .*belt 2, cell 1 of 2/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^E2: .*belt 2, cell 2 of 2/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^F2: .*portal 3 entry/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^D3: .*portal 3 exit/ })).toHaveCount(1);
  await grid(page).screenshot({ path: `${SHOTS}/selection-layout-rotated.png` });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(marks(page).locator('[data-wall="3,0,bottom"]')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^D2: .*belt 2, cell 1 of 2/ })).toHaveCount(1);

  // a block whose edge cuts the big belt: moved, the belt stays where it was, and the line says so
  await drag(page, [1, 7], [2, 8]);
  await drag(page, [1, 7], [1, 6]);
  await expect(status(page, '1 layout entry crosses the selection’s edge: left where it was.')).toBeVisible();
  await expect(marks(page).locator('[data-belt="1"] line')).toHaveCount(14);
  await chinese(page, true);
  await expect(status(page, '1 个布局项跨越选区边缘：留在原处。')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/selection-layout-zh.png` });
  await chinese(page, false);
});

test('Preview start draws the layout over the dealt board: portals, belt, hidden outlines, walls and spawners', async ({ page }) => {
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_5.json', 'Bears below');
  await page.getByRole('button', { name: 'Preview start' }).click();
  const board = page.getByRole('grid', { name: 'Start board of game 1' });
  const art = board.getByTestId('layout-marks');
  await expect(art.locator('[data-portal]')).toHaveCount(2);
  await expect(art.locator('[data-belt] line')).toHaveCount(14);
  await expect(art.locator('[data-hidden]')).toHaveCount(3);
  await expect(board.getByRole('gridcell', { name: /^B4: .*portal 1 entry/ })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/start-preview-layout-en.png` });
  await chinese(page, true);
  const zh = page.getByRole('grid', { name: '第 1 局的开局棋盘' });
  await expect(zh.getByRole('gridcell', { name: /^B4：.*传送门 1 入口/ })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/start-preview-layout-zh.png` });
  await chinese(page, false);

  // walls and spawners too
  await page.getByRole('button', { name: 'Preview start' }).click();
  await importCandy(page, 'examples/games/candy-kingdom/level_6.json', 'Cherry cannons');
  await page.getByRole('button', { name: 'Preview start' }).click();
  const art6 = page.getByRole('grid', { name: 'Start board of game 1' }).getByTestId('layout-marks');
  await expect(art6.locator('[data-wall]')).toHaveCount(10);
  await expect(art6.locator('[data-spawner]')).toHaveCount(2);
});

test('a cake painted where it does not fit is refused with §12.4\'s reason in both languages; erasing one of its cells takes it off; painted where it fits it is one piece, one undo step', async ({ page }) => {
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_3.json', 'Cake and keys');
  const cake = marks(page).locator('[data-piece="cake"]');
  await expect(cake).toHaveCount(1);
  await pick(page, 'layer', 'Tile');
  await page.getByRole('radio', { name: /^Cake bomb/ }).first().click();
  await pick(page, 'tool', 'Brush');
  // on the bottom-right corner a 2×2 cake runs off the board
  await cell(page, 8, 8).click();
  await expect(status(page, 'Not painted — I9: "cake" is 2×2: it does not fit on the board here.')).toBeVisible();
  await expect(cell(page, 8, 8)).not.toHaveAttribute('data-tile', 'cake');
  // C3 would cover D3, which the cake at D2 already covers
  await cell(page, 2, 1).click();
  await expect(status(page, /^Not painted — D2: covered by "cake" at C2/)).toBeVisible();
  await expect(cake).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/cake-refused-en.png` });
  await chinese(page, true);
  await expect(status(page, /^未绘制——D2：/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cake-refused-zh.png` });
  await chinese(page, false);

  // the Erase tool on E3, a cell the cake covers: the whole cake goes, in one step
  await pick(page, 'tool', 'Erase');
  await cell(page, 4, 2).click();
  await expect(cake).toHaveCount(0);
  await expect(cell(page, 3, 1)).toHaveAttribute('data-tile', 'random');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cake).toHaveCount(1);

  // the brush where a cake fits (F2, covering F2–G3): one 2×2 piece on its anchor, one undo step
  await pick(page, 'tool', 'Brush');
  await cell(page, 5, 1).click();
  await expect(cake).toHaveCount(2);
  await expect(marks(page).locator('[data-piece="cake"][data-at="5,1"]')).toHaveAttribute('data-size', '2x2');
  await expect(cell(page, 5, 1)).toHaveAttribute('data-tile', 'cake');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cake).toHaveCount(1);
  await expect(cell(page, 5, 1)).not.toHaveAttribute('data-tile', 'cake');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(marks(page).locator('[data-piece="cake"][data-at="5,1"]')).toHaveCount(1);
});
