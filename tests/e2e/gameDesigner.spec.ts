// The designer's whole path with a game of their own (issue 31), in English and 简体中文 (the game's
// element names stay as the designer wrote them): classic duplicated into a new game, which gets a
// spreading chocolate, a blast-only liquorice and a cherry brought down to exits in the game editor; a
// level set to the game is painted with them and with exit cells, given bring-down and clear
// objectives; a change to the game is taken back by the toolbar's Undo; the level is analysed; its
// pack is exported with the game; an empty studio in a fresh browser imports the file and shows the
// level with its elements. Screenshots of the game editor and the painted level at 1440 and 1024 px.
import { test, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { cell, dismissNotices, drag, levelFile, openStudio } from './helpers.ts';
import { OBJECTIVE_WORDS, addElement, bringDownThenClear, paintValue, radio, useChinese } from './gameHelpers.ts';

const SHOTS = '/work/shots-31';

/** A one-level classic pack: a 7×7 board of random tiles from a fixed seed. */
const PACK = {
  format: 'match3-pack',
  version: 1,
  id: 'candy-pack',
  name: 'Candy pack',
  levels: [levelFile({ id: 'candy-1', name: 'Candy 1', width: 7, height: 7, moves: 20, colors: 4, seed: 3131, objectives: [{ type: 'collect', color: 'red', count: 10 }] })],
};

const WORDS = {
  en: {
    import: 'Choose level or pack files to import', game: 'Game', editGame: 'Edit game', dialog: 'Game', duplicate: 'Duplicate',
    gameId: 'Game id', gameName: 'Game name', add: 'Add element', elName: 'Element name', layer: 'Layer', spreads: 'Spreads',
    matchOn: 'a match on it', falls: 'Falls', exitEl: 'Brought down to exits', hp: 'Hit points', save: 'Save', close: 'Close',
    created: 'Created “Candy Town”.', saved: /^Saved “Candy Town”/,
    tile: 'Tile', cover: 'Cover', ground: 'Ground', brush: 'Brush', rect: 'Rectangle', exit: 'Exit',
    choc1: 'Spreading chocolate, 1 hit', choc2: 'Spreading chocolate, 2 hits',
    ...OBJECTIVE_WORDS.en,
    undo: 'Undo', undoTitle: 'Undo: Candy Town', analyze: 'Analyze', exportPack: 'Export pack Candy pack',
    imported: 'Imported pack “Candy pack”',
  },
  zh: {
    import: '选择要导入的关卡或关卡包文件', game: '游戏', editGame: '编辑游戏', dialog: '游戏', duplicate: '复制',
    gameId: '游戏 ID', gameName: '游戏名称', add: '添加元素', elName: '元素名称', layer: '层', spreads: '蔓延',
    matchOn: '自身参与消除', falls: '会下落', exitEl: '需送到出口', hp: '生命值', save: '保存', close: '关闭',
    created: '已创建“Candy Town”。', saved: /^已保存“Candy Town”/,
    tile: '方块', cover: '覆盖物', ground: '地面', brush: '画笔', rect: '矩形', exit: '出口',
    choc1: 'Spreading chocolate，1 点耐久', choc2: 'Spreading chocolate，2 点耐久',
    ...OBJECTIVE_WORDS.zh,
    undo: '撤销', undoTitle: '撤销：Candy Town', analyze: '分析', exportPack: '导出关卡包 Candy pack',
    imported: '已导入关卡包“Candy pack”',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** The board cells that carry the game's elements as painted here (x, y, attribute, value). */
const PAINTED: [number, number, string, string][] = [
  [1, 0, 'data-tile', 'spreading_chocolate'],
  [3, 0, 'data-tile', 'cherry'],
  [5, 4, 'data-cover', 'blast_liquorice'],
  [0, 6, 'data-exit', 'true'],
  [6, 6, 'data-exit', 'true'],
];

async function shoot(page: Page, name: string, width: number, height: number, visible: () => Promise<void>) {
  await page.setViewportSize({ width, height });
  await visible();
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
}

/** Classic duplicated into "Candy Town" with its three new elements, saved in the game editor. */
async function createGame(page: Page, w: Words, shots: boolean) {
  await page.getByRole('button', { name: w.editGame }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog });
  await dialog.getByRole('button', { name: w.duplicate }).click();
  await dialog.getByLabel(w.gameId).fill('candy-town');
  await dialog.getByLabel(w.gameName).fill('Candy Town');
  const labels = { add: w.add, name: w.elName };
  const choc = await addElement(dialog, 'Spreading chocolate', labels);
  await choc.getByRole('checkbox', { name: w.spreads }).check();
  const liq = await addElement(dialog, 'Blast liquorice', labels);
  await liq.getByLabel(w.layer).selectOption('cover');
  await liq.getByRole('checkbox', { name: w.matchOn }).uncheck();
  await expect(liq.locator('input[value="blast"]')).toBeChecked();
  const cherry = await addElement(dialog, 'Cherry', labels);
  await cherry.getByRole('checkbox', { name: w.falls }).check();
  await cherry.getByRole('checkbox', { name: w.exitEl }).check();
  await dialog.getByRole('button', { name: w.save }).click();
  await expect(dialog.getByRole('status')).toHaveText(w.created);
  if (shots) {
    const seen = () => expect(cherry.getByRole('checkbox', { name: w.exitEl })).toBeInViewport();
    await shoot(page, 'game-editor', 1440, 900, async () => (await cherry.scrollIntoViewIfNeeded(), await seen()));
    await shoot(page, 'game-editor', 1024, 768, async () => (await cherry.scrollIntoViewIfNeeded(), await seen()));
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const lang of ['en', 'zh'] as const) {
  test(`a designer's game, from classic to a level of it that travels in its pack (${lang})`, async ({ page, browser }) => {
    test.slow(); // the whole path, an analysis among it, on a busy machine
    const w = WORDS[lang];
    await mkdir(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // this browser keeps the studio's data: its refusal notice would cover the board's bottom rows,
    // where the exits are painted (as gamePaint.spec)
    await page.addInitScript(() => {
      StorageManager.prototype.persist = async () => true;
      StorageManager.prototype.persisted = async () => true;
    });
    await openStudio(page);
    if (lang === 'zh') await useChinese(page);
    await page.getByLabel(w.import).setInputFiles({ name: 'candy-pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PACK)) });
    await expect(page.getByRole('status').filter({ hasText: w.imported })).toBeVisible();
    await page.getByRole('list', { name: 'Levels' }).getByText('Candy 1', { exact: true }).click();
    await expect(page.getByLabel('Level name').or(page.getByLabel('关卡名称'))).toHaveValue('Candy 1');

    // the game: classic duplicated, three elements added
    await createGame(page, w, lang === 'en');
    const select = page.getByRole('combobox', { name: w.game, exact: true });
    await select.selectOption('candy-town');
    await expect(select).toHaveValue('candy-town');

    // painted with the game's elements and exit cells
    await radio(page, w.tile).click();
    await expect(radio(page, 'Spreading chocolate')).toBeVisible();
    await paintValue(page, w.tile, 'Spreading chocolate');
    await radio(page, w.brush).click();
    await cell(page, 1, 0).click();
    await paintValue(page, w.tile, 'Cherry');
    await cell(page, 3, 0).click();
    await paintValue(page, w.cover, 'Blast liquorice');
    await cell(page, 5, 4).click();
    await paintValue(page, w.ground, w.exit);
    await radio(page, w.rect).click();
    await drag(page, [0, 6], [6, 6]);
    for (const [x, y, attr, value] of PAINTED) await expect(cell(page, x, y)).toHaveAttribute(attr, value);

    // objectives: bring the cherry down, clear the chocolate
    await bringDownThenClear(page, w, { name: 'Cherry', id: 'cherry' }, { name: 'Spreading chocolate', id: 'spreading_chocolate' });

    // a change to the game, then the toolbar's Undo: the game change is what it takes back
    await page.getByRole('button', { name: w.editGame }).click();
    const dialog = page.getByRole('dialog', { name: w.dialog });
    await dialog.getByRole('group', { name: 'Spreading chocolate', exact: true }).getByLabel(w.hp).fill('2');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByRole('status')).toHaveText(w.saved);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await radio(page, w.tile).click();
    await expect(radio(page, w.choc2)).toBeVisible();
    const undo = page.getByRole('button', { name: w.undo, exact: true });
    await expect(undo).toHaveAttribute('title', w.undoTitle);
    await undo.click();
    await expect(radio(page, 'Spreading chocolate')).toBeVisible();
    await expect(radio(page, w.choc1)).toHaveCount(0);
    await expect(page.getByLabel(w.objType(2), { exact: true })).toHaveValue('clear'); // the level's own steps stay
    await expect(undo).not.toHaveAttribute('title', w.undoTitle);

    if (lang === 'en') {
      await dismissNotices(page);
      await shoot(page, 'game-level', 1440, 900, () => expect(cell(page, 6, 6)).toBeInViewport());
      await shoot(page, 'game-level', 1024, 768, async () => {
        // the copilot, a column beside the board at 1440, takes the level list's room at 1024 when open: closed for the picture
        const copilot = page.getByRole('button', { name: 'Copilot', exact: true });
        if ((await copilot.getAttribute('aria-pressed')) === 'true') await copilot.click();
        await expect(copilot).toHaveAttribute('aria-pressed', 'false');
        await expect(cell(page, 6, 6)).toBeInViewport();
      });
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // analysed: the report for the level as it is
    await page.getByRole('button', { name: w.analyze, exact: true }).click();
    await expect(page.locator('[aria-label="Analysis report"]')).toHaveAttribute('data-stale', 'false', { timeout: 60_000 });

    // the pack exported with its game
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: w.exportPack }).click()]);
    const file = (await download.path())!;

    // an empty studio in a fresh browser context imports the file: the level and its elements
    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const other = await fresh.newPage();
      await other.setViewportSize({ width: 1440, height: 900 });
      await openStudio(other);
      await expect(other.getByRole('combobox', { name: 'Game', exact: true }).locator('option')).toHaveText(['Classic']);
      await other.getByLabel('Choose level or pack files to import').setInputFiles(file);
      await expect(other.getByRole('status').filter({ hasText: 'Imported pack “Candy pack”' })).toBeVisible();
      await other.getByRole('list', { name: 'Levels' }).getByText('Candy 1', { exact: true }).click();
      await expect(other.getByLabel('Level name')).toHaveValue('Candy 1');
      await expect(other.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-town');
      for (const [x, y, attr, value] of PAINTED) await expect(cell(other, x, y)).toHaveAttribute(attr, value);
      await radio(other, 'Tile').click();
      await expect(radio(other, 'Spreading chocolate')).toBeVisible();
      await expect(radio(other, 'Cherry')).toBeVisible();
      await expect(other.getByLabel('Objective 1 type', { exact: true })).toHaveValue('bring_down');
      await expect(other.getByLabel('Objective 2 element', { exact: true })).toHaveValue('spreading_chocolate');
    } finally {
      await fresh.close();
    }
  });
}
