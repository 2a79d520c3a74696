// Files carry version 2 games and levels (issue 41 item 6), in Chromium with real IndexedDB: a pack of
// Candy Kingdom levels with its game and a Sweet Saga (version 1) pack export, and the export imported in
// a fresh studio exports the same bytes, as a v1 level file and a v1 game file do; a backup of v2 packs
// restores in a fresh studio and after a reload; Recently deleted gives back a v2 level and a pack of a
// v2 game after a reload, a backup restored meanwhile included; a folder of v2 games and levels opens
// writing nothing, an edit writes its level back with its layout; broken v2 files (a portal loop, a cake
// off the board, an unknown effect) are refused naming the field, on import and in the folder.
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import { dismissNotices, grid, openStudio, setField, waitSaved } from './helpers.ts';
import { levelFileText } from '../../src/core/files/levelFile.ts';
import { parseLevelText } from '../../src/core/level/index.ts';
import { parseGameText } from '../../src/core/game/schema.ts';

const EX = 'examples/games';
const ex = (p: string) => readFileSync(`${EX}/${p}`, 'utf8');
const json = (p: string) => JSON.parse(ex(p));
const candyGame = () => {
  const r = parseGameText(ex('candy-kingdom.game.json'));
  if (!r.ok) throw new Error('candy-kingdom does not read');
  return r.game;
};
const levelFiles = (game: string) => readdirSync(`${EX}/${game}`).filter((f) => f.endsWith('.json')).sort();
/** A pack file of a game's example levels carrying the game, as a designer might put one together. */
const packOf = (game: string, id: string, name: string) =>
  JSON.stringify({ format: 'match3-pack', version: 1, id, name, games: [json(`${game}.game.json`)], levels: levelFiles(game).map((f) => json(`${game}/${f}`)) }, null, 2);
const asFile = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name, exact: true });
const importFiles = (page: Page, ...files: { name: string; mimeType: string; buffer: Buffer }[]) => page.getByLabel('Choose level or pack files to import').setInputFiles(files);
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const download = async (page: Page, click: () => Promise<unknown>) => {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile((await d.path())!, 'utf8');
};
const exportPack = (page: Page, name: string) => download(page, () => page.getByRole('button', { name: `Export pack ${name}` }).press('Enter'));
const exportLevel = (page: Page) => download(page, () => page.getByRole('button', { name: 'Export level' }).click());
async function openRow(page: Page, name: string) {
  await dismissNotices(page);
  await row(page, name).locator('button.open').press('Enter');
  await expect(page.getByLabel('Level name')).toHaveValue(name);
}
/** The contexts a test made (closed after it). */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});
/** A studio of its own (a context with its own IndexedDB), as on another computer. */
async function freshStudio(browser: Browser, info: TestInfo) {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await openStudio(page);
  return page;
}
/** Answers the "Game file needed" question with the example game file. */
async function giveGame(page: Page, game: string) {
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await expect(question).toContainText(game);
  await question.getByLabel('Game file').setInputFiles(`${EX}/${game}.game.json`);
  await expect(question).toBeHidden();
}

test.describe('version 2 and version 1 files through import and export', () => {
  test('a v2 pack with its game and a v1 pack export, and their exports imported elsewhere export the same bytes', async ({ page, browser }, info) => {
    await openStudio(page);
    await importFiles(page, asFile('candy.json', packOf('candy-kingdom', 'candy-world', 'Candy world')));
    await expect(said(page, 'Imported pack “Candy world”')).toBeVisible();
    await importFiles(page, asFile('sweet-saga.pack.json', ex('sweet-saga.pack.json')));
    await expect(said(page, 'Imported pack “Sweet Saga, world 1”')).toBeVisible();
    const candy = await exportPack(page, 'Candy world');
    const sweet = await exportPack(page, 'Sweet Saga, world 1');
    const c = JSON.parse(candy);
    expect(c.id).toBe('candy-world');
    expect(c.games).toEqual([expect.objectContaining({ id: 'candy-kingdom', version: 2 })]);
    expect(c.levels.map((l: { id: string }) => l.id)).toEqual(levelFiles('candy-kingdom').map((f) => json(`candy-kingdom/${f}`).id));
    // each level as its file has it (defaults aside, the studio writes every field): its layout kept
    const five = c.levels.find((l: { id: string }) => l.id === json('candy-kingdom/level_5.json').id);
    expect([five.version, five.portals, five.belts]).toEqual([2, json('candy-kingdom/level_5.json').portals, json('candy-kingdom/level_5.json').belts]);
    expect(sweet).not.toMatch(/"version": 2|"portals"|"belts"|"walls"|"colored"|"countdown"/);

    // a v2 level and a v1 level exported from their packs
    await openRow(page, json('candy-kingdom/level_3.json').name);
    const cakeLevel = await exportLevel(page);
    await openRow(page, json('sweet-saga/level_2.json').name);
    const sweetLevel = await exportLevel(page);
    expect(sweetLevel).toContain('"version": 1');

    const other = await freshStudio(browser, info);
    await importFiles(other, asFile('candy.json', candy));
    await expect(said(other, 'Imported pack “Candy world”')).toBeVisible();
    await importFiles(other, asFile('sweet.json', sweet));
    await expect(said(other, 'Imported pack “Sweet Saga, world 1”')).toBeVisible();
    expect(await exportPack(other, 'Candy world')).toBe(candy);
    expect(await exportPack(other, 'Sweet Saga, world 1')).toBe(sweet);
    await openRow(other, json('candy-kingdom/level_3.json').name);
    expect(await exportLevel(other)).toBe(cakeLevel);
    await openRow(other, json('sweet-saga/level_2.json').name);
    expect(await exportLevel(other)).toBe(sweetLevel);

    // single level files in a third studio: each asks for its game, and exports as it came
    const third = await freshStudio(browser, info);
    await importFiles(third, asFile('cake.json', cakeLevel));
    await giveGame(third, 'candy-kingdom');
    await expect(third.getByLabel('Level name')).toHaveValue(json('candy-kingdom/level_3.json').name);
    expect(await exportLevel(third)).toBe(cakeLevel);
    await importFiles(third, asFile('sweet.json', sweetLevel));
    await giveGame(third, 'sweet-saga');
    await expect(third.getByLabel('Level name')).toHaveValue(json('sweet-saga/level_2.json').name);
    expect(await exportLevel(third)).toBe(sweetLevel);
    await third.screenshot({ path: 'test-results/screenshots/files-v2-import.png' });
  });

  test('a v1 game file the studio wrote: Import game, Save, Export game gives the same bytes; a v2 one too', async ({ page }) => {
    await openStudio(page);
    await importFiles(page, asFile('sweet-saga.pack.json', ex('sweet-saga.pack.json')));
    await openRow(page, json('sweet-saga/level_1.json').name);
    await page.getByRole('button', { name: 'Edit game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Game' });
    const v1 = await download(page, () => dialog.getByRole('button', { name: 'Export game' }).click());
    expect(JSON.parse(v1).version).toBe(1);
    const [fc] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Import game' }).click()]);
    await fc.setFiles(asFile('sweet-saga.game.json', v1));
    await expect(dialog.getByRole('status')).toContainText('Imported “Sweet Saga”');
    expect(await download(page, () => dialog.getByRole('button', { name: 'Export game' }).click())).toBe(v1);
    // Candy Kingdom (version 2), new to this studio: imported, saved, exported, imported again, exported the same
    const [fc2] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Import game' }).click()]);
    await fc2.setFiles(`${EX}/candy-kingdom.game.json`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Created “Candy Kingdom”.');
    const v2 = await download(page, () => dialog.getByRole('button', { name: 'Export game' }).click());
    expect(JSON.parse(v2)).toMatchObject({ version: 2, id: 'candy-kingdom' });
    const [fc3] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Import game' }).click()]);
    await fc3.setFiles(asFile('candy-kingdom.game.json', v2));
    await expect(dialog.getByRole('status')).toContainText('Imported “Candy Kingdom”');
    expect(await download(page, () => dialog.getByRole('button', { name: 'Export game' }).click())).toBe(v2);
  });
});

test('a workspace backup of v2 packs restores in a fresh studio: levels on their games, the same exports, after a reload too', async ({ page, browser }, info) => {
  await openStudio(page);
  await importFiles(page, asFile('candy.json', packOf('candy-kingdom', 'candy-world', 'Candy world')), asFile('royal.json', packOf('royal-castle', 'royal-world', 'Royal world')));
  await expect(said(page, 'Imported pack “Royal world”')).toBeVisible();
  const candy = await exportPack(page, 'Candy world');
  const royal = await exportPack(page, 'Royal world');
  await page.getByRole('button', { name: 'Settings' }).click();
  const backup = await download(page, () => page.getByRole('button', { name: 'Export workspace backup' }).click());
  await page.keyboard.press('Escape');
  expect(JSON.parse(backup).games.map((g: { id: string; version: number }) => [g.id, g.version])).toEqual([['candy-kingdom', 2], ['royal-castle', 2]]);

  const other = await freshStudio(browser, info);
  other.once('dialog', (d) => void d.accept());
  await importFiles(other, asFile('backup.json', backup));
  await expect(said(other, 'Imported workspace backup')).toBeVisible();
  const check = async () => {
    expect(await exportPack(other, 'Candy world')).toBe(candy);
    expect(await exportPack(other, 'Royal world')).toBe(royal);
    await openRow(other, json('royal-castle/level_2.json').name);
    await expect(other.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('royal-castle');
    await expect(grid(other)).toBeVisible();
  };
  await check();
  await waitSaved(other);
  await other.reload();
  await expect(grid(other)).toBeVisible();
  await check();
});

test('Recently deleted: a v2 level and a pack of a v2 game come back whole after a reload, a backup restored meanwhile included', async ({ page, browser }, info) => {
  // a backup of a studio holding no v2 game
  const plain = await freshStudio(browser, info);
  await plain.getByRole('button', { name: 'Settings' }).click();
  const classicBackup = await download(plain, () => plain.getByRole('button', { name: 'Export workspace backup' }).click());
  expect(JSON.parse(classicBackup).games).toBeUndefined();

  await openStudio(page);
  await importFiles(page, asFile('candy.json', packOf('candy-kingdom', 'candy-world', 'Candy world')), asFile('royal.json', packOf('royal-castle', 'royal-world', 'Royal world')));
  await expect(said(page, 'Imported pack “Royal world”')).toBeVisible();
  const royal = await exportPack(page, 'Royal world');
  const cake = json('candy-kingdom/level_3.json').name;
  await openRow(page, cake);
  const cakeLevel = await exportLevel(page);
  await row(page, cake).getByRole('button', { name: `Delete ${cake}` }).click();
  await expect(row(page, cake)).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete pack Royal world' }).click();
  await expect(row(page, json('royal-castle/level_1.json').name)).toHaveCount(0);
  await waitSaved(page);
  // the classic backup replaces the workspace; Recently deleted (and the game its pack plays) stays
  page.once('dialog', (d) => void d.accept());
  await importFiles(page, asFile('classic-backup.json', classicBackup));
  await expect(said(page, 'Imported workspace backup')).toBeVisible();
  await page.reload();
  await expect(grid(page)).toBeVisible();

  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const panel = page.getByRole('region', { name: 'Recently deleted' });
  await expect(panel.locator('li.entry')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screenshots/files-v2-recently-deleted.png' });
  await panel.locator('li.entry').filter({ hasText: 'Royal world' }).getByRole('button', { name: 'Restore' }).click();
  await panel.locator('li.entry').filter({ hasText: cake }).getByRole('button', { name: 'Restore' }).click();
  await expect(panel.locator('li.entry')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await waitSaved(page);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  expect(await exportPack(page, 'Royal world')).toBe(royal);
  await openRow(page, cake);
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-kingdom');
  expect(await exportLevel(page)).toBe(cakeLevel);
});

test('broken v2 files are refused naming the field, and the catalogue keeps what it had', async ({ page }) => {
  await openStudio(page);
  await importFiles(page, asFile('candy.json', packOf('candy-kingdom', 'candy-world', 'Candy world')));
  await expect(said(page, 'Imported pack “Candy world”')).toBeVisible();
  const count = await list(page).locator('li.level').count();
  const loop = { ...json('candy-kingdom/level_5.json'), id: 'loop', portals: [{ from: [1, 8], to: [1, 0] }] };
  await importFiles(page, asFile('loop.json', JSON.stringify(loop)));
  await expect(page.getByRole('alert').filter({ hasText: 'loop.json was not imported: portals[0]: makes a closed loop' })).toBeVisible();
  const cake = json('candy-kingdom/level_3.json');
  cake.id = 'cake';
  cake.cells[0][8] = { tile: 'cake' };
  await importFiles(page, asFile('cake.json', JSON.stringify(cake)));
  await expect(page.getByRole('alert').filter({ hasText: 'cake.json was not imported: I1 tile: "cake" is 2×2: it does not fit on the board here' })).toBeVisible();
  const game = json('royal-castle.game.json');
  const lava = game.elements.findIndex((e: { onDestroy?: unknown }) => e.onDestroy);
  game.elements[lava].onDestroy = [{ do: 'explode' }];
  const pack = { format: 'match3-pack', version: 1, id: 'bad', name: 'Bad', games: [game], levels: [json('royal-castle/level_1.json')] };
  await importFiles(page, asFile('bad.json', JSON.stringify(pack)));
  await expect(page.getByRole('alert').filter({ hasText: 'bad.json was not imported: it has 2 problems.' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `games[0].elements[${lava}].onDestroy[0].do: must be an effect` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/files-v2-refused.png' });
  await dismissNotices(page);
  await expect(list(page).locator('li.level')).toHaveCount(count);
});

// ── the folder mode: OPFS stands in for the picker's folder (as tests/e2e/folder.spec.ts does) ──
const FOLDER = 'v2-games';
async function installFolder(page: Page) {
  await page.addInitScript((folder) => {
    const w = window as unknown as Record<string, unknown>;
    w.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
    const H = FileSystemHandle.prototype as unknown as Record<string, unknown>;
    H.queryPermission = async () => 'granted';
    H.requestPermission = async () => 'granted';
  }, FOLDER);
}
/** Writes files into the folder, as git or a teammate would. */
const putFiles = (page: Page, files: Record<string, string>) =>
  page.evaluate(
    async ({ folder, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await w.write(text);
        await w.close();
      }
    },
    { folder: FOLDER, files },
  );
/** Every file of the folder with its text. */
const folderFiles = (page: Page) =>
  page.evaluate(async (folder) => {
    const out: Record<string, string> = {};
    const walk = async (d: FileSystemDirectoryHandle, at: string) => {
      for await (const [n, h] of (d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries())
        if (h.kind === 'directory') await walk(h as FileSystemDirectoryHandle, `${at}${n}/`);
        else out[at + n] = await (await (h as FileSystemFileHandle).getFile()).text();
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '');
    return out;
  }, FOLDER);

test.describe('a folder of version 2 games and levels', () => {
  /** The two v2 example games, each beside its folder of levels, as the examples have them. */
  const examples = () => {
    const files: Record<string, string> = {};
    for (const g of ['candy-kingdom', 'royal-castle']) {
      files[`${g}.game.json`] = ex(`${g}.game.json`);
      for (const f of levelFiles(g)) files[`${g}/${f}`] = ex(`${g}/${f}`);
    }
    return files;
  };
  const status = (page: Page) => page.locator('.folder [role="status"]');
  async function openFolder(page: Page, files: Record<string, string>, opened: string) {
    await installFolder(page);
    await openStudio(page);
    await putFiles(page, files);
    await page.getByRole('button', { name: 'Open folder' }).click();
    await expect(status(page)).toContainText(opened);
  }

  test('opens writing nothing; an edited v2 level is written back with its layout, the other files untouched', async ({ page }) => {
    const files = examples();
    // a file the studio wrote: an edit is one changed line
    const parsed = parseLevelText(files['candy-kingdom/level_5.json'], { games: [candyGame()] });
    if (!parsed.ok) throw new Error('candy-kingdom level 5 does not read');
    files['candy-kingdom/level_5.json'] = levelFileText(parsed.level);
    await openFolder(page, files, 'Opened: 10 levels in 2 packs.');
    await expect(page.getByRole('list', { name: 'Files that could not be read' })).toHaveCount(0);
    await dismissNotices(page);
    expect(await folderFiles(page)).toEqual(files);

    const five = json('candy-kingdom/level_5.json');
    await openRow(page, five.name);
    await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-kingdom');
    await setField(page, 'Moves', String(five.moves + 4));
    await expect(status(page)).toHaveText('Saved to file candy-kingdom/level_5.json.');
    const now = await folderFiles(page);
    const before = files['candy-kingdom/level_5.json'].split('\n');
    const after = now['candy-kingdom/level_5.json'].split('\n');
    expect(after).toHaveLength(before.length);
    expect(after.filter((l, i) => l !== before[i])).toEqual([`  "moves": ${five.moves + 4},`]);
    const written = JSON.parse(now['candy-kingdom/level_5.json']);
    expect([written.version, written.portals, written.belts]).toEqual([2, five.portals, five.belts]);
    for (const [path, text] of Object.entries(files)) if (path !== 'candy-kingdom/level_5.json') expect(now[path]).toBe(text);
    await page.screenshot({ path: 'test-results/screenshots/files-v2-folder.png' });
  });

  test('broken v2 files are listed naming the field and never written; the good files open', async ({ page }) => {
    const files = examples();
    files['candy-kingdom/level_5.json'] = JSON.stringify({ ...json('candy-kingdom/level_5.json'), portals: [{ from: [1, 8], to: [1, 0] }] }, null, 2);
    const cake = json('candy-kingdom/level_3.json');
    cake.cells[0][8] = { tile: 'cake' };
    files['candy-kingdom/level_3.json'] = JSON.stringify(cake, null, 2);
    const game = json('royal-castle.game.json');
    const lava = game.elements.findIndex((e: { onDestroy?: unknown }) => e.onDestroy);
    game.elements[lava].onDestroy = [{ do: 'explode' }];
    files['royal-castle.game.json'] = JSON.stringify(game, null, 2);
    await openFolder(page, files, 'Opened: 4 levels');
    const broken = page.getByRole('list', { name: 'Files that could not be read' });
    await expect(broken).toContainText('candy-kingdom/level_5.json: portals[0]: makes a closed loop');
    await expect(broken).toContainText('candy-kingdom/level_3.json: I1 tile: "cake" is 2×2: it does not fit on the board here');
    await expect(broken).toContainText(`royal-castle.game.json: elements[${lava}].onDestroy[0].do: must be an effect`);
    await page.screenshot({ path: 'test-results/screenshots/files-v2-folder-broken.png' });
    await expect(row(page, json('candy-kingdom/level_1.json').name)).toBeVisible();
    expect(await folderFiles(page)).toEqual(files);
  });
});
