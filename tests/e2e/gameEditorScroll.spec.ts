// Issue 41: the game editor's top part (title, game fields, toolbar) stays above the scrolling elements
// region; an element jumped to — a new one (Add element) or the first problem when Save refuses — shows
// from its top, below that fixed top (it came into view with its first row cut off under the toolbar),
// at 1024 × 700 and 1440 × 900.
import { test, expect, type Locator } from '@playwright/test';
import { openStudio } from './helpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';

/** The group's top is below the toolbar's bottom and its first row is inside the region. */
async function topShown(toolbar: Locator, region: Locator, group: Locator) {
  const bar = (await toolbar.boundingBox())!;
  const view = (await region.boundingBox())!;
  const g = (await group.boundingBox())!;
  expect(g.y, 'the group starts below the toolbar').toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(g.y + 40, 'its first row is in the region').toBeLessThanOrEqual(view.y + view.height);
}

/** Scrolls the region so the group's top sits `by` px above the region's top edge (its first row's labels cut off, its fields still in view). */
async function cutTop(region: Locator, group: Locator, by = 20) {
  const g = (await group.boundingBox())!;
  const view = (await region.boundingBox())!;
  await region.evaluate((el, d) => (el.scrollTop += d), g.y - view.y + by);
  const after = (await group.boundingBox())!;
  expect(after.y).toBeLessThan((await region.boundingBox())!.y); // cut off, as a designer's scroll can leave it
}

for (const [width, height] of [[1024, 700], [1440, 900]] as const)
  test(`at ${width} × ${height}: Add element and a problem jumped to on Save show their element from its top`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openStudio(page);
    await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
    await page.getByRole('list', { name: 'Levels' }).getByText('Chocolate factory').click();
    await page.getByRole('button', { name: 'Edit game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Game' });
    const toolbar = dialog.getByRole('toolbar', { name: 'Game' });
    const region = dialog.getByRole('region', { name: 'Elements' });

    // a new element: focus in its name, the whole group in view
    await dialog.getByRole('button', { name: 'Add element' }).click();
    const name = dialog.getByRole('textbox', { name: 'Element name', exact: true }).last();
    await expect(name).toBeFocused();
    await name.fill('Nut');
    const nut = dialog.getByRole('group', { name: 'Nut', exact: true });
    await topShown(toolbar, region, nut);
    const g = (await nut.boundingBox())!;
    const view = (await region.boundingBox())!;
    expect(g.y + g.height, 'the whole new element in view').toBeLessThanOrEqual(view.y + view.height);

    // a wrong id in the first element, the region scrolled so that element's top is cut off: Save jumps to it
    const choc = dialog.getByRole('group', { name: 'Chocolate', exact: true });
    await choc.getByRole('textbox', { name: 'Element id', exact: true }).fill('Bad id!');
    await cutTop(region, choc);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(choc.getByRole('textbox', { name: 'Element id', exact: true })).toBeFocused();
    await topShown(toolbar, region, choc);

    // and a problem in the last element, out of view below (the region scrolled to its start)
    await choc.getByRole('textbox', { name: 'Element id', exact: true }).fill('chocolate');
    await nut.getByRole('textbox', { name: 'Hit points', exact: true }).fill('99');
    await region.evaluate((el) => (el.scrollTop = 0));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(nut.getByRole('textbox', { name: 'Hit points', exact: true })).toBeFocused();
    await topShown(toolbar, region, nut);
    await page.screenshot({ path: `/tmp/shots-editor41/ge-jump-${width}.png` });
  });
