// The copilot on a version 2 game (issue 41 item 5): on a Candy Kingdom level the model defines an
// element with a countdown (a game change: always reviewed) and adds a portal (a layout tool, offered on
// version 2 levels only); both wait in one review, are applied together, and Undo takes the portal back.
// Screenshots of the review in both languages go to V2_SHOTS when set.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openStudio } from './helpers.ts';
import { log, received, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';

const shot = (name: string) => (process.env.V2_SHOTS ? `${process.env.V2_SHOTS}/${name}` : test.info().outputPath(name));

async function importCandyPack(page: Page) {
  const game = JSON.parse(await readFile('examples/games/candy-kingdom.game.json', 'utf8'));
  const level = { ...JSON.parse(await readFile('examples/games/candy-kingdom/level_1.json', 'utf8')), id: `e2e-candy-${Date.now()}` };
  const pack = { format: 'match3-pack', version: 1, id: 'e2e-candy-pack', name: 'Candy', games: [game], levels: [level] };
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'candy.pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pack)) });
  await expect(page.getByLabel('Level name')).toHaveValue(level.name);
}

const TIME_BOMB = { id: 'time_bomb', name: 'Time bomb', glyph: 'Tb', color: '#aa2222', layer: 'tile', colored: true, countdown: 7 };
const PORTAL = { from_x: 0, from_y: 4, to_x: 8, to_y: 1 };

for (const lang of ['en', 'zh'] as const)
  test(`a countdown element and a portal on a version 2 level: reviewed, applied, undone (${lang})`, async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await importCandyPack(page);
    await setupProvider(page, key, { review: true });
    await script(key, [
      { type: 'tool_calls', calls: [{ name: 'define_element', arguments: TIME_BOMB }, { name: 'add_portal', arguments: PORTAL }] },
      { type: 'text', text: 'Proposed a time bomb and a portal.' },
    ]);
    await send(page, 'add a bomb with a 7-move countdown and a portal from A5 to I2');
    const review = page.getByRole('region', { name: 'Proposed changes' });
    await expect(review.locator('li')).toHaveCount(2);
    await expect(review.locator('li[data-game-change]')).toContainText('countdown: 7');
    // the first request offered the layout tools and the v2 fields, the terms said once in the system prompt
    const [first] = await received(key);
    const names = (first.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names).toEqual(expect.arrayContaining(['define_element', 'add_portal', 'set_wall', 'remove_portal']));
    expect(first.body.messages[0].content).toContain('Element fields (v2)');
    expect(first.body.messages[0].content).toContain('Layout: *_x, *_y = a cell');

    if (lang === 'zh') {
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const dlg = page.getByRole('dialog', { name: /Settings|设置/ });
      await dlg.getByLabel(/Language|语言/).selectOption('zh');
      await dlg.getByRole('button', { name: '完成' }).click();
      await expect(dlg).toBeHidden();
      await expect(review).toContainText('对游戏“Candy Kingdom”的修改');
    } else await expect(review).toContainText('A change to the game “Candy Kingdom”');
    await page.setViewportSize({ width: 1440, height: 900 });
    await review.scrollIntoViewIfNeeded();
    await review.screenshot({ path: shot(`v2-proposal-${lang}.png`) });

    const marks = page.getByTestId('layout-marks');
    await expect(marks.locator('[data-portal]')).toHaveCount(0);
    await review.getByRole('button', { name: lang === 'en' ? 'Apply selected' : /应用所选|Apply selected/ }).click();
    await expect(review).toBeHidden();
    await expect(marks.locator('[data-portal]')).toHaveCount(1);
    await expect(log(page).locator('li[data-status="applied"]')).toHaveCount(2);
    // the game has the element now: the next request's glossary says it, countdown included
    await script(key, [{ type: 'text', text: 'Both are in.' }]);
    await send(page, 'is it there?');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Both are in.');
    expect((await received(key)).at(-1)!.body.messages[0].content).toContain('time_bomb "Time bomb": tile; match, blast; coloured, countdown 7');

    await page.getByRole('button', { name: lang === 'en' ? 'Undo' : /撤销|Undo/ }).first().click();
    await expect(marks.locator('[data-portal]')).toHaveCount(0);
  });
