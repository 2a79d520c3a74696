// Issue 40's minors, as a designer meets them: a cover objective on a level without jelly takes the
// game's spreading ground and its warning says "cover"; a bring-down count out of range says "bring
// down"; the play-test says why a pick is refused and marks the cell; New pack offers its name at once and
// New level goes into it; a file with several problems lists them all, in a notice area that never covers
// the board; Open folder where no picker can show says why and offers Import. English and 简体中文.
import { test, expect, type Page } from '@playwright/test';
import { cell, grid, levelFile, openStudio } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';

/** A game with two grounds, the first (jelly) not spreading, the second (carpet) spreading; a chocolate, an item and a lock. */
const FACTORY = {
  format: 'match3-game',
  version: 1,
  id: 'factory',
  name: 'Factory',
  elements: [
    { id: 'jelly', name: 'Jelly', layer: 'ground', hp: 2 },
    { id: 'carpet', name: 'Carpet', layer: 'ground', spread: 'through-matches' },
    { id: 'chocolate', name: 'Chocolate', layer: 'tile', spread: 'when-none-hit' },
    { id: 'cherry', name: 'Cherry', layer: 'tile', falls: true, exit: true },
    { id: 'lock', name: 'Liquorice lock', layer: 'cover', damage: ['blast'] },
    { id: 'bubble', name: 'Bubble', layer: 'cover' },
  ],
};

/** A 7×7 level of the game: a chocolate at B1, a locked red at C3, exits along the bottom. */
function factoryLevel(id: string, name: string) {
  const l = levelFile({ id, name, game: 'factory', width: 7, height: 7, moves: 20, colors: 4, seed: 77, objectives: [{ type: 'collect', color: 'red', count: 10 }] });
  const cells = l.cells.map((row) => row.map((c) => ({ ...c }) as Record<string, unknown>));
  cells[0][1] = { tile: 'chocolate' };
  cells[2][2] = { tile: 'red', cover: { type: 'lock' } };
  for (const c of cells[6]) c.exit = true;
  return { ...l, cells };
}

const WORDS = {
  en: {
    levelName: 'Level name', import: 'Choose level or pack files to import', question: 'Game file needed', gameFile: 'Game file',
    objType: 'Objective 1 type', objElement: 'Objective 1 element', objCount: 'Objective 1 count', warnings: 'Warnings',
    coverWarning: 'cover the board with Carpet: the board has no Carpet',
    countProblem: 'The count to bring down must be a whole number from 1 to 999.',
    playTest: 'Play-test', board: 'Play-test board',
    chocolateRefused: 'Chocolate at B1: not picked. Chocolate cannot be swapped.',
    lockRefused: 'A tile under Liquorice lock cannot be swapped',
    picked: 'Picked',
    coverLayer: 'Cover', coversHold: 'Liquorice lock, Bubble hold a tile in place',
  },
  zh: {
    levelName: '关卡名称', import: '选择要导入的关卡或关卡包文件', question: '需要游戏文件', gameFile: '游戏文件',
    objType: '目标 1 类型', objElement: '目标 1 元素', objCount: '目标 1 数量', warnings: '警告',
    coverWarning: '铺满“Carpet”：棋盘上没有“Carpet”',
    countProblem: '运送数量必须是 1 到 999 之间的整数。',
    playTest: '试玩', board: '试玩棋盘',
    chocolateRefused: 'B1 的“Chocolate”：未选中。“Chocolate”不能交换。',
    lockRefused: '“Liquorice lock”下的方块不能交换',
    picked: '已选中',
    coverLayer: '覆盖物', coversHold: '“Liquorice lock”、“Bubble”把方块固定在原地',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** Imports a level of the factory game, giving its game file when asked. */
async function importFactoryLevel(page: Page, w: Words, id = 'e2e-factory', name = 'Factory floor') {
  await page.getByLabel(w.import).setInputFiles({ name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(factoryLevel(id, name))) });
  const question = page.getByRole('dialog', { name: w.question });
  await question.getByLabel(w.gameFile).setInputFiles({ name: 'factory.game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(FACTORY)) });
  await expect(question).toBeHidden();
  await expect(page.getByRole('textbox', { name: w.levelName, exact: true })).toHaveValue(name);
  await expect(cell(page, 1, 0)).toHaveAttribute('data-tile', 'chocolate');
}

/** Whether two boxes overlap. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const lang of ['en', 'zh'] as const) {
  test(`objectives: "Cover the board" takes the spreading ground and warns with "cover"; a bring-down count out of range says "bring down"; names listed in the language (${lang})`, async ({ page }) => {
    const w = WORDS[lang];
    await openStudio(page);
    if (lang === 'zh') await useChinese(page);
    await importFactoryLevel(page, w);
    await page.getByLabel(w.objType, { exact: true }).selectOption('cover');
    // the game's spreading ground, not its first one (jelly), which the board lacks and which never spreads
    await expect(page.getByLabel(w.objElement, { exact: true })).toHaveValue('carpet');
    const warnings = page.getByRole('region', { name: w.warnings });
    await expect(warnings).toContainText(w.coverWarning);
    await expect(warnings).not.toContainText(lang === 'en' ? 'clear Carpet' : '清除“Carpet”');

    await page.getByLabel(w.objType, { exact: true }).selectOption('bring_down');
    await expect(page.getByLabel(w.objElement, { exact: true })).toHaveValue('cherry');
    const count = page.getByLabel(w.objCount, { exact: true });
    await count.fill('-5');
    await count.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: w.countProblem })).toBeVisible();
    await expect(count).toHaveValue('10');

    // the game's covers named in a list: a comma in English, 、 in Chinese
    await page.getByRole('radio', { name: w.coverLayer, exact: true }).click();
    await expect(page.getByText(w.coversHold)).toBeVisible();
  });

  test(`play-test: a refused pick says why and marks the cell, as a refused swap does (${lang})`, async ({ page }) => {
    const w = WORDS[lang];
    await page.setViewportSize({ width: 1024, height: 768 });
    await openStudio(page);
    if (lang === 'zh') await useChinese(page);
    await importFactoryLevel(page, w);
    await page.getByRole('button', { name: w.playTest, exact: true }).click();
    const dlg = page.getByRole('dialog', { name: w.playTest });
    const board = dlg.getByRole('grid', { name: w.board });
    const at = (x: number, y: number) => board.locator(`[role="gridcell"][data-x="${x}"][data-y="${y}"]`);
    const said = dlg.getByTestId('play-said');
    // a click on the chocolate: not picked, said, and its cell marked
    const box = (await at(1, 0).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(said).toHaveText(w.chocolateRefused);
    await expect(said).toBeVisible();
    await expect(said).toHaveClass(/refused/); // shown as a warning, as a refused swap is
    const mark = dlg.getByTestId('refused-pick');
    await expect(mark).toHaveAttribute('x', '43');
    await expect(mark).toHaveAttribute('y', '3');
    await expect(board.locator('[aria-selected="true"]')).toHaveCount(0);
    await page.screenshot({ path: `test-results/screenshots/refused-pick-${lang}-1024.png` });
    // the locked red: the lock is named
    const locked = (await at(2, 2).boundingBox())!;
    await page.mouse.click(locked.x + locked.width / 2, locked.y + locked.height / 2);
    await expect(said).toContainText(w.lockRefused);
    await expect(mark).toHaveAttribute('x', '83');
    // a plain tile is picked: the mark goes
    const plain = (await at(4, 4).boundingBox())!;
    await page.mouse.click(plain.x + plain.width / 2, plain.y + plain.height / 2);
    await expect(said).toContainText(w.picked);
    await expect(mark).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    const again = (await at(1, 0).boundingBox())!;
    await page.mouse.click(again.x + again.width / 2, again.y + again.height / 2);
    await expect(said).toHaveText(w.chocolateRefused);
    await page.screenshot({ path: `test-results/screenshots/refused-pick-${lang}-1440.png` });
  });
}

test("/help on a game level lists the game's own parameters, never the classic game's", async ({ page }) => {
  await openStudio(page);
  await importFactoryLevel(page, WORDS.en);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/help');
  await box.press('Enter');
  const help = page.getByRole('log', { name: 'Conversation' }).locator('[data-role]').last();
  await expect(help).toContainText('/adjust_difficulty');
  const text = await help.innerText();
  for (const classic of ['[crate_hp]', '[ice_layers]', '[chains_removed]', '[crate_ratio]', '[ice_ratio]', 'clear_crates']) expect(text).not.toContain(classic);
  expect(text).toContain('[locks_removed]');
  expect(text).toContain('/paint_exit_region');
});

test('New pack: its name is offered at once, and New level goes into it', async ({ page }) => {
  await openStudio(page);
  const list = page.getByRole('list', { name: 'Levels' });
  const before = await list.locator('li.level').count();
  await page.getByRole('button', { name: '+ New pack' }).click();
  const names = page.getByRole('textbox', { name: 'Pack name' });
  const fresh = names.last();
  await expect(fresh).toBeFocused();
  // the whole default name is selected: typing replaces it
  expect(await fresh.evaluate((i: HTMLInputElement) => [i.selectionStart, i.selectionEnd, i.value.length])).toEqual([0, (await fresh.inputValue()).length, (await fresh.inputValue()).length]);
  await page.keyboard.type('World 2');
  await page.keyboard.press('Enter');
  await expect(fresh).toHaveValue('World 2');
  await page.getByRole('button', { name: 'New level', exact: true }).click();
  await expect(list.locator('li.level')).toHaveCount(before + 1);
  // the new level is the new pack's one level (the rows after its head), and the open one
  const rows = await list.locator(':scope > li').evaluateAll((lis) => lis.map((li) => (li.classList.contains('level') ? 'level:' + (li.getAttribute('aria-current') ?? li.querySelector('[aria-current]')?.getAttribute('aria-current') ?? '') : li.className.split(' ')[0] + ':' + ((li.querySelector('input') as HTMLInputElement | null)?.value ?? ''))));
  const at = rows.indexOf('pack:World 2');
  expect(at).toBeGreaterThan(0);
  expect(rows.slice(at + 1)).toEqual(['level:true']);
});

test('a file with several problems lists every one; notices stack beside the board, never over it, newest on top', async ({ page }) => {
  for (const size of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await openStudio(page);
    const good = levelFile({ id: 'absurd', name: 'Absurd', width: 7, height: 7, moves: 20, seed: 3 });
    const problems = { ...good, moves: -5, colors: 12, width: 40, height: 0, seed: 'x', rules: 7, name: '' };
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'absurd.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(problems)) });
    const alert = page.getByRole('alert').filter({ hasText: 'absurd.json was not imported' });
    await expect(alert).toContainText(/it has \d+ problems/);
    const n = Number(/it has (\d+) problems/.exec((await alert.textContent()) ?? '')![1]);
    expect(n).toBeGreaterThan(5);
    // the first five are listed, the rest on request
    await expect(alert.getByRole('listitem')).toHaveCount(5);
    await alert.getByRole('button', { name: `Show ${n - 5} more` }).click();
    await expect(alert.getByRole('listitem')).toHaveCount(n);
    await expect(alert.getByRole('listitem').filter({ hasText: 'moves: must be 1..200' })).toBeVisible();
    await expect(alert.getByRole('listitem').filter({ hasText: /^colors: / })).toBeVisible();
    await expect(alert).not.toContainText('more problem');
    // a second file not imported: on top of the first
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'truncated.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"match3-level",') });
    const area = page.getByRole('region', { name: 'Notices' });
    await expect(area.getByRole('alert').first()).toContainText('truncated.json was not imported');
    await expect(area.getByRole('alert').nth(1)).toContainText('absurd.json was not imported');
    // never over the board
    const b = (await grid(page).boundingBox())!;
    for (const n of await area.getByRole('alert').all()) expect(overlaps((await n.boundingBox())!, b)).toBe(false);
    await page.screenshot({ path: `test-results/screenshots/notices-${size.width}.png` });
    await area.getByRole('button', { name: 'Dismiss all' }).click();
    await expect(area.getByRole('alert')).toHaveCount(0);
  }
  // at 1024 px with the copilot open the level list gives it its room: the notices go to the properties' column
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Copilot', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'truncated.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"match3-level",') });
  const notice = page.getByRole('region', { name: 'Notices' }).getByRole('alert');
  await expect(notice).toContainText('truncated.json was not imported');
  expect(overlaps((await notice.boundingBox())!, (await grid(page).boundingBox())!)).toBe(false);
  await page.screenshot({ path: 'test-results/screenshots/notices-copilot-1024.png' });
});

test('Open folder where the browser shows no folder picker says why and offers Import, which imports', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await openStudio(page);
  await page.getByRole('button', { name: 'Open folder' }).click();
  const why = page.getByRole('status').filter({ hasText: 'This browser cannot open a folder' });
  await expect(why).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open folder' })).toHaveAccessibleDescription(/This browser cannot open a folder/);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import files…' }).click()]);
  const level = levelFile({ id: 'from-folder-note', name: 'From the note', width: 6, height: 6, moves: 15, seed: 9 });
  await chooser.setFiles({ name: 'note.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(level)) });
  await expect(page.getByLabel('Level name')).toHaveValue('From the note');
  await expect(why).toHaveCount(0);
});

test('Open folder where the picker is refused (a framed page, a policy) says why and offers Import', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<never> }).showDirectoryPicker = () => Promise.reject(new DOMException('Cross origin sub frames aren\'t allowed to show a file picker.', 'SecurityError'));
  });
  await openStudio(page);
  await useChinese(page);
  await page.getByRole('button', { name: '打开文件夹' }).click();
  await expect(page.getByRole('status').filter({ hasText: '浏览器在这里没有显示文件夹选择器' })).toContainText('Cross origin sub frames');
  await expect(page.getByRole('button', { name: '导入文件…' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/open-folder-refused-zh-1440.png' });
});
