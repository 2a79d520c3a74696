// The copilot knows the game (issue 31, part 4): on a level of a workspace game, the model's tools and
// system prompt carry the game's elements; define_element comes back as a proposal the designer
// reviews (even in Auto mode: it changes every level of the game); once approved, the new element is
// in the game and the model paints it. A nonsense define_element call gets a clear error and changes
// nothing. Screenshots of the proposal (1440 and 1024 px, both languages) go to GAMES_SHOTS when set.
import { test, expect, type Page } from '@playwright/test';
import { cell, openStudio, waitSaved } from './helpers.ts';
import { log, received, script, send, setupProvider, showCopilot, uniqueKey } from './copilotHelpers.ts';

const shot = (name: string) => (process.env.GAMES_SHOTS ? `${process.env.GAMES_SHOTS}/${name}` : test.info().outputPath(name));

const GAME = {
  format: 'match3-game',
  version: 1,
  id: 'sweets',
  name: 'Sweets',
  elements: [{ id: 'frosting', name: 'Frosting', glyph: 'Fr', color: '#f0d0e0', layer: 'cover', hp: 2 }],
};

/** A pack carrying its game and one 7×7 level of it, imported as a designer imports a file; its level opens. */
async function importGameLevel(page: Page, name: string, game: object = GAME) {
  const level = {
    format: 'match3-level',
    version: 1,
    id: `e2e-sweets-${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    game: 'sweets',
    width: 7,
    height: 7,
    moves: 20,
    colors: 5,
    seed: 3131,
    rules: 2,
    cells: Array.from({ length: 7 }, () => Array.from({ length: 7 }, () => ({}))),
    objectives: [{ type: 'collect', color: 'red', count: 20 }],
  };
  const pack = { format: 'match3-pack', version: 1, id: 'e2e-sweets-pack', name: 'Sweets world', games: [game], levels: [level] };
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'sweets.pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pack)) });
  await expect(page.getByLabel('Level name')).toHaveValue(name);
}

const CHOCOLATE = { id: 'chocolate', name: 'Chocolate', glyph: 'Ch', color: '#5c3a21', layer: 'tile', hp: 1, spread: 'when-none-hit' };

type Tool = { function: { name: string; parameters: { properties: Record<string, { enum?: string[] }> } } };
const toolOf = (body: { tools?: unknown[] }, name: string) => (body.tools as Tool[] | undefined)?.find((t) => t.function.name === name);

test('define_element: a reviewed proposal even in Auto mode; approved, the game has chocolate and the model paints it', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await importGameLevel(page, 'Chocolate factory');
  await setupProvider(page, key); // Auto mode: level edits apply at once, a game change does not
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'define_element', arguments: CHOCOLATE }] },
    { type: 'text', text: 'I propose a chocolate element: approve it and I will paint it.' },
  ]);
  await send(page, 'add a chocolate that spreads when none is hit, 1 hp');
  const review = page.getByRole('region', { name: 'Proposed changes' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('Add the element “chocolate” to the game');
  await expect(review).toContainText('A change to the game “Sweets”: it applies to every level of the game.');

  // the first request was built from the game: frosting in the glossary (the values the paint tools take, said once), chocolate nowhere yet
  const [first] = await received(key);
  expect(first.body.messages[0].content).toContain('Elements of "Sweets" (layer hp/layers; hit by):\nfrosting "Frosting": cover 1..2; match, blast');
  expect(toolOf(first.body, 'define_element')).toBeTruthy();
  expect(JSON.stringify(first.body.tools)).not.toContain('chocolate');
  // the model was told it is a proposal, and nothing reached the level (a paint now would be refused)
  const [, second] = await received(key);
  const result = second.body.messages.find((m) => m.role === 'tool')!;
  expect(result.content).toContain('Proposed new element for the game "Sweets": chocolate "Chocolate"'.replace(' "Chocolate"', ' (Chocolate)'));
  expect(result.content).toContain('the designer always reviews it');

  await page.setViewportSize({ width: 1440, height: 900 });
  await review.screenshot({ path: shot('game-proposal-1440-en.png') });

  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  await expect(log(page).locator('li[data-status="applied"]').last()).toContainText('Add the element “chocolate” to the game');

  // the next request's tools take chocolate, and the model paints it
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'paint_tile', arguments: { x: 3, y: 3, tile: 'chocolate' } }] },
    { type: 'text', text: 'Chocolate in the centre.' },
  ]);
  await send(page, 'paint a chocolate in the centre');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Chocolate in the centre.');
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'chocolate');
  const third = (await received(key))[2];
  expect(third.body.messages[0].content).toContain('chocolate "Chocolate": tile; adjacent, blast; spreads when-none-hit');

  // the game is stored: after a reload the level still shows its chocolate (a level of an unknown element would not load).
  // (A reload in the middle of the paint's write is tests/unit/db/tabs.test.ts's: here the game is the point.)
  await waitSaved(page);
  await page.reload();
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'chocolate');
});

test('a nonsense define_element call gets a clear error naming the fields, and nothing changes', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await importGameLevel(page, 'Nonsense check');
  await setupProvider(page, key, { review: true });
  const before = await cell(page, 3, 3).getAttribute('data-tile');
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'define_element', arguments: { id: 'Bad Id!', layer: 'floor', hp: 9 } }] },
    { type: 'tool_calls', calls: [{ name: 'define_element', arguments: { id: 'frosting', layer: 'cover' } }] },
    { type: 'text', text: 'Those did not work.' },
  ]);
  await send(page, 'add something strange');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Those did not work.');
  const reqs = await received(key);
  const errors = reqs[2].body.messages.filter((m) => m.role === 'tool').map((m) => m.content);
  expect(errors[0]).toMatch(/^Error: define_element: id: must be 1\.\.32 characters: a lower-case letter/);
  expect(errors[0]).toContain('layer: must be tile, cover or ground');
  expect(errors[0]).toContain('hp: must be 1..5');
  expect(errors[1]).toContain('id: the game "Sweets" already has an element "frosting" (update_element changes it)');
  // nothing to review, the level as it was, the game as it was
  await expect(page.getByRole('region', { name: 'Proposed changes' })).toHaveCount(0);
  expect(await cell(page, 3, 3).getAttribute('data-tile')).toBe(before);
  await script(key, [{ type: 'text', text: 'ok' }]);
  await send(page, 'what elements are there?');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('ok');
  const last = (await received(key)).at(-1)!;
  expect(JSON.stringify(last.body.tools)).not.toMatch(/Bad Id|floor/);
  expect(last.body.messages[0].content).not.toContain('chocolate');
});

test('the proposal in Chinese: the game change is named and the element keeps the name the designer wrote', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await importGameLevel(page, 'Chinese proposal');
  await setupProvider(page, key, { review: true });
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dlg = page.getByRole('dialog', { name: /Settings|设置/ });
  await dlg.getByLabel(/Language|语言/).selectOption('zh');
  await dlg.getByRole('button', { name: '完成' }).click();
  await expect(dlg).toBeHidden();
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'define_element', arguments: CHOCOLATE }] },
    { type: 'text', text: '我建议添加巧克力。' },
  ]);
  await send(page, '添加会蔓延的巧克力，1 点生命');
  const review = page.getByRole('region', { name: 'Proposed changes' });
  await expect(review).toContainText('向游戏添加元素“chocolate”');
  await expect(review).toContainText('对游戏“Sweets”的修改：会影响该游戏的所有关卡。');
  await page.setViewportSize({ width: 1024, height: 768 });
  await showCopilot(page);
  await review.scrollIntoViewIfNeeded();
  await review.screenshot({ path: shot('game-proposal-1024-zh.png') });
  await review.getByRole('button', { name: '取消' }).click();
  await expect(review).toBeHidden();
});

test("the chat names the game's elements: a painted ground and a clear objective, in English and Chinese", async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  // the same game with a ground of its own, named as the designer wrote it
  const crumbs = { id: 'crumbs', name: 'Crumbs', glyph: 'Cr', color: '#d9b38c', layer: 'ground', hp: 2 };
  await importGameLevel(page, 'Crumb trail', { ...GAME, elements: [...GAME.elements, crumbs] });
  await setupProvider(page, key); // Auto mode: the edits apply at once
  await script(key, [
    {
      type: 'tool_calls',
      calls: [
        { name: 'paint_ground_region', arguments: { x1: 0, y1: 5, x2: 6, y2: 6, ground: 'crumbs', layers: 2 } },
        { name: 'paint_cover', arguments: { x: 3, y: 3, cover: 'frosting' } },
        { name: 'set_objective', arguments: { type: 'clear_ground', ground: 'crumbs' } },
      ],
    },
    { type: 'text', text: 'Crumbs along the bottom.' },
  ]);
  await send(page, 'put two layers of crumbs on the bottom two rows and make clearing them the goal');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Crumbs along the bottom.');
  await expect(cell(page, 0, 6)).toHaveAttribute('data-ground', 'crumbs:2');
  const line = (tool: string) => log(page).locator(`details.tool[data-tool="${tool}"] .line`);
  await expect(line('paint_ground_region')).toHaveText('Set Crumbs, 2 layers on A6–G7');
  await expect(line('paint_cover')).toHaveText('Set Frosting, 1 layer at D4');
  await expect(line('set_objective')).toHaveText('Replace the objectives with: clear every Crumbs');
  await page.setViewportSize({ width: 1440, height: 900 });
  await log(page).screenshot({ path: shot('game-words-1440-en.png') });

  // in Chinese the lines are the catalogue's, the element names the designer's
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dlg = page.getByRole('dialog', { name: /Settings|设置/ });
  await dlg.getByLabel(/Language|语言/).selectOption('zh');
  await dlg.getByRole('button', { name: '完成' }).click();
  await expect(dlg).toBeHidden();
  await expect(line('paint_ground_region')).toHaveText('在 A6–G7 设置“Crumbs”，2 层');
  await expect(line('paint_cover')).toHaveText('在 D4 设置“Frosting”，1 层');
  await expect(line('set_objective')).toHaveText('将目标替换为：清除全部“Crumbs”');
  await log(page).screenshot({ path: shot('game-words-1440-zh.png') });
});
