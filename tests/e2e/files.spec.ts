import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { boardState, cell, drag, grid, openStudio, pick, waitSaved, setField } from './helpers.ts';

test.describe('files', () => {
  test('export a level, then import the same file as a new level', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Level name', 'Round trip');
    await pick(page, 'value', 'Crate, 2 hp');
    await drag(page, [1, 1], [3, 1]);
    await pick(page, 'layer', 'Cover');
    await pick(page, 'value', 'Ice, 3 layers');
    await cell(page, 5, 5).click();
    const before = await boardState(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export level' }).click()]);
    expect(download.suggestedFilename()).toBe('Round trip.json');
    const path = await download.path();
    const text = await readFile(path!, 'utf8');
    const json = JSON.parse(text);
    expect(json.format).toBe('match3-level');
    expect(json.name).toBe('Round trip');
    expect(json.cells[1][2]).toEqual({ tile: 'crate', hp: 2 });
    expect(json.cells[5][5]).toEqual({ cover: { type: 'ice', layers: 3 } });
    expect(json.cells[0][0]).toEqual({}); // defaults omitted

    const list = page.getByRole('list', { name: 'Levels' });
    const count = await list.locator('li.level').count();
    await page.getByLabel('Choose level or pack files to import').setInputFiles(path!);
    await expect(list.locator('li.level')).toHaveCount(count + 1);
    await expect(page.getByRole('status').filter({ hasText: 'Imported level “Round trip”' })).toBeVisible();
    // the import opens the imported copy (a new id, the same content)
    await expect(page.getByLabel('Level name')).toHaveValue('Round trip');
    expect(await boardState(page)).toEqual(before);
  });

  test('a broken file is refused with the field named, and nothing is lost', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await pick(page, 'value', 'Green (square)');
    await cell(page, 0, 0).click();
    await waitSaved(page);
    const list = page.getByRole('list', { name: 'Levels' });
    const count = await list.locator('li.level').count();
    const before = await boardState(page);

    const bad = {
      format: 'match3-level', version: 1, id: 'bad-1', name: 'Bad', width: 3, height: 3, moves: 10, colors: 4, seed: 1,
      cells: [[{}, {}, {}], [{}, {}, {}], [{}, {}, { cover: { type: 'ice', layers: 5 } }]],
      objectives: [{ type: 'collect', color: 'red', count: 5 }],
    };
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await expect(page.getByRole('alert').filter({ hasText: 'C3 cover.layers: must be 1..3' })).toBeVisible();
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'notjson.json', mimeType: 'application/json', buffer: Buffer.from('{ "format": "match3-level", ') });
    await expect(page.getByRole('alert').filter({ hasText: 'notjson.json' })).toBeVisible();
    await expect(list.locator('li.level')).toHaveCount(count);
    expect(await boardState(page)).toEqual(before);

    await page.reload();
    await expect(grid(page)).toBeVisible();
    await expect(list.locator('li.level')).toHaveCount(count);
    expect(await boardState(page)).toEqual(before);
  });

  test('drag and drop a pack file imports it as a new pack', async ({ page }) => {
    await openStudio(page);
    const lvl = (id: string, name: string) => ({
      format: 'match3-level', version: 1, id, name, width: 4, height: 4, moves: 12, colors: 4, seed: 7,
      cells: Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({}))),
      objectives: [{ type: 'score', target: 1000 }],
    });
    const pack = { format: 'match3-pack', version: 1, id: 'pk', name: 'Dropped pack', levels: [lvl('d1', 'Dropped one'), lvl('d2', 'Dropped two')] };
    const dt = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'pack.json', { type: 'application/json' }));
      return dt;
    }, JSON.stringify(pack));
    const target = page.locator('.dropzone');
    await target.dispatchEvent('dragenter', { dataTransfer: dt });
    await target.dispatchEvent('drop', { dataTransfer: dt });
    const list = page.getByRole('list', { name: 'Levels' });
    await expect(list.getByRole('listitem', { name: 'Dropped one' })).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Dropped two' })).toBeVisible();
    await expect(page.getByLabel('Pack name').last()).toHaveValue('Dropped pack');
  });
});

test('a workspace backup restores levels, packs and conversations after asking', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Level name', 'In the backup');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/set_move_limit 33');
  await box.press('Enter');
  await expect(page.getByLabel('Moves')).toHaveValue('33');
  await waitSaved(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export workspace backup' }).click()]);
  const path = (await download.path())!;
  await page.keyboard.press('Escape');

  const list = page.getByRole('list', { name: 'Levels' });
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Level name', 'Not in the backup');
  await expect(list.getByRole('listitem', { name: 'Not in the backup' })).toBeVisible();

  // declining changes nothing
  const first = page.waitForEvent('dialog');
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  await (await first).dismiss();
  await expect(list.getByRole('listitem', { name: 'Not in the backup' })).toBeVisible();

  const second = page.waitForEvent('dialog');
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  const dialog = await second;
  expect(dialog.message()).toContain('replace');
  await dialog.accept();
  await expect(page.getByRole('status').filter({ hasText: 'Imported workspace backup' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Not in the backup' })).toHaveCount(0);
  await list.getByRole('listitem', { name: 'In the backup' }).getByRole('button').first().click();
  await expect(page.getByLabel('Moves')).toHaveValue('33');
  await expect(page.getByRole('log', { name: 'Conversation' }).locator('[data-role="user"]')).toContainText('/set_move_limit 33');
});

test('a pack exports as one file in the pack format and imports back as a new pack after asking', async ({ page }) => {
  await openStudio(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export pack' }).first().click()]);
  expect(download.suggestedFilename()).toBe('Sample pack.json');
  const path = (await download.path())!;
  const pack = JSON.parse(await readFile(path, 'utf8'));
  expect(pack.format).toBe('match3-pack');
  expect(pack.levels.length).toBeGreaterThanOrEqual(3);
  expect(pack.levels[0].format).toBe('match3-level');
  const list = page.getByRole('list', { name: 'Levels' });
  const count = await list.locator('li.level').count();
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  // its levels are already here (same ids): keeping both is one of the answers
  await page.getByRole('dialog', { name: 'These levels are already here' }).getByRole('button', { name: 'Keep both' }).click();
  await expect(list.locator('li.level')).toHaveCount(count + pack.levels.length);
  await expect(page.getByLabel('Pack name').last()).toHaveValue('Sample pack');
});
