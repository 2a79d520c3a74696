// A folder of level files (issue 32, part 1), in Chromium with real IndexedDB. The origin-private file
// system's directory handles stand in for the picker's: an init script (before the page loads) makes
// `showDirectoryPicker` return the OPFS folder `game-levels`. The test writes and reads files through
// OPFS as git or a teammate would. Two browser behaviours are stood in for, since OPFS always grants
// access: the permission (a switch in sessionStorage: queryPermission answers it, requestPermission sets
// it back to granted, and a write without it is refused with NotAllowedError as the browser does), and a
// hold on writes (createWritable waits while the test holds it), so "during a write" is a state the test
// waits for, not a race.
import { expect, test, type Page } from '@playwright/test';
import { createLevel } from '../../src/core/level/index.ts';
import { levelFileText } from '../../src/core/files/levelFile.ts';
import { grid, setField } from './helpers.ts';

const FOLDER = 'game-levels';
const level = (id: string, name: string, more: { moves?: number; colors?: number } = {}) => levelFileText({ ...createLevel({ id, name, seed: 5 }), ...more });

async function installFolder(page: Page) {
  await page.addInitScript((folder) => {
    const perm = () => sessionStorage.getItem('e2e-folder-perm') ?? 'granted';
    const w = window as unknown as Record<string, unknown>;
    w.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
    const H = FileSystemHandle.prototype as unknown as Record<string, unknown>;
    H.queryPermission = async () => perm();
    H.requestPermission = async () => (sessionStorage.setItem('e2e-folder-perm', 'granted'), 'granted');
    const refuse = () => {
      if (perm() !== 'granted') throw new DOMException('permission withdrawn', 'NotAllowedError');
    };
    // writes wait while the test holds them
    let release: (() => void) | null = null;
    let held = 0;
    const F = FileSystemFileHandle.prototype as unknown as { createWritable: (...a: unknown[]) => Promise<unknown> };
    const create = F.createWritable;
    // `open`: the test's own writes (outside changes) are never held
    w.__folderHold = { held: () => held, release: () => (sessionStorage.removeItem('e2e-folder-hold'), release?.()), open: (h: FileSystemFileHandle) => create.call(h) };
    F.createWritable = async function (this: FileSystemFileHandle, ...a: unknown[]) {
      refuse();
      if (sessionStorage.getItem('e2e-folder-hold') === 'on') {
        held++;
        await new Promise<void>((r) => (release = r));
      }
      return create.apply(this, a);
    };
    const D = FileSystemDirectoryHandle.prototype as unknown as { removeEntry: (...a: unknown[]) => Promise<unknown> };
    const remove = D.removeEntry;
    D.removeEntry = async function (this: FileSystemDirectoryHandle, ...a: unknown[]) {
      refuse();
      return remove.apply(this, a);
    };
  }, FOLDER);
}

/** Writes files into the folder through OPFS, as git or a teammate would. */
async function putFiles(page: Page, files: Record<string, string>) {
  await page.evaluate(
    async ({ folder, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const open = (window as unknown as { __folderHold: { open(h: FileSystemFileHandle): Promise<FileSystemWritableFileStream> } }).__folderHold.open;
        const w = await open(await dir.getFileHandle(parts.at(-1)!, { create: true }));
        await w.write(text);
        await w.close();
      }
    },
    { folder: FOLDER, files },
  );
}

/** The first bytes of a PNG (not UTF-8 text): a file the studio must move byte for byte. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80];

/** Writes a file of bytes into the folder through OPFS. */
async function putBytes(page: Page, path: string, bytes: number[]) {
  await page.evaluate(
    async ({ folder, path, bytes }) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      const parts = path.split('/');
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
      const open = (window as unknown as { __folderHold: { open(h: FileSystemFileHandle): Promise<FileSystemWritableFileStream> } }).__folderHold.open;
      const w = await open(await dir.getFileHandle(parts.at(-1)!, { create: true }));
      await w.write(new Uint8Array(bytes));
      await w.close();
    },
    { folder: FOLDER, path, bytes },
  );
}

/**
 * Every file of the folder (sub-folders too, empty ones as `name/`) with its bytes; null when a file or
 * folder went while it was read (the studio moving files meanwhile: a poll reads again).
 */
async function tree(page: Page): Promise<Record<string, number[]> | null> {
  return page.evaluate(async (folder) => {
    const out: Record<string, number[]> = {};
    const walk = async (d: FileSystemDirectoryHandle, at: string) => {
      let empty = true;
      for await (const [n, h] of (d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        empty = false;
        if (h.kind === 'directory') await walk(h as FileSystemDirectoryHandle, `${at}${n}/`);
        else out[at + n] = [...new Uint8Array(await (await (h as FileSystemFileHandle).getFile()).arrayBuffer())];
      }
      if (empty && at) out[at] = [];
    };
    try {
      await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '');
    } catch (e) {
      if ((e as DOMException).name === 'NotFoundError') return null;
      throw e;
    }
    return out;
  }, FOLDER);
}

/** A file's text (null: no such file). */
async function readFile(page: Page, path: string): Promise<string | null> {
  return page.evaluate(
    async ({ folder, path }) => {
      try {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
        const parts = path.split('/');
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
        return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
      } catch {
        return null;
      }
    },
    { folder: FOLDER, path },
  );
}

const FILES = {
  'world 1/level_1.json': level('w1-1', 'One'),
  'world 1/level_2.json': level('w1-2', 'Two'),
  'world 1/level_10.json': level('w1-10', 'Ten'),
  'world 2/level_1.json': level('w2-1', 'Far one'),
  'intro.json': level('intro', 'Intro'),
  'world 2/broken.json': '{ "format": "match3-level", "version": 1, "name": ',
  'package.json': '{ "name": "the-game" }\n',
};

const list = (page: Page) => page.getByRole('list', { name: 'Levels' }).or(page.getByRole('listbox', { name: 'Levels' }));
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name, exact: true });
const status = (page: Page) => page.locator('.folder [role="status"]');
const openRow = async (page: Page, name: string, nameLabel = 'Level name') => {
  await row(page, name).locator('button.open').press('Enter');
  await expect(page.getByLabel(nameLabel, { exact: true })).toHaveValue(name);
};
/** The lines of `b` that differ from `a` at the same place (a one-field edit adds or removes none). */
const changed = (a: string, b: string) => {
  expect(b.split('\n')).toHaveLength(a.split('\n').length);
  return b.split('\n').filter((l, i) => l !== a.split('\n')[i]);
};

async function openFolder(page: Page) {
  await installFolder(page);
  await page.goto('./');
  await expect(grid(page)).toBeVisible();
  await putFiles(page, FILES);
  await page.getByRole('button', { name: 'Open folder' }).click();
  await expect(page.getByRole('button', { name: 'Close folder' })).toBeVisible();
  await expect(status(page)).toContainText('Opened: 5 levels in 3 packs.');
}

test.describe('a folder of level files', () => {
  test('opens as packs in natural order, lists a broken file; an edit is one changed line; add, move, delete', async ({ page }) => {
    await openFolder(page);
    await expect(page.locator('.folder')).toContainText(FOLDER);
    const packNames = await page.getByLabel('Pack name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(packNames.slice(0, 3)).toEqual([FOLDER, 'world 1', 'world 2']);
    const names = await list(page).locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.slice(0, 5)).toEqual(['Intro', 'One', 'Two', 'Ten', 'Far one']);
    await expect(page.getByRole('list', { name: 'Files that could not be read' })).toContainText('world 2/broken.json: not valid JSON');

    // an edit: written as soon as it is stored, one line changed
    await openRow(page, 'Two');
    await setField(page, 'Moves', '33');
    await expect(status(page)).toHaveText('Saved to file world 1/level_2.json.');
    expect(changed(FILES['world 1/level_2.json'], (await readFile(page, 'world 1/level_2.json'))!)).toEqual(['  "moves": 33,']);
    // renaming does not rename the file
    await setField(page, 'Level name', 'Two bis');
    await expect.poll(() => readFile(page, 'world 1/level_2.json')).toContain('"name": "Two bis"');
    expect(await readFile(page, 'package.json')).toBe(FILES['package.json']); // not a level file: left alone
    expect(await readFile(page, 'world 1/level_1.json')).toBe(FILES['world 1/level_1.json']); // only read: never rewritten

    // a new level is a new file in its pack's folder
    await page.getByRole('button', { name: 'New level' }).click();
    await expect.poll(() => readFile(page, 'world 1/level_11.json')).toContain('"match3-level"');

    // moving to another pack moves the file
    await row(page, 'Ten').locator('button.open').press('Enter');
    await row(page, 'One').locator('button.open').click({ modifiers: ['Control'] });
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Move to pack' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'world 2' }).click();
    await expect.poll(() => readFile(page, 'world 2/level_10.json')).toBe(FILES['world 1/level_10.json']);
    await expect.poll(() => readFile(page, 'world 1/level_10.json')).toBeNull();
    await expect.poll(() => readFile(page, 'world 2/level_1.json')).toBe(FILES['world 2/level_1.json']);

    // a delete removes the file
    await row(page, 'Intro').hover();
    await page.getByRole('button', { name: 'Delete Intro' }).click();
    await expect.poll(() => readFile(page, 'intro.json')).toBeNull();
    await expect(page.getByRole('list', { name: 'Files that could not be read' })).toContainText('world 2/broken.json'); // still listed
    expect(await readFile(page, 'world 2/broken.json')).toBe(FILES['world 2/broken.json']);
  });

  test('outside changes are picked up; one that lands during a write is merged, or asked about', async ({ page }) => {
    await openFolder(page);
    await openRow(page, 'One');
    // a teammate's change, a new file, a removed file (picked up on focus)
    await putFiles(page, { 'world 1/level_1.json': level('w1-1', 'One', { moves: 12 }), 'world 1/level_3.json': level('w1-3', 'Three') });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('12');
    await expect(row(page, 'Three')).toBeVisible();
    const names = await list(page).locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.slice(1, 5)).toEqual(['One', 'Two', 'Three', 'Ten']);

    // during a write, another field changes in the file: both changes kept
    await page.evaluate(() => sessionStorage.setItem('e2e-folder-hold', 'on'));
    await setField(page, 'Moves', '40');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __folderHold: { held(): number } }).__folderHold.held())).toBe(1);
    await putFiles(page, { 'world 1/level_1.json': level('w1-1', 'One', { moves: 12, colors: 4 }) });
    await page.evaluate(() => (window as unknown as { __folderHold: { release(): void } }).__folderHold.release());
    await expect.poll(() => readFile(page, 'world 1/level_1.json')).toContain('"moves": 40');
    const merged = (await readFile(page, 'world 1/level_1.json'))!;
    expect(merged).toContain('"colors": 4');
    await expect(page.getByLabel('Colors', { exact: true })).toHaveValue('4');

    // the same field on both sides: the conflict dialog, as for two tabs
    await page.evaluate(() => sessionStorage.setItem('e2e-folder-hold', 'on'));
    await setField(page, 'Moves', '41');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __folderHold: { held(): number } }).__folderHold.held())).toBe(2);
    await putFiles(page, { 'world 1/level_1.json': level('w1-1', 'One', { moves: 20, colors: 4 }) });
    await page.evaluate(() => (window as unknown as { __folderHold: { release(): void } }).__folderHold.release());
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('changed in its file');
    expect(await readFile(page, 'world 1/level_1.json')).toContain('"moves": 20'); // nothing written while asked
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => readFile(page, 'world 1/level_1.json')).toContain('"moves": 41');
    await expect.poll(() => readFile(page, 'world 1/level_11.json')).toContain('"moves": 20'); // theirs kept as a copy: a new file

    // a file removed outside leaves the list
    await page.evaluate(async (folder) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      await (await root.getDirectoryHandle('world 1')).removeEntry('level_3.json');
    }, FOLDER);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(row(page, 'Three')).toHaveCount(0);
  });

  test('lost access: edits are kept in the browser, the studio opens from its copy after a reload, Allow access writes them', async ({ page }) => {
    await openFolder(page);
    await openRow(page, 'Two');
    await page.evaluate(() => sessionStorage.setItem('e2e-folder-perm', 'prompt'));
    await setField(page, 'Moves', '19');
    await expect(page.getByRole('button', { name: 'Allow access' })).toBeVisible();
    await expect(status(page)).toHaveText('1 change kept in this browser: written to the files once access is allowed.');
    expect(await readFile(page, 'world 1/level_2.json')).toBe(FILES['world 1/level_2.json']);
    // next visit, still without access: the folder's levels open from IndexedDB, and edits land
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Allow access' })).toBeVisible();
    await expect(page.locator('.folder')).toContainText(FOLDER);
    await openRow(page, 'Ten');
    await setField(page, 'Moves', '21');
    await expect(status(page)).toHaveText('2 changes kept in this browser: written to the files once access is allowed.');
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect.poll(() => readFile(page, 'world 1/level_10.json')).toContain('"moves": 21');
    expect(await readFile(page, 'world 1/level_2.json')).toContain('"moves": 19');
    await expect(page.getByRole('button', { name: 'Allow access' })).toHaveCount(0);
  });

  test('a reload in the middle of writing: the edit is in IndexedDB and reaches its file after the reload', async ({ page }) => {
    await openFolder(page);
    await openRow(page, 'Two');
    await page.evaluate(() => sessionStorage.setItem('e2e-folder-hold', 'on'));
    await setField(page, 'Moves', '44');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __folderHold: { held(): number } }).__folderHold.held())).toBe(1);
    // the held write dies with the page; the hold stays on through the reload (sessionStorage), so no
    // later write of the old page or early write of the new one can land before the file is read
    // (letting go of it before the reload raced a second write on a loaded machine: stress-ci run 3)
    await page.reload();
    expect(await readFile(page, 'world 1/level_2.json')).toBe(FILES['world 1/level_2.json']);
    await expect(grid(page)).toBeVisible();
    await page.evaluate(() => (window as unknown as { __folderHold: { release(): void } }).__folderHold.release());
    await expect.poll(() => readFile(page, 'world 1/level_2.json')).toContain('"moves": 44');
    expect(changed(FILES['world 1/level_2.json'], (await readFile(page, 'world 1/level_2.json'))!)).toEqual(['  "moves": 44,']);
    // Close folder: the folder's packs leave the list, the files stay
    await page.getByRole('button', { name: 'Close folder' }).click();
    await expect(page.getByRole('button', { name: 'Open folder' })).toBeVisible();
    await expect(row(page, 'Two')).toHaveCount(0);
    expect(await readFile(page, 'world 1/level_1.json')).toBe(FILES['world 1/level_1.json']);
  });

  test('a level restored from Recently deleted is written back in its pack’s sub-folder, under its old file name', async ({ page }) => {
    await openFolder(page);
    await row(page, 'Two').hover();
    await page.getByRole('button', { name: 'Delete Two' }).click();
    await expect.poll(() => readFile(page, 'world 1/level_2.json')).toBeNull();
    await page.getByRole('button', { name: 'Recently deleted' }).click();
    const entry = page.getByRole('region', { name: 'Recently deleted' }).locator('li[data-level-id="w1-2"]');
    await entry.getByRole('button', { name: 'Restore' }).click();
    await expect(entry).toHaveCount(0);
    await expect.poll(() => readFile(page, 'world 1/level_2.json')).toBe(FILES['world 1/level_2.json']); // byte for byte
    expect(await readFile(page, 'world 1/level_11.json')).toBeNull(); // no copy under a new name
  });

  test('renaming a pack renames its sub-folder, files as they were; a name another folder has is refused and said', async ({ page }) => {
    await openFolder(page);
    const packName = page.getByLabel('Pack name');
    await packName.nth(1).fill('Forest');
    await packName.nth(1).press('Enter');
    await expect.poll(() => readFile(page, 'Forest/level_10.json')).toBe(FILES['world 1/level_10.json']);
    expect(await readFile(page, 'Forest/level_1.json')).toBe(FILES['world 1/level_1.json']);
    expect(await readFile(page, 'Forest/level_2.json')).toBe(FILES['world 1/level_2.json']);
    const hasDir = (name: string) =>
      page.evaluate(async ({ folder, name }) => {
        const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
        for await (const key of (root as unknown as { keys(): AsyncIterable<string> }).keys()) if (key === name) return true;
        return false;
      }, { folder: FOLDER, name });
    await expect.poll(() => hasDir('world 1')).toBe(false);
    // an edit after lands in the file where it is now
    await openRow(page, 'Two');
    await setField(page, 'Moves', '32');
    await expect(status(page)).toHaveText('Saved to file Forest/level_2.json.');

    await packName.nth(2).fill('forest');
    await packName.nth(2).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Not renamed to “forest”: the open folder already has a folder named “forest”.' })).toBeVisible();
    await expect(packName.nth(2)).toHaveValue('world 2');
    expect(await hasDir('world 2')).toBe(true);
    expect(await readFile(page, 'world 2/level_1.json')).toBe(FILES['world 2/level_1.json']);
  });

  test('renaming a pack that holds broken files, a README and a picture moves each once, bytes unchanged; renamed back, the folder is as it was', async ({ page }) => {
    await installFolder(page);
    await page.goto('./');
    await expect(grid(page)).toBeVisible();
    await putFiles(page, { ...FILES, 'world 2/level_2.json': level('w2-2', 'Far two'), 'world 2/README.md': '# world 2\n' });
    await putBytes(page, 'world 2/art.png', PNG);
    await page.getByRole('button', { name: 'Open folder' }).click();
    await expect(status(page)).toContainText('Opened: 6 levels in 3 packs.');
    const brokenList = page.getByRole('list', { name: 'Files that could not be read' });
    await expect(brokenList).toContainText('world 2/broken.json: not valid JSON');
    // a level file broken outside (a merge's markers): listed, its level kept
    await putFiles(page, { 'world 2/level_2.json': '<<<<<<< HEAD\n{}' });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(brokenList.getByRole('listitem')).toHaveCount(2);
    await expect(brokenList).toContainText('world 2/level_2.json');
    const before = (await tree(page))!;
    const packName = page.getByLabel('Pack name');
    const moved = (to: string) => Object.fromEntries(Object.entries(before).map(([p, b]) => [p.replace(/^world 2\//, `${to}/`), b]));

    await packName.nth(2).fill('Far');
    await packName.nth(2).press('Enter');
    await expect.poll(() => tree(page)).toEqual(moved('Far')); // each file once, nothing else made, the old folder gone
    await expect(brokenList.getByRole('listitem')).toHaveCount(2);
    await expect(brokenList).toContainText('Far/broken.json: not valid JSON');
    await expect(brokenList).toContainText('Far/level_2.json');
    const names = await list(page).locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.slice(0, 6)).toEqual(['Intro', 'One', 'Two', 'Ten', 'Far one', 'Far two']);
    // a later pass (an edit elsewhere) writes that edit only: no second file for the level whose file is broken
    await openRow(page, 'Two');
    await setField(page, 'Moves', '33');
    await expect(status(page)).toHaveText('Saved to file world 1/level_2.json.');
    const edited = 'world 1/level_2.json';
    const but = (t: Record<string, number[]> | null) => t && Object.fromEntries(Object.entries(t).filter(([p]) => p !== edited));
    expect(but(await tree(page))).toEqual(but(moved('Far')));

    await packName.nth(2).fill('world 2');
    await packName.nth(2).press('Enter');
    await expect.poll(async () => but(await tree(page))).toEqual(but(before));
    await expect(brokenList.getByRole('listitem')).toHaveCount(2);
    await expect(brokenList).toContainText('world 2/broken.json: not valid JSON');
    await expect(brokenList).toContainText('world 2/level_2.json');
  });

  test('where the browser has no folder access, the button says why and points to import and export', async ({ page }) => {
    await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showDirectoryPicker);
    await page.goto('./');
    await expect(grid(page)).toBeVisible();
    await page.getByRole('button', { name: 'Open folder' }).click();
    await expect(page.getByRole('button', { name: 'Open folder' })).toHaveAccessibleDescription(/cannot open a folder.*Import level and Export level/);
  });
});

test('two tabs: one writes the folder’s files, the other’s edits reach them through it; it takes over when that tab closes', async ({ page, context }) => {
  await openFolder(page);
  const other = await context.newPage();
  await installFolder(other);
  await other.goto('./');
  await expect(grid(other)).toBeVisible();
  await expect(status(other)).toHaveText(/Another tab of the studio has this folder open/);
  await openRow(other, 'Two');
  await setField(other, 'Moves', '35');
  await expect.poll(() => readFile(page, 'world 1/level_2.json')).toContain('"moves": 35');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.close();
  await setField(other, 'Moves', '36');
  await expect.poll(() => readFile(other, 'world 1/level_2.json')).toContain('"moves": 36');
  expect(changed(FILES['world 1/level_2.json'], (await readFile(other, 'world 1/level_2.json'))!)).toEqual(['  "moves": 36,']);
});

test('a pack renamed in the tab that writes the files stays renamed when another tab takes over', async ({ page, context }) => {
  await openFolder(page);
  const other = await context.newPage();
  await installFolder(other);
  await other.goto('./');
  await expect(status(other)).toHaveText(/Another tab of the studio has this folder open/);
  await page.getByLabel('Pack name').nth(1).fill('Forest');
  await page.getByLabel('Pack name').nth(1).press('Enter');
  await expect.poll(() => readFile(page, 'Forest/level_2.json')).toBe(FILES['world 1/level_2.json']);
  await expect(other.getByLabel('Pack name').nth(1)).toHaveValue('Forest');
  await page.close();
  await openRow(other, 'Two');
  await setField(other, 'Moves', '37');
  await expect(status(other)).toHaveText('Saved to file Forest/level_2.json.');
  expect(await readFile(other, 'world 1/level_2.json')).toBeNull(); // not moved back
  expect(await readFile(other, 'Forest/level_1.json')).toBe(FILES['world 1/level_1.json']);
  // every file once, where it is: no folder made again, no copy, no level twice in the list
  const paths = await other.evaluate(async (folder) => {
    const out: string[] = [];
    const walk = async (d: FileSystemDirectoryHandle, at: string) => {
      for await (const [n, h] of (d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries())
        h.kind === 'directory' ? await walk(h as FileSystemDirectoryHandle, `${at}${n}/`) : out.push(at + n);
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '');
    return out.sort();
  }, FOLDER);
  expect(paths).toEqual(['Forest/level_1.json', 'Forest/level_10.json', 'Forest/level_2.json', 'intro.json', 'package.json', 'world 2/broken.json', 'world 2/level_1.json']);
  const names = await list(other).locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names.slice(0, 5)).toEqual(['Intro', 'One', 'Two', 'Ten', 'Far one']);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('the folder’s controls and status speak the designer’s language', async ({ page }) => {
    await installFolder(page);
    await page.goto('./');
    await expect(grid(page)).toBeVisible();
    await putFiles(page, FILES);
    await page.getByRole('button', { name: '打开文件夹' }).click();
    await expect(page.getByRole('button', { name: '关闭文件夹' })).toBeVisible();
    await expect(status(page)).toHaveText('已打开：3 个关卡包中的 5 个关卡。');
    // the file's problem in Chinese too (its message's key and values, worded by the studio)
    await expect(page.getByRole('list', { name: '无法读取的文件' })).toContainText('world 2/broken.json：不是有效的 JSON：');
    await openRow(page, 'Two', '关卡名称');
    await page.getByLabel('步数', { exact: true }).fill('34');
    await page.getByLabel('步数', { exact: true }).press('Enter');
    await expect(status(page)).toHaveText('已保存到文件 world 1/level_2.json。');
    // a pack name another folder has: refused, said in Chinese
    await page.getByLabel('关卡包名称').nth(1).fill('World 2');
    await page.getByLabel('关卡包名称').nth(1).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '没有改名为“World 2”：打开的文件夹中已有名为“World 2”的文件夹。' })).toBeVisible();
    await expect(page.getByLabel('关卡包名称').nth(1)).toHaveValue('world 1');
  });
});
