// Issue 41: a multi-cell element's settings in the game editor (RULES §12.4: the piece is static). A
// size over 1 × 1 turns Falls, Can be swapped, Brought down to exits and Spreads off — shown unticked
// and disabled with the reason, the turned-off ones named beside the size — and the file is written
// without them (it was refused with `not with "size"` beside each box); at 1 × 1 they come back. A
// sized tile cannot be a coloured piece, and is offered disabled as an emitted element. en and 简体中文,
// screenshots at 1024 and 1440 px.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { exported, useChinese } from './gameHelpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';
const SHOTS = '/tmp/shots-editor41';

const WORDS = {
  en: {
    editGame: 'Edit game', dialog: 'Game', behaviours: 'Behaviours (version 2)', size: 'Size', width: 'Width', height: 'Height',
    falls: 'Falls', swappable: 'Can be swapped', exit: 'Brought down to exits', spreads: 'Spreads', colored: 'Coloured piece',
    never: 'A 2 × 2 piece never moves: it does not fall, swap, leave at an exit or spread.',
    off: 'Turned off for a 2 × 2 piece: Falls, Can be swapped, Spreads. They come back at size 1 × 1.',
    notColored: 'A 2 × 2 piece cannot be a coloured piece: set its size to 1 × 1 first.',
    emitted: 'Emitted element', notEmitted: 'Chocolate (a multi-cell piece: never emitted)',
  },
  zh: {
    editGame: '编辑游戏', dialog: '游戏', behaviours: '行为（版本 2）', size: '尺寸', width: '宽度', height: '高度',
    falls: '会下落', swappable: '可以交换', exit: '需送到出口', spreads: '蔓延', colored: '彩色棋子',
    never: '2 × 2 的棋子固定不动：不会下落、交换、从出口离开或蔓延。',
    off: '已为 2 × 2 的棋子关闭：会下落、可以交换、蔓延。尺寸改回 1 × 1 后恢复。',
    notColored: '2 × 2 的棋子不能是彩色棋子：请先把尺寸设为 1 × 1。',
    emitted: '产生的元素', notEmitted: 'Chocolate（多格棋子：不能被发射）',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

async function shots(page: Page, at: Locator, name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 768 });
    await at.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/multicell-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Chocolate (a spreading tile) made to fall and swap, then sized 2 × 2: what the size turns off. */
async function sizeChocolate(page: Page, w: Words) {
  await page.getByRole('button', { name: w.editGame }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog });
  const choc = dialog.getByRole('group', { name: 'Chocolate', exact: true });
  const box = (name: string) => choc.getByRole('checkbox', { name, exact: true });
  await box(w.falls).check();
  await box(w.swappable).check();
  await expect(box(w.spreads)).toBeChecked();
  await choc.locator('summary', { hasText: w.behaviours }).click();
  const size = choc.getByRole('group', { name: w.size, exact: true });
  await size.getByLabel(w.width, { exact: true }).fill('2');
  await size.getByLabel(w.height, { exact: true }).fill('2');
  return { dialog, choc, box, size };
}

test('a 2 × 2 element: Falls, Can be swapped, Spreads turned off and disabled with the reason, said beside the size, back at 1 × 1; the exported file has none of them', async ({ page }) => {
  const w = WORDS.en;
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await page.getByRole('list', { name: 'Levels' }).getByText('Chocolate factory').click();
  const { dialog, choc, box, size } = await sizeChocolate(page, w);

  for (const name of [w.falls, w.swappable, w.exit, w.spreads]) {
    await expect(box(name)).toBeDisabled();
    await expect(box(name)).not.toBeChecked();
    await expect(box(name)).toHaveAccessibleDescription(new RegExp(w.never.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  await expect(choc.getByText(w.never)).toBeVisible();
  await expect(size.locator('.turned-off')).toHaveText(w.off);
  await expect(choc.getByRole('checkbox', { name: w.colored })).toBeDisabled();
  await expect(choc.getByText(w.notColored)).toBeVisible();
  await expect(choc.getByText('not with "size"')).toHaveCount(0); // nothing refused: the file is written without them

  // another element's emitter: the 2 × 2 piece is offered, disabled, with why
  const cherry = dialog.getByRole('group', { name: 'Cherry', exact: true });
  await cherry.locator('summary', { hasText: w.behaviours }).click();
  const option = cherry.getByLabel(w.emitted).locator('option', { hasText: w.notEmitted });
  await expect(option).toHaveCount(1);
  await expect(option).toBeDisabled();

  await shots(page, choc, 'en');
  const { game } = await exported(page, dialog);
  const out = game.elements.find((e: { id: string }) => e.id === 'chocolate');
  expect(out.size).toEqual([2, 2]);
  expect(out.falls ?? false).toBe(false);
  expect(out.swappable ?? false).toBe(false);
  expect(out.spread).toBeUndefined();

  // back at 1 × 1: the boxes as they were
  await size.getByLabel(w.width, { exact: true }).fill('1');
  await size.getByLabel(w.height, { exact: true }).fill('1');
  for (const name of [w.falls, w.swappable, w.spreads]) {
    await expect(box(name)).toBeEnabled();
    await expect(box(name)).toBeChecked();
  }
  await expect(size.locator('.turned-off')).toHaveCount(0);
  await expect(choc.getByRole('checkbox', { name: w.colored })).toBeEnabled();
  const back = (await exported(page, dialog)).game.elements.find((e: { id: string }) => e.id === 'chocolate');
  expect(back).toMatchObject({ falls: true, swappable: true, spread: 'when-none-hit' });
  expect(back.size).toBeUndefined();
});

test('in 简体中文: the reasons and what the size turned off, in words', async ({ page }) => {
  const w = WORDS.zh;
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await page.getByRole('list', { name: 'Levels' }).getByText('Chocolate factory').click();
  await useChinese(page);
  const { choc, box, size } = await sizeChocolate(page, w);
  await expect(box(w.falls)).toBeDisabled();
  await expect(choc.getByText(w.never)).toBeVisible();
  await expect(size.locator('.turned-off')).toHaveText(w.off);
  await expect(choc.getByText(w.notColored)).toBeVisible();
  await shots(page, choc, 'zh');
});
