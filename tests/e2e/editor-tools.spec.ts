// The editing tools designers expect (issue 10): Select with copy/cut/paste/move/flip/rotate/delete,
// Mirror, resize Anchor, layer show/hide and dimming, right-click erase, and the shortcuts dialog.
import { test, expect, type Page } from '@playwright/test';
import { boardState, cell, drag, grid, openStudio, pick, setField } from './helpers.ts';

const SHOTS = 'test-results/screenshots';

async function hoverCell(page: Page, x: number, y: number) {
  const b = (await cell(page, x, y).boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
}
const state = async (page: Page, x: number, y: number) =>
  [await cell(page, x, y).getAttribute('data-tile'), await cell(page, x, y).getAttribute('data-cover'), await cell(page, x, y).getAttribute('data-ground')].join('|');

/** A fresh level with a recognisable 2×2 block at the top-left: iced red on jelly, a crate, a chain, blue. */
async function levelWithBlock(page: Page) {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'tool', 'Brush');
  await pick(page, 'value', 'Red (circle)');
  await cell(page, 0, 0).click();
  await pick(page, 'value', 'Crate, 2 hp');
  await cell(page, 1, 0).click();
  await pick(page, 'value', 'Blue (diamond)');
  await cell(page, 0, 1).click();
  await cell(page, 1, 1).click();
  await pick(page, 'layer', 'Cover');
  await pick(page, 'value', 'Ice, 2 layers');
  await cell(page, 0, 0).click();
  await pick(page, 'value', 'Chain');
  await cell(page, 0, 1).click();
  await pick(page, 'layer', 'Ground');
  await pick(page, 'value', 'Jelly, 1 layer');
  await cell(page, 0, 0).click();
  await pick(page, 'layer', 'Tile');
  return { a: await state(page, 0, 0), b: await state(page, 1, 0), c: await state(page, 0, 1), d: await state(page, 1, 1) };
}

test('Select with the mouse: copy and paste under the pointer, move by dragging, flip, rotate, delete, cut; each one undo step', async ({ page }) => {
  const { a, b, c, d } = await levelWithBlock(page);
  expect(a).toBe('red|ice:2|jelly:1');
  await pick(page, 'tool', 'Select');
  await drag(page, [0, 0], [1, 1]);
  await expect(grid(page).getByTestId('selection')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('Selected: 2×2');
  await page.screenshot({ path: `${SHOTS}/editor-select.png` });

  // copy, then paste with the top-left at the cell under the pointer
  await page.keyboard.press('Control+c');
  await hoverCell(page, 5, 5);
  await page.keyboard.press('Control+v');
  expect([await state(page, 5, 5), await state(page, 6, 5), await state(page, 5, 6), await state(page, 6, 6)]).toEqual([a, b, c, d]);
  expect(await state(page, 0, 0)).toBe(a); // a copy leaves the source
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 5, 5)).toHaveAttribute('data-tile', 'random');
  await expect(cell(page, 6, 6)).toHaveAttribute('data-tile', 'random');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(cell(page, 5, 5)).toHaveAttribute('data-cover', 'ice:2');

  // the pasted block is now the selection: drag it by two columns, every layer travels
  await drag(page, [5, 5], [7, 5]);
  expect([await state(page, 7, 5), await state(page, 8, 5), await state(page, 7, 6), await state(page, 8, 6)]).toEqual([a, b, c, d]);
  expect(await state(page, 5, 5)).toBe('random|none|none');
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await state(page, 5, 5)).toBe(a);
  await page.getByRole('button', { name: 'Redo' }).click();

  // flip left–right with the button, top–bottom with the key
  await page.getByRole('button', { name: 'Flip left–right' }).click();
  expect([await state(page, 7, 5), await state(page, 8, 5)]).toEqual([b, a]);
  await page.keyboard.press('y');
  expect([await state(page, 7, 5), await state(page, 8, 6)]).toEqual([d, a]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  expect([await state(page, 7, 5), await state(page, 8, 5), await state(page, 7, 6), await state(page, 8, 6)]).toEqual([a, b, c, d]);

  // rotate clockwise: the bottom-left cell comes to the top-left
  await page.keyboard.press('z');
  expect([await state(page, 7, 5), await state(page, 8, 5), await state(page, 7, 6), await state(page, 8, 6)]).toEqual([c, a, d, b]);
  await page.getByRole('button', { name: 'Rotate counter-clockwise' }).click();
  expect([await state(page, 7, 5), await state(page, 8, 5)]).toEqual([a, b]);

  // Delete clears every layer of the selection
  await page.keyboard.press('Delete');
  expect(await state(page, 7, 5)).toBe('random|none|none');
  await page.keyboard.press('Control+z');
  expect(await state(page, 7, 5)).toBe(a);

  // cut the original block: gone from the board, and it pastes back
  await drag(page, [0, 0], [1, 1]);
  await page.keyboard.press('Control+x');
  expect(await state(page, 0, 0)).toBe('random|none|none');
  await hoverCell(page, 0, 7);
  await page.keyboard.press('Control+v');
  expect([await state(page, 0, 7), await state(page, 1, 8)]).toEqual([a, d]);
});

test('Select with the keyboard: Space and Shift+arrows select, Ctrl+C, Ctrl+V at the cursor in another level, Alt+arrows move', async ({ page }) => {
  const { a, b, c, d } = await levelWithBlock(page);
  await page.keyboard.press('s');
  await expect(page.getByRole('radio', { name: 'Select', exact: true })).toHaveAttribute('aria-checked', 'true');
  await grid(page).focus();
  await page.keyboard.press('ArrowRight'); // the cursor appears at (0, 0) and moves to (1, 0)
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('Selected: 2×2');
  await page.keyboard.press('Control+c');
  await expect(page.getByRole('status').filter({ hasText: 'Copied 2×2 cells' })).toBeVisible();

  // nudge the selected cells one column right with Alt+→ (one undo step)
  await page.keyboard.press('Alt+ArrowRight');
  expect([await state(page, 1, 0), await state(page, 2, 1)]).toEqual([a, d]);
  expect(await state(page, 0, 0)).toBe('random|none|none');
  await page.keyboard.press('Control+z');
  expect(await state(page, 0, 0)).toBe(a);

  // another level: paste at the keyboard cursor
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'tool', 'Select');
  await grid(page).focus();
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  await page.mouse.move(5, 5); // the pointer is off the board
  await page.keyboard.press('Control+v');
  expect([await state(page, 3, 3), await state(page, 4, 3), await state(page, 3, 4), await state(page, 4, 4)]).toEqual([a, b, c, d]);
  await page.keyboard.press('Control+z');
  expect((await boardState(page)).every((s) => s === 'random|none|none')).toBe(true);
});

test('Mirror: brush, rectangle, fill and erase act on the mirrored cells, each one undo step', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  const mirror = page.getByRole('combobox', { name: 'Mirror' });
  await mirror.selectOption('xy');
  await pick(page, 'value', 'Green (square)');
  await cell(page, 1, 2).click();
  for (const [x, y] of [[1, 2], [7, 2], [1, 6], [7, 6]]) await expect(cell(page, x, y)).toHaveAttribute('data-tile', 'green');
  await page.screenshot({ path: `${SHOTS}/editor-mirror.png` });
  await page.getByRole('button', { name: 'Undo' }).click();
  for (const [x, y] of [[1, 2], [7, 2], [1, 6], [7, 6]]) await expect(cell(page, x, y)).toHaveAttribute('data-tile', 'random');

  // rectangle, left–right
  await mirror.selectOption('x');
  await pick(page, 'tool', 'Rectangle');
  await pick(page, 'layer', 'Cover');
  await pick(page, 'value', 'Chain');
  await drag(page, [0, 0], [1, 1]);
  for (const [x, y] of [[0, 0], [1, 1], [7, 0], [8, 1]]) await expect(cell(page, x, y)).toHaveAttribute('data-cover', 'chain');
  await expect(cell(page, 2, 0)).toHaveAttribute('data-cover', 'none');

  // erase, left–right: one click clears both sides
  await pick(page, 'tool', 'Erase');
  await cell(page, 0, 0).click();
  await expect(cell(page, 0, 0)).toHaveAttribute('data-cover', 'none');
  await expect(cell(page, 8, 0)).toHaveAttribute('data-cover', 'none');
  await expect(cell(page, 7, 0)).toHaveAttribute('data-cover', 'chain');

  // fill, top–bottom, on the ground layer behind a wall of voids in row 4
  await page.keyboard.press('m'); // x → y
  await expect(mirror).toHaveValue('y');
  await pick(page, 'layer', 'Tile');
  await pick(page, 'tool', 'Rectangle');
  await mirror.selectOption('off');
  await pick(page, 'value', 'Void (no cell)');
  await drag(page, [0, 4], [8, 4]);
  await mirror.selectOption('y');
  await pick(page, 'layer', 'Ground');
  await pick(page, 'tool', 'Fill');
  await pick(page, 'value', 'Jelly, 2 layers');
  await cell(page, 4, 0).click();
  await expect(grid(page).locator('[data-ground="jelly:2"]')).toHaveCount(72);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(grid(page).locator('[data-ground="jelly:2"]')).toHaveCount(0);
});

test('resize with an anchor keeps the corner where it was', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Yellow (star)');
  await cell(page, 8, 8).click();
  await pick(page, 'value', 'Purple (triangle)');
  await cell(page, 0, 0).click();
  await page.getByRole('combobox', { name: 'Anchor' }).selectOption('bottom-right');
  await setField(page, 'Width', '12');
  await expect(cell(page, 11, 8)).toHaveAttribute('data-tile', 'yellow');
  await expect(cell(page, 3, 0)).toHaveAttribute('data-tile', 'purple');
  await setField(page, 'Height', '6');
  await expect(grid(page).locator('[data-x]')).toHaveCount(72);
  await expect(cell(page, 11, 5)).toHaveAttribute('data-tile', 'yellow');
  await page.getByRole('combobox', { name: 'Anchor' }).selectOption('right');
  await setField(page, 'Width', '10');
  await expect(cell(page, 9, 5)).toHaveAttribute('data-tile', 'yellow');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 8, 8)).toHaveAttribute('data-tile', 'yellow');
  await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'purple');
});

test('layers: show and hide, the others dimmed while painting one; right-click erases', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Red (circle)');
  await drag(page, [0, 0], [3, 0]);
  await pick(page, 'layer', 'Cover');
  await pick(page, 'value', 'Ice, 1 layer');
  await cell(page, 0, 0).click();
  await expect(grid(page)).toHaveAttribute('data-dimmed-layers', 'tile ground');
  await page.screenshot({ path: `${SHOTS}/editor-layers-dimmed.png` });

  // hide the cover layer (click and Shift+2), then show it again
  const showCover = page.getByRole('checkbox', { name: 'Show Cover layer' });
  await showCover.click();
  await expect(showCover).toHaveAttribute('aria-checked', 'false');
  await expect(grid(page)).toHaveAttribute('data-hidden-layers', 'cover');
  await expect(grid(page).locator('[data-art="0-0"] .layer-cover')).toBeHidden();
  await page.keyboard.press('Shift+Digit2');
  await expect(grid(page)).toHaveAttribute('data-hidden-layers', '');
  await expect(grid(page).locator('[data-art="0-0"] .layer-cover')).toBeVisible();

  // painting on a hidden layer shows it again, and says so
  await showCover.click();
  await cell(page, 1, 0).click();
  await expect(cell(page, 1, 0)).toHaveAttribute('data-cover', 'ice:1');
  await expect(showCover).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'The Cover layer was hidden' })).toBeVisible();

  // Select and Eyedropper do not dim: they see every layer
  await pick(page, 'tool', 'Select');
  await expect(grid(page)).toHaveAttribute('data-dimmed-layers', '');

  // right-click erases on the active layer (a drag of the right button too), as one step
  await pick(page, 'tool', 'Brush');
  await pick(page, 'layer', 'Tile');
  await cell(page, 2, 0).click({ button: 'right' });
  await expect(cell(page, 2, 0)).toHaveAttribute('data-tile', 'random');
  await expect(cell(page, 1, 0)).toHaveAttribute('data-tile', 'red');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 2, 0)).toHaveAttribute('data-tile', 'red');
});

test('? lists every shortcut, from the tool table', async ({ page }) => {
  await openStudio(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const [key, what] of [['S', 'Select'], ['B', 'Brush'], ['Ctrl+C', 'Copy the selection'], ['Ctrl+V', 'Paste at the cell under the pointer'], ['M', 'Mirror'], ['?', 'Show this list']]) {
    await expect(dialog.getByRole('row').filter({ hasText: what }).first()).toContainText(key);
  }
  await page.screenshot({ path: `${SHOTS}/editor-shortcuts.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // the palette's ? button opens it too
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('the new tools speak Chinese: Select, Mirror, Anchor, the shortcuts dialog, copy and paste', async ({ page }) => {
    await page.goto('./');
    await expect(grid(page)).toBeVisible();
    await page.getByRole('button', { name: '新建关卡', exact: true }).click();
    await page.getByRole('radio', { name: '绿色（方形）', exact: true }).click();
    await cell(page, 0, 0).click();
    await page.getByRole('combobox', { name: '镜像' }).selectOption('x');
    await expect(page.getByRole('combobox', { name: '镜像' }).locator('option:checked')).toHaveText('左右');
    await expect(page.getByRole('combobox', { name: '锚点' })).toBeVisible();
    await page.getByRole('radio', { name: '选择', exact: true }).click();
    await drag(page, [0, 0], [0, 0]);
    await page.getByRole('button', { name: '复制', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '已复制 1×1 个格子' })).toBeVisible();
    await hoverCell(page, 4, 4);
    await page.keyboard.press('Control+v');
    await expect(cell(page, 4, 4)).toHaveAttribute('data-tile', 'green');
    await page.screenshot({ path: `${SHOTS}/editor-select-zh.png` });
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toContainText('复制选区');
  });
});
