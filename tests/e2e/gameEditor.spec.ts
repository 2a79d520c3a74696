// The game editor (issue 31, part 2): from a stored game (the sweet-saga pack), `Edit game` opens the
// dialog `Game`; a designer adds a chocolate that spreads, a blast-only liquorice and a cherry brought
// down to exits; a typed wrong value shows its message and Save is refused; removing an element that
// levels use is refused naming them; save is one undo step; the exported game file says what was
// saved; classic is read only and duplicates into a new game. One run in 简体中文; axe on the dialog.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openStudio } from './helpers.ts';
import { addElement, exported } from './gameHelpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';
const list = (page: Page) => page.getByRole('list', { name: 'Levels' });

async function openSweetSaga(page: Page, edit = 'Edit game', title = 'Game', importLabel = 'Choose level or pack files to import', analyze?: () => Promise<void>) {
  await page.getByLabel(importLabel).setInputFiles(PACK);
  await list(page).getByText('Chocolate factory').click();
  await analyze?.();
  await page.getByRole('button', { name: edit }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function axeSerious(page: Page) {
  const found = (await new AxeBuilder({ page }).include('.game-editor').analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`);
}

const report = (page: Page) => page.locator('[aria-label="Analysis report"]');

test('edit a stored game: three new elements, a refused value, a refused removal, save, undo, export', async ({ page }) => {
  test.setTimeout(120_000); // an analysis first, on a busy machine
  await openStudio(page);
  const dialog = await openSweetSaga(page, undefined, undefined, undefined, async () => {
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(report(page)).toHaveAttribute('data-stale', 'false', { timeout: 60_000 });
  });
  await expect(dialog.getByLabel('Game name')).toHaveValue('Sweet Saga');
  await expect(dialog.getByText('Played by 7 levels.')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Meringue', exact: true }).getByLabel('Hit points')).toHaveValue('2');

  // a chocolate that spreads
  const choc = await addElement(dialog, 'Dark chocolate');
  await expect(choc.getByLabel('Element id')).toHaveValue('dark_chocolate');
  await expect(choc.getByLabel('Layer')).toHaveValue('tile');
  await choc.getByRole('checkbox', { name: 'Spreads' }).check();
  // a liquorice only a blast takes off
  const liq = await addElement(dialog, 'Black liquorice');
  await liq.getByLabel('Layer').selectOption('cover');
  await expect(liq.locator('input[type=checkbox][value]')).toHaveCount(4); // match, adjacent, blast: a cover's events, and version 2's effect
  await liq.getByRole('checkbox', { name: 'a match on it' }).uncheck();
  await expect(liq.locator('input[value="blast"]')).toBeChecked();
  await expect(liq.getByRole('checkbox', { name: 'Falls' })).toHaveCount(0);
  // a cherry brought down to exits
  const cherry = await addElement(dialog, 'Wild cherry');
  await cherry.getByRole('checkbox', { name: 'Falls' }).check();
  await cherry.getByRole('checkbox', { name: 'Brought down to exits' }).check();

  // a typed wrong value: its message beside the field, and Save refused
  await cherry.getByLabel('Hit points').fill('9');
  await expect(cherry.getByText('must be 1..5')).toBeVisible();
  await expect(cherry.getByLabel('Hit points')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Fix the problems shown before saving.');
  await expect(cherry.getByLabel('Hit points')).toBeFocused();
  // the dialog with a refused value, at both widths (docs/screenshots)
  await page.setViewportSize({ width: 1440, height: 900 });
  await cherry.getByLabel('Hit points').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/game-editor-1440.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
  await cherry.getByLabel('Hit points').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/game-editor-1024.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await cherry.getByLabel('Hit points').fill('1');
  await expect(cherry.getByText('must be 1..5')).toHaveCount(0);
  // a spreading item is refused by the rules: the message sits with the element
  await cherry.getByRole('checkbox', { name: 'Spreads' }).check();
  await expect(cherry.getByText('an exit element (an item) cannot spread')).toBeVisible();
  await cherry.getByRole('checkbox', { name: 'Spreads' }).uncheck();

  // removing an element that levels use is refused with their names
  const meringue = dialog.getByRole('group', { name: 'Meringue', exact: true });
  await meringue.getByRole('button', { name: 'Remove Meringue' }).click();
  const used = meringue.getByRole('alert');
  await expect(used).toContainText('“Meringue” is used by 3 levels: “Meringue wall”, “Cherry slide”, “Sweet shop”.');
  await expect(used.getByLabel('Replace with')).toBeVisible();
  await used.getByRole('button', { name: 'Cancel' }).click();
  await expect(meringue).toBeVisible();

  // reorder: the new chocolate goes up one place
  await choc.getByRole('button', { name: 'Move Dark chocolate up' }).click();
  const ids = dialog.getByRole('textbox', { name: 'Element id', exact: true });
  await expect.poll(() => ids.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['chocolate', 'liquorice', 'cherry', 'meringue', 'dark_chocolate', 'frosting', 'black_liquorice', 'wild_cherry']);

  expect(await axeSerious(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved “Sweet Saga”. The reports of its 7 levels were measured on the game before this change: analyze again for current figures.');
  // the level's report was measured on the game before the change: it reads as stale now
  await expect(report(page)).toHaveAttribute('data-stale', 'true');
  const { file, game } = await exported(page, dialog);
  expect(file).toBe('sweet-saga.game.json');
  expect(game.format).toBe('match3-game');
  expect(game.elements.map((e: { id: string }) => e.id)).toEqual(['chocolate', 'liquorice', 'cherry', 'meringue', 'dark_chocolate', 'frosting', 'black_liquorice', 'wild_cherry']);
  expect(game.elements[4]).toMatchObject({ name: 'Dark chocolate', layer: 'tile', spread: 'when-none-hit' });
  expect(game.elements[6]).toEqual({ id: 'black_liquorice', name: 'Black liquorice', glyph: 'B', color: '#29a36a', layer: 'cover', damage: ['blast'] });
  expect(game.elements[7]).toMatchObject({ name: 'Wild cherry', layer: 'tile', falls: true, exit: true });
  expect(game.elements[7].hp).toBeUndefined();

  // one undo step takes the whole change back, and redo brings it again
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Undid the change to “Sweet Saga”.');
  await expect(dialog.getByRole('group', { name: 'Dark chocolate' })).toHaveCount(0);
  await expect(report(page)).toHaveAttribute('data-stale', 'false'); // the game as analysed again
  expect((await exported(page, dialog)).game.elements).toHaveLength(5);
  await dialog.getByRole('button', { name: 'Redo' }).click();
  await expect(dialog.getByRole('group', { name: 'Wild cherry' })).toBeVisible();
  await expect(report(page)).toHaveAttribute('data-stale', 'true');

  // closed and opened again: the saved game, with its levels' palette
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit game' }).click();
  await expect(dialog.getByRole('group', { name: 'Black liquorice' })).toBeVisible();
});

test('classic is read only and duplicates into a new game of the workspace', async ({ page }) => {
  await openStudio(page);
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('classic');
  await page.getByRole('button', { name: 'Edit game' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Game' });
  await expect(dialog.getByLabel('Game name')).toHaveValue('Classic');
  // the modal keeps the keyboard (native modal dialog, as the studio's other dialogs): Tab past the last
  // control never reaches the page behind it, and comes back to the dialog's first control
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().focus();
  const outside = () => page.evaluate(() => {
    const a = document.activeElement;
    return !!a && a !== document.body && !document.querySelector('dialog.game-editor')!.contains(a);
  });
  await page.keyboard.press('Tab');
  expect(await outside()).toBe(false);
  if (!(await dialog.locator(':focus').count())) await page.keyboard.press('Tab');
  expect(await outside()).toBe(false);
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expect(dialog.getByLabel('Game name')).not.toBeEditable();
  await expect(dialog.getByText('The classic game is built in')).toBeVisible();
  const crate = dialog.getByRole('group', { name: 'crate', exact: true });
  await expect(crate.getByLabel('Hit points')).toHaveValue('3');
  await expect(crate.getByLabel('Hit points')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add element' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog.getByLabel('Game id')).toHaveValue('my-classic');
  await expect(dialog.getByLabel('Game name')).toHaveValue('Classic (copy)');
  await dialog.getByLabel('Game id').fill('Bad id');
  await expect(dialog.getByText('must be 1..40 characters of a-z, 0-9 and "-"')).toBeVisible();
  await dialog.getByLabel('Game id').fill('garden');
  await dialog.getByLabel('Game name').fill('Garden');
  await expect(crate.getByLabel('Hit points')).toBeEditable();
  await crate.getByLabel('Element name').fill('Box');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Created “Garden”.');
  await expect(dialog.getByLabel('Game id')).not.toBeEditable();
  const { file, game } = await exported(page, dialog);
  expect(file).toBe('garden.game.json');
  expect(game.elements[0]).toEqual({ id: 'crate', name: 'Box', color: '#9ca3af', layer: 'tile', hp: 3 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit game' })).toBeFocused(); // focus back where it was
  await expect(page.getByRole('combobox', { name: 'Game', exact: true }).locator('option')).toHaveText(['Classic', 'Garden']);
});

test('the game editor in 简体中文: damage in words, element names as written', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '编辑游戏' })).toBeVisible();
  const dialog = await openSweetSaga(page, '编辑游戏', '游戏', '选择要导入的关卡或关卡包文件');
  await expect(dialog.getByLabel('游戏名称')).toHaveValue('Sweet Saga');
  const meringue = dialog.getByRole('group', { name: 'Meringue', exact: true });
  await expect(meringue.getByRole('checkbox', { name: '相邻处发生消除' })).toBeChecked();
  // a broken game file is refused in Chinese, naming each field (ids, layers and events as the file spells them)
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: '导入游戏' }).click()]);
  const broken = { format: 'match3-game', version: 1, id: 'x', name: 'X', elements: [{ id: 'mud', layer: 'floor' }, { id: 'red', layer: 'ground', damage: ['adjacent'] }] };
  await fc.setFiles({ name: 'broken.game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  const refused = dialog.getByRole('alert');
  await expect(refused).toContainText('broken.game.json 不是本工具可读取的游戏文件：');
  await expect(refused.getByRole('listitem')).toHaveText([
    'elements[0].layer: 必须是 tile、cover 或 ground',
    'elements[1].id: "red" 是一种颜色，不能用作元素 id',
    'elements[1].damage[0]: "adjacent" 不是 ground 层的事件（ground 元素只接受 cleared, blast）',
  ]);
  await expect(dialog.getByLabel('游戏名称')).toHaveValue('Sweet Saga');
  await page.screenshot({ path: 'test-results/game-editor-zh-refused.png' });
  const choc = await addElement(dialog, '黑巧克力', { add: '添加元素', name: '元素名称' });
  await choc.getByLabel('元素 ID').fill('dark_chocolate');
  await choc.getByRole('checkbox', { name: '蔓延' }).check();
  await choc.getByLabel('生命值').fill('0');
  await expect(choc.getByText('必须在 1..5 之间')).toBeVisible(); // the field's problem in the designer's language
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请先修正所示问题再保存。');
  await choc.getByLabel('生命值').fill('2');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('status')).toContainText('已保存“Sweet Saga”。其 7 个关卡的报告是在此次更改之前的游戏上测得的');
  expect(await axeSerious(page)).toEqual([]);
  const { game } = await exported(page, dialog, '导出游戏');
  expect(game.elements.at(-1)).toMatchObject({ id: 'dark_chocolate', name: '黑巧克力', hp: 2, spread: 'when-none-hit' });
});

test('an element that levels use is replaced by another of its layer, in the same undo step', async ({ page }) => {
  await openStudio(page);
  const dialog = await openSweetSaga(page);
  // a change that levels would not survive is refused before anything is saved, naming them and why
  const liq = dialog.getByRole('group', { name: 'Liquorice lock', exact: true });
  await liq.getByLabel('Layer').selectOption('tile');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Not saved: 3 levels would no longer fit this game.');
  await expect(refusal).toContainText('Liquorice locks');
  await expect(refusal).toContainText('Sweet shop');
  await expect(refusal.getByRole('listitem').first()).toContainText('liquorice');
  await liq.getByLabel('Layer').selectOption('cover');
  await liq.getByRole('checkbox', { name: 'a match on it' }).uncheck();

  const meringue = dialog.getByRole('group', { name: 'Meringue', exact: true });
  await meringue.getByRole('button', { name: 'Remove Meringue' }).click();
  const used = meringue.getByRole('alert');
  await expect(used.getByLabel('Replace with').locator('option')).toHaveText(['Chocolate', 'Cherry']);
  await used.getByRole('button', { name: 'Replace and remove' }).click();
  await expect(meringue).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add element' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved “Sweet Saga”: 3 levels changed. The reports of its 7 levels were measured on the game before this change: analyze again for current figures.');
  await page.keyboard.press('Escape');
  await list(page).getByText('Meringue wall').click();
  await expect(page.getByLabel('Level name')).toHaveValue('Meringue wall');
  await expect(page.locator('[data-tile="meringue"]')).toHaveCount(0);
  await expect(page.locator('[data-tile="chocolate"]')).toHaveCount(9);
  // the liquorice went back as it was: the saved game has no change but the replacement
  await page.getByRole('button', { name: 'Edit game' }).click();
  const { game } = await exported(page, dialog);
  expect(game.elements.find((e: { id: string }) => e.id === 'liquorice')).toMatchObject({ layer: 'cover', damage: ['blast'] });
  expect(game.elements.map((e: { id: string }) => e.id)).toEqual(['chocolate', 'liquorice', 'cherry', 'frosting']);
});

test('a new game from the pack view; Import game: a bad file refused with its problems, a good one stored on Save', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  await page.getByRole('region', { name: 'Pack difficulty' }).getByRole('button', { name: 'New game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game' });
  await expect(dialog.getByLabel('Game id')).toHaveValue('new-game');
  await expect(dialog.getByText('A new game: it is stored when you save it.')).toBeVisible();
  await dialog.getByLabel('Game name').fill('Toy Town');
  await dialog.getByLabel('Game id').fill('toy-town');
  const el = dialog.getByRole('group', { name: 'Element', exact: true });
  await el.getByLabel('Element name').fill('Balloon');
  await dialog.getByRole('group', { name: 'Balloon' }).getByRole('checkbox', { name: 'Falls' }).check();
  // Escape with changes not saved asks first; keeping on loses nothing
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Game name')).toHaveValue('Toy Town');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Created “Toy Town”.');
  const { game } = await exported(page, dialog);
  expect(game).toEqual({ format: 'match3-game', version: 1, id: 'toy-town', name: 'Toy Town', elements: [{ id: 'balloon', name: 'Balloon', glyph: 'B', color: '#e4572e', layer: 'tile', falls: true }] });

  // Import game: a file that is not a game says why and changes nothing; a game file becomes the draft, stored on Save
  const chooser = async (file: string | { name: string; mimeType: string; buffer: Buffer }) => {
    const [fc] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Import game' }).click()]);
    await fc.setFiles(file);
  };
  await chooser({ name: 'broken.game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'match3-game', version: 1, id: 'x', name: 'X', elements: [{ id: 'mud', layer: 'floor' }] })) });
  await expect(dialog.getByRole('alert')).toContainText('broken.game.json is not a game file this studio reads:');
  await expect(dialog.getByRole('alert')).toContainText('elements[0].layer: must be tile, cover or ground');
  await expect(dialog.getByLabel('Game name')).toHaveValue('Toy Town');
  await chooser('examples/games/home-garden.game.json');
  await expect(dialog.getByRole('status')).toHaveText('Imported “Home Garden” from home-garden.game.json: save to keep it.');
  await expect(dialog.getByLabel('Game id')).toHaveValue('home-garden');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Created “Home Garden”.');
});
