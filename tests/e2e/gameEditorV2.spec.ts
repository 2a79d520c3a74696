// The game editor speaks version 2 (issue 41 item 1; issue 40's game-editor minors): on the sweet-saga
// game (version 1), a designer defines by the UI a candy bomb that counts down, a fountain that emits,
// a sugar key whose effect list ticks a counter (added, reordered) and a chest gated on that counter,
// picked from a list. The game turns version 2 by itself and says so; an item shows no damage boxes;
// the colour says it only draws; what cannot be written points to docs/games.md. Saved, re-opened,
// exported: the file validates with the CLI. axe clean; screenshots at 1024 and 1440 px in both languages.
import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { openStudio } from './helpers.ts';
import { addElement, exported, useChinese } from './gameHelpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';

async function axeSerious(page: Page) {
  const found = (await new AxeBuilder({ page }).include('.game-editor').analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`);
}

/** Opens an element's version 2 fields. */
async function behaviours(group: Locator, title = 'Behaviours (version 2)') {
  await group.locator('summary', { hasText: title }).click();
  await expect(group.locator('details.v2')).toHaveAttribute('open', '');
}

async function shots(page: Page, dialog: Locator, at: Locator, name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 768 });
    await expect(dialog.locator('footer')).toBeInViewport();
    await at.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/game-editor-v2-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('define a countdown piece, an emitter, an effect list and a gate by the UI; save, re-open, export a v2 file that validates (match3 validate)', async ({ page }, info) => {
  test.setTimeout(120_000);
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await page.getByRole('list', { name: 'Levels' }).getByText('Chocolate factory').click();
  await page.getByRole('button', { name: 'Edit game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game' });
  await expect(dialog.getByText('Game file version 1.')).toBeVisible();

  // issue 40: an item takes no damage (no boxes), a colour only draws, what cannot be written is named
  const cherry = dialog.getByRole('group', { name: 'Cherry', exact: true });
  await expect(cherry.getByText('An item takes no damage: it leaves the board at an exit.')).toBeVisible();
  await expect(cherry.locator('input[type=checkbox][value]')).toHaveCount(0);
  await expect(cherry.getByLabel('Colour', { exact: true })).toHaveAccessibleDescription(/Colour only changes how it is drawn/);
  await dialog.locator('summary', { hasText: 'What a game cannot say yet' }).click();
  await expect(dialog.getByText(/Not expressible yet: marmalade .* docs\/games\.md/)).toBeVisible();

  // a candy bomb: a coloured piece that counts down
  const bomb = await addElement(dialog, 'Candy bomb');
  await behaviours(bomb);
  await bomb.getByRole('checkbox', { name: 'Coloured piece' }).check();
  await expect(dialog.getByText('This game is now a version 2 game')).toBeVisible();
  await expect(dialog.getByText('Game file version 2.')).toBeVisible();
  await expect(bomb.getByLabel('Hit points')).toHaveCount(0); // a coloured piece takes no hits
  await bomb.getByLabel('Countdown').fill('0');
  await expect(bomb.getByText('must be 1..99')).toBeVisible(); // §12's message beside the field, as typed
  await expect(bomb.getByLabel('Countdown')).toHaveAttribute('aria-invalid', 'true');
  await bomb.getByLabel('Countdown').fill('9');
  await expect(bomb.getByText('A coloured piece that counts down: the level is lost at 0.')).toBeVisible();

  // a fountain that places chocolate every 3 moves near itself
  const fountain = await addElement(dialog, 'Fountain');
  await behaviours(fountain);
  const emits = fountain.getByRole('group', { name: 'Emits' });
  await emits.getByLabel('Emitted element').selectOption({ label: 'Chocolate' });
  await emits.getByRole('combobox', { name: 'When', exact: true }).selectOption('every');
  await emits.getByRole('textbox', { name: 'Every', exact: true }).fill('3');
  await emits.getByRole('combobox', { name: 'Where', exact: true }).selectOption('near');
  await expect(emits.getByText('Places 1 × Chocolate every 3 moves near itself (within 2 cells).')).toBeVisible();

  // a sugar key (a cover) whose effects, added and reordered, hit every chocolate and count up "keys"
  const key = await addElement(dialog, 'Sugar key');
  await key.getByLabel('Layer').selectOption('cover');
  await behaviours(key);
  const destroyed = key.getByRole('group', { name: 'When destroyed', exact: true });
  await destroyed.getByRole('button', { name: 'Add effect' }).click();
  await expect(destroyed.getByRole('combobox', { name: 'Effect', exact: true })).toBeFocused();
  await destroyed.getByRole('combobox', { name: 'Effect', exact: true }).selectOption('tick');
  await destroyed.getByLabel('Counter name').fill('keys');
  await destroyed.getByRole('button', { name: 'Add effect' }).click();
  await destroyed.getByRole('combobox', { name: 'Effect', exact: true }).nth(1).selectOption('hit_all');
  await destroyed.getByLabel('Effect element').selectOption({ label: 'Chocolate' });
  await destroyed.getByRole('button', { name: 'Move effect 2 up' }).click();
  await expect(destroyed.getByText('When destroyed: hit every Chocolate, then count up “keys”.')).toBeVisible();
  await destroyed.getByRole('button', { name: 'Add effect' }).click();
  await destroyed.getByRole('button', { name: 'Remove effect 3' }).click();
  await expect(destroyed.getByRole('combobox', { name: 'Effect', exact: true })).toHaveCount(2);

  // a chest that opens when "keys" reaches 3: the counter is picked from the ones the game ticks
  const chest = await addElement(dialog, 'Chest');
  await behaviours(chest);
  const gate = chest.getByRole('group', { name: 'Gate' });
  await expect(gate.getByRole('combobox', { name: 'Counter', exact: true }).locator('option')).toHaveText(['No gate', 'keys']);
  await gate.getByRole('combobox', { name: 'Counter', exact: true }).selectOption('keys');
  await gate.getByLabel('Opens at').fill('3');
  await expect(gate.getByText('Opens when “keys” reaches 3: until then nothing damages it.')).toBeVisible();

  expect(await axeSerious(page)).toEqual([]);
  await shots(page, dialog, chest, 'en');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText('Saved “Sweet Saga”.');
  await expect(dialog.getByText('This game is now a version 2 game')).toHaveCount(0); // stored as version 2 now
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  // re-opened: the saved fields, shown unfolded because they are used
  await page.getByRole('button', { name: 'Edit game' }).click();
  await expect(dialog.getByText('Game file version 2.')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Chest', exact: true }).getByRole('combobox', { name: 'Counter', exact: true })).toHaveValue('keys');
  await expect(dialog.getByRole('group', { name: 'Candy bomb', exact: true }).getByLabel('Countdown')).toHaveValue('9');
  const { file, game } = await exported(page, dialog);
  expect(file).toBe('sweet-saga.game.json');
  expect(game.version).toBe(2);
  const byId = (id: string) => game.elements.find((e: { id: string }) => e.id === id);
  expect(byId('candy_bomb')).toMatchObject({ colored: true, countdown: 9 });
  expect(byId('fountain').emit).toEqual({ element: 'chocolate', when: 'every', every: 3, where: 'near' });
  expect(byId('sugar_key').onDestroy).toEqual([{ do: 'hit_all', element: 'chocolate' }, { do: 'tick', counter: 'keys' }]);
  expect(byId('chest').gate).toEqual({ counter: 'keys', at: 3 });
  expect(byId('cherry').damage).toBeUndefined();
  const path = info.outputPath('sweet-saga.game.json');
  writeFileSync(path, JSON.stringify(game, null, 2));
  const out = execFileSync('npx', ['tsx', 'src/cli/bin.ts', 'validate', path], { encoding: 'utf8' });
  expect(out).not.toMatch(/error/i);

  // in 简体中文: the same fields in words
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await useChinese(page);
  await page.getByRole('button', { name: '编辑游戏' }).click();
  const zh = page.getByRole('dialog', { name: '游戏' });
  const zkey = zh.getByRole('group', { name: 'Sugar key', exact: true });
  await expect(zkey.getByText('被摧毁时：打击所有“Chocolate”，然后计数器“keys”加一。')).toBeVisible();
  await expect(zh.getByRole('group', { name: 'Chest', exact: true }).getByText('计数器“keys”达到 3 时门打开：在此之前任何东西都伤害不了它。')).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
  await shots(page, zh, zkey, 'zh');
});

test('a version 1 game saved unchanged stays version 1; Keep version 1 takes an automatic upgrade back', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await page.getByRole('list', { name: 'Levels' }).getByText('Chocolate factory').click();
  await page.getByRole('button', { name: 'Edit game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game' });
  const before = (await exported(page, dialog)).game;
  const choc = dialog.getByRole('group', { name: 'Chocolate', exact: true });
  await behaviours(choc);
  await choc.getByRole('checkbox', { name: 'Stops blasts' }).check();
  await expect(dialog.getByText('This game is now a version 2 game')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep version 1' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Back to version 1: the behaviours of version 2 are off.');
  await expect(choc.getByRole('checkbox', { name: 'Stops blasts' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText('Saved “Sweet Saga”.');
  expect((await exported(page, dialog)).game).toEqual(before);
});
