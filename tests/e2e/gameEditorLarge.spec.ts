// The game editor on a game of many elements (issue 31, the open budget): a workspace game of 30
// elements opens with the groups of the first screen built and the rest as empty groups of their
// element's name, filled when the page is idle. At 1440×900 and 1024×768: every group is named by its
// element from the open; the last group gets its fields without the test scrolling; its name is edited;
// axe finds nothing serious right after the open and once all are built; a late element's wrong value
// is where Save's refusal takes focus. With the page's idle callbacks held (queued by the test until it
// lets them run), so that the groups not built yet stay so: axe on the dialog with its empty groups;
// Save taking focus to a problem in a group not built yet; Add element (the new group built and
// focused); Move down from the last group built (every group built, focus on the moved element).
import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { levelFile, openStudio } from './helpers.ts';

const N = 30;
const SHOTS = 'test-results/screenshots';
const names = Array.from({ length: N }, (_, i) => `Blocker ${i + 1}`);

/** A game of 30 elements (as scripts/bench-scale.ts): ten of each layer, hit points 1..3 (grounds 1..2), some tiles falling. */
function bigGame() {
  const layers = ['tile', 'cover', 'ground'] as const;
  const elements = names.map((name, i) => {
    const layer = layers[i % 3];
    const hp = layer === 'ground' ? 1 + (i % 2) : 1 + (i % 3);
    return { id: `e${i + 1}`, name, layer, hp, ...(layer === 'tile' && i % 2 ? { falls: true } : {}) };
  });
  return { format: 'match3-game', version: 1, id: 'big-game', name: 'Big game', elements };
}
/** Element i (0-based) of bigGame as the editor shows it. */
const shown = (i: number) => ({ layer: ['tile', 'cover', 'ground'][i % 3], hp: String(i % 3 === 2 ? 1 + (i % 2) : 1 + (i % 3)) });

const PACK = {
  format: 'match3-pack',
  version: 1,
  id: 'big-pack',
  name: 'Big game pack',
  games: [bigGame()],
  levels: [levelFile({ id: 'big-1', name: 'Big 1', width: 7, height: 7, moves: 20, colors: 4, seed: 3131, game: 'big-game', objectives: [{ type: 'collect', color: 'red', count: 10 }] })],
};

type AtOpen = { names: (string | null)[]; built: boolean[] };

/**
 * Imports the pack, opens its level and the game editor on its game. What the dialog's element groups
 * were when they first appeared (their names, and which had fields) is recorded in the page by a
 * mutation observer: it runs before any idle callback can build more.
 */
async function openBigGame(page: Page, beforeOpen?: () => Promise<unknown>): Promise<{ dialog: Locator; atOpen: AtOpen }> {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'big-pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PACK)) });
  await expect(page.getByRole('status').filter({ hasText: 'Imported pack “Big game pack”' })).toBeVisible();
  await page.getByRole('list', { name: 'Levels' }).getByText('Big 1', { exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('big-game');
  await page.evaluate((n) => {
    const w = window as unknown as { __geOpen?: AtOpen };
    delete w.__geOpen;
    const seen = new MutationObserver(() => {
      const groups = [...document.querySelectorAll('dialog.game-editor .elements > [role="group"]')];
      if (groups.length < n) return;
      w.__geOpen = { names: groups.map((g) => g.getAttribute('aria-label')), built: groups.map((g) => !!g.querySelector('input')) };
      seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true });
  }, N);
  await beforeOpen?.();
  await page.getByRole('button', { name: 'Edit game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Game name')).toHaveValue('Big game');
  const atOpen = await page.evaluate(() => (window as unknown as { __geOpen?: AtOpen }).__geOpen);
  expect(atOpen, 'the dialog opened with its element groups').toBeTruthy();
  return { dialog, atOpen: atOpen! };
}

type IdleHold = { __holdIdle: boolean; __releaseIdle: () => void };
/**
 * While `__holdIdle` is set, the page's requestIdleCallback queues its callbacks instead of asking the
 * browser; `__releaseIdle()` hands them to the browser's own. Everything else runs as usual.
 */
async function holdIdleCallbacks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as IdleHold;
    const real = window.requestIdleCallback.bind(window);
    const realCancel = window.cancelIdleCallback.bind(window);
    const held = new Map<number, { f: IdleRequestCallback; o?: IdleRequestOptions }>();
    let next = 1_000_000;
    w.__holdIdle = false;
    window.requestIdleCallback = (f, o) => {
      if (!w.__holdIdle) return real(f, o);
      held.set(next, { f, o });
      return next++;
    };
    window.cancelIdleCallback = (id) => {
      if (!held.delete(id)) realCancel(id);
    };
    w.__releaseIdle = () => {
      w.__holdIdle = false;
      for (const { f, o } of held.values()) real(f, o);
      held.clear();
    };
  });
}

async function axeSerious(page: Page) {
  const found = (await new AxeBuilder({ page }).include('.game-editor').analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`);
}

const group = (dialog: Locator, name: string) => dialog.getByRole('group', { name, exact: true });
const nameBox = (g: Locator) => g.getByRole('textbox', { name: 'Element name', exact: true });
/** The groups of the element list, in order: their accessible names. */
async function groupNames(dialog: Locator) {
  const out: string[] = [];
  for (const g of await dialog.locator('.elements > [role="group"]').all()) out.push((await g.getAttribute('aria-label')) ?? '');
  return out;
}

for (const [width, height] of [[1440, 900], [1024, 768]] as const) {
  test(`a game of 30 elements at ${width}×${height}: every group named from the open, the last one built without scrolling, edited; a late problem found by Save`, async ({ page }) => {
    test.slow(); // an import, two axe runs and a dialog of 30 groups, on a busy machine
    await mkdir(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    const { dialog, atOpen } = await openBigGame(page);

    // at the open: each group named by its element, the first screen's built, the rest waiting
    expect(atOpen.names).toEqual(names);
    expect(atOpen.built[0], 'the first group is built at the open').toBe(true);
    expect(atOpen.built.filter((b) => !b).length, 'a game of 30 elements opens with the groups below the first screen left for later').toBeGreaterThan(0);
    for (const name of names) await expect(group(dialog, name)).toHaveCount(1);
    expect(await axeSerious(page)).toEqual([]); // right after the open: empty groups may still be there

    // the last group gets its fields, with nothing scrolled
    const last = group(dialog, 'Blocker 30');
    await expect(nameBox(last)).toHaveValue('Blocker 30');
    await expect(last.getByLabel('Element id', { exact: true })).toHaveValue('e30');
    await expect(last.getByLabel('Layer')).toHaveValue(shown(29).layer);
    await expect(last.getByLabel('Hit points', { exact: true })).toHaveValue(shown(29).hp);
    await expect(last.getByRole('button', { name: 'Remove Blocker 30' })).toHaveCount(1);
    await expect(last).not.toBeInViewport(); // it was built below the first screen, not scrolled to
    await expect(dialog.getByRole('textbox', { name: 'Element name', exact: true })).toHaveCount(N);
    expect(await groupNames(dialog)).toEqual(names);
    expect(await axeSerious(page)).toEqual([]); // all built
    await page.screenshot({ path: `${SHOTS}/game-editor-30-${width}-top.png` });

    // scrolled to it, its name edited: the group takes the new name
    await nameBox(last).scrollIntoViewIfNeeded();
    await nameBox(last).fill('Last blocker');
    await expect(group(dialog, 'Last blocker')).toBeInViewport();
    await expect(group(dialog, 'Blocker 30')).toHaveCount(0);
    await expect(group(dialog, 'Last blocker').getByRole('button', { name: 'Remove Last blocker' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/game-editor-30-${width}-bottom.png` });

    // a wrong value in a late element; back at the top, Save is refused and takes focus to it
    const late = group(dialog, 'Blocker 28');
    await late.getByLabel('Hit points', { exact: true }).fill('9');
    await expect(late.getByText('must be 1..5')).toBeVisible();
    await dialog.locator('.scroll').evaluate((s) => s.scrollTo(0, 0));
    await expect(late.getByLabel('Hit points', { exact: true })).not.toBeInViewport();
    await expect(nameBox(group(dialog, 'Blocker 1'))).toBeInViewport();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Fix the problems shown before saving.');
    await expect(late.getByLabel('Hit points', { exact: true })).toBeFocused();
    await expect(late.getByLabel('Hit points', { exact: true })).toBeInViewport();
    await expect(late.getByLabel('Hit points', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });
}

test('with the idle callbacks held, the groups not built stay empty and named: axe on them; Save builds them and takes focus to a problem in one', async ({ page }) => {
  test.slow();
  await mkdir(SHOTS, { recursive: true });
  // the idle callbacks asked for once the editor opens wait until the test lets them run, so the groups
  // below the first screen stay empty (Playwright's paused clock would hold axe's own timers too)
  await holdIdleCallbacks(page);
  const { dialog, atOpen } = await openBigGame(page, () => page.evaluate(() => ((window as unknown as IdleHold).__holdIdle = true)));
  const unbuilt = atOpen.built.indexOf(false);
  expect(unbuilt, 'groups left for later').toBeGreaterThan(0);
  expect(unbuilt, 'Blocker 28 is among them').toBeLessThan(27);

  // the empty groups: named by their element, without fields, nothing serious for axe
  const empty = group(dialog, 'Blocker 28');
  await expect(empty).toHaveCount(1);
  await expect(empty.getByRole('textbox')).toHaveCount(0);
  expect(await groupNames(dialog)).toEqual(names);
  for (const name of names) await expect(group(dialog, name)).toHaveCount(1); // the accessible name, empty groups too
  expect(await dialog.getByRole('textbox', { name: 'Element name', exact: true }).count()).toBe(unbuilt);
  expect(await axeSerious(page)).toEqual([]);
  await expect(empty.getByRole('textbox')).toHaveCount(0); // still empty: axe ran on the staged dialog
  await dialog.locator('.scroll').evaluate((s) => s.scrollTo(0, s.scrollHeight));
  await expect(empty).toBeInViewport();
  await expect(empty, 'a group not built yet shows which element comes').toContainText('Blocker 28');
  await page.screenshot({ path: `${SHOTS}/game-editor-30-1440-waiting.png` }); // the empty groups, as a quick scroll shows them
  await dialog.locator('.scroll').evaluate((s) => s.scrollTo(0, 0));

  // a duplicate id typed in the first group puts the problem on Blocker 28, not built yet: Save builds
  // every group and takes focus there
  await group(dialog, 'Blocker 1').getByLabel('Element id', { exact: true }).fill('e28');
  await expect(empty.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Fix the problems shown before saving.');
  const lateId = empty.getByLabel('Element id', { exact: true });
  await expect(lateId).toBeFocused();
  await expect(lateId).toHaveAttribute('aria-invalid', 'true');
  await expect(lateId).toBeInViewport();
  await expect(empty.getByText('repeats the id of elements[0]')).toBeVisible();
  await group(dialog, 'Blocker 1').getByLabel('Element id', { exact: true }).fill('e1');
  await expect(lateId).toHaveAttribute('aria-invalid', 'false');
  // let go, the held steps build the rest (nothing is built twice, nothing lost)
  await page.evaluate(() => (window as unknown as IdleHold).__releaseIdle());
});

test('Add element while groups wait to be built: the new group is built and its name focused', async ({ page }) => {
  test.slow();
  await holdIdleCallbacks(page);
  const { dialog, atOpen } = await openBigGame(page, () => page.evaluate(() => ((window as unknown as IdleHold).__holdIdle = true)));
  expect(atOpen.built.indexOf(false), 'groups left for later').toBeGreaterThan(0);
  await expect(group(dialog, 'Blocker 30').getByRole('textbox')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Add element' }).click();
  const fresh = group(dialog, 'Element');
  await expect(nameBox(fresh)).toBeFocused();
  await expect(nameBox(fresh)).toHaveValue('Element');
  await expect(fresh.getByLabel('Layer')).toHaveValue('tile');
  await expect(nameBox(fresh)).toBeInViewport();
  // the groups between were built with it
  await expect(dialog.getByRole('textbox', { name: 'Element name', exact: true })).toHaveCount(N + 1);
  await expect(nameBox(group(dialog, 'Blocker 30'))).toHaveValue('Blocker 30');
  expect(await groupNames(dialog)).toEqual([...names, 'Element']);
  await page.keyboard.type('Newest');
  await expect(group(dialog, 'Newest').getByLabel('Element id', { exact: true })).toHaveValue('newest');
  // let go, the held steps build the rest (nothing is built twice, nothing lost)
  await page.evaluate(() => (window as unknown as IdleHold).__releaseIdle());
});

test('Move from the last group built into the ones waiting: every group built, focus stays on the moved element', async ({ page }) => {
  test.slow();
  await holdIdleCallbacks(page);
  const { dialog, atOpen } = await openBigGame(page, () => page.evaluate(() => ((window as unknown as IdleHold).__holdIdle = true)));
  const unbuilt = atOpen.built.indexOf(false);
  expect(unbuilt, 'groups left for later').toBeGreaterThan(0);
  const moved = names[unbuilt - 1]; // the last group built; the one below it waits
  await expect(group(dialog, names[unbuilt]).getByRole('textbox')).toHaveCount(0);

  await group(dialog, moved).getByRole('button', { name: `Move ${moved} down` }).click();
  await expect(group(dialog, moved).getByRole('button', { name: `Move ${moved} down` })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Element name', exact: true })).toHaveCount(N);
  const order = [...names];
  [order[unbuilt - 1], order[unbuilt]] = [order[unbuilt], order[unbuilt - 1]];
  expect(await groupNames(dialog)).toEqual(order);
  await expect(nameBox(group(dialog, moved))).toHaveValue(moved);
  await expect(nameBox(group(dialog, names[unbuilt]))).toHaveValue(names[unbuilt]);
  await page.evaluate(() => (window as unknown as IdleHold).__releaseIdle());
});
