// Issue 30: the controls a person presses while a long job runs stay put. Each job is held
// (simHold.ts) and let go one chunk at a time; after each step the job's progress has moved, and its
// Cancel / Cancel analysis / Stop is still the same DOM element at the same place (a progress update
// changes text and attributes, never the element), and the level list's rows do not move while the
// job's results arrive in their badges. The test-only hold itself is never in the build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { importOpenLevel, openStudio, setField, waitSaved } from './helpers.ts';
import { HOLD_GLOBAL, expectHeld, holdSim, installSimHold, releaseSim, unholdSim } from './simHold.ts';
import { log, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';

type Box = { x: number; y: number; width: number; height: number } | null;

/** Keeps the element `control` resolves to now, and where it is. */
async function pin(control: Locator) {
  await expect(control).toBeVisible();
  const handle = await control.elementHandle();
  const box = await control.boundingBox();
  return {
    async expectSame(step: string) {
      expect(await control.evaluate((el, kept) => el === kept, handle), `${step}: the same element`).toBe(true);
      expect(await control.boundingBox(), `${step}: at the same place`).toEqual(box);
    },
  };
}

/**
 * Lets the job's chunks go one at a time, `steps` times: after each, waits until what the page shows
 * of the job (`shown`) has changed, then checks that `control` is the element it was, where it was.
 */
async function stepJob(page: Page, shown: () => Promise<string>, control: Locator, steps = 3) {
  const kept = await pin(control);
  for (let i = 1; i <= steps; i++) {
    const before = await shown();
    await expectHeld(page);
    expect(await releaseSim(page, 1)).toBe(1);
    await expect.poll(shown, { message: `step ${i}: the job's progress moves` }).not.toBe(before);
    await kept.expectSame(`after step ${i}`);
  }
}

const progressOf = (bar: Locator) => async () => bar.evaluate((e) => `${(e as HTMLProgressElement).value}/${(e as HTMLProgressElement).max} ${e.parentElement?.textContent ?? ''}`);

test.beforeEach(async ({ page }) => {
  await installSimHold(page);
});

test('Tune to target: the dialog\'s Cancel stays the same element, in place, while the search runs', async ({ page }) => {
  await openStudio(page);
  await importOpenLevel(page, { name: 'Steady tune', width: 9, height: 9, moves: 30, seed: 7 });
  await page.getByRole('button', { name: 'Tune to target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tune to target' });
  await dialog.getByLabel('Target win rate').fill('20');
  await holdSim(page);
  await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Tuning progress' });
  await expect(bar).toBeVisible();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await stepJob(page, progressOf(bar), cancel);
  await cancel.click();
  await expect(bar).toBeHidden();
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await unholdSim(page);
});

test('Analysis: Cancel analysis stays the same element, in place, while a Deep analysis runs', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Moves', '30');
  await holdSim(page);
  await page.getByRole('button', { name: 'Deep analysis' }).click();
  const bar = page.getByRole('progressbar', { name: 'Analysis progress' });
  await expect(bar).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel analysis' });
  await stepJob(page, progressOf(bar), cancel);
  await cancel.click();
  await expect(bar).toBeHidden();
  await unholdSim(page);
  await expect(page.getByRole('region', { name: 'Analysis report' })).toHaveCount(0);
});

test('a pack job: its Cancel stays the same element, in place, in the pack view and under the level list', async ({ page }) => {
  await openStudio(page);
  for (const seed of [41, 42, 43]) await importOpenLevel(page, { name: `Steady ${seed}`, width: 9, height: 9, moves: 20, seed });
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await holdSim(page);
  await view.getByRole('button', { name: 'Analyze pack' }).click();
  let job = view.getByRole('group', { name: 'Pack job' });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await stepJob(page, () => job.innerText(), job.getByRole('button', { name: 'Cancel' }));
  // the view closed: the same job under the level list
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  job = page.getByRole('group', { name: 'Pack job' });
  await expect(job.getByRole('progressbar')).toBeVisible();
  const cancel = job.getByRole('button', { name: 'Cancel' });
  await stepJob(page, () => job.innerText(), cancel);
  await cancel.click();
  await expect(job).toHaveCount(0);
  await unholdSim(page);
});

test('the copilot: Stop stays the same element, in place, while the bots play inside a turn', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  await script(key, [{ type: 'tool_calls', calls: [{ name: 'deep_analyze', arguments: { games: 2000 } }] }, { type: 'text', text: 'never reached' }]);
  await holdSim(page);
  await send(page, 'analyse deeply');
  const progress = log(page).getByRole('progressbar', { name: 'Simulation progress' });
  await expect(progress).toBeVisible({ timeout: 20_000 });
  const stop = page.getByRole('button', { name: 'Stop' });
  await stepJob(page, () => log(page).locator('.live').innerText(), stop);
  await stop.click();
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Stopped');
  await expect(progress).toHaveCount(0);
  await unholdSim(page);
});

test('the level list: rows stay where they are while a job\'s results arrive in their badges', async ({ page }) => {
  await openStudio(page);
  await waitSaved(page).catch(() => {});
  const list = page.getByRole('list', { name: 'Levels' });
  const rows = list.locator('li[data-level-id]');
  const boxes = () => rows.evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return `${e.getAttribute('data-level-id')} ${r.x},${r.y} ${r.width}×${r.height}`; }));
  const names = ['Jelly rows', 'Ice and crates', 'Chains and voids'];
  const row = (name: string) => list.getByRole('listitem', { name, exact: true });
  await row(names[0]).locator('button.open').click();
  await row(names[2]).locator('button.open').click({ modifiers: ['Shift'] });
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('3 selected');
  await holdSim(page);
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Analyze selection' }).click();
  const job = page.getByRole('group', { name: 'Pack job' });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  const before = await boxes();
  expect(before.length).toBeGreaterThan(3);
  for (const name of names) await expect(row(name).locator('.badge')).toHaveCount(0);
  // the results arrive: each chosen row gets its badge, and no row has moved
  await unholdSim(page);
  for (const name of names) await expect(row(name).locator('.badge')).toHaveAttribute('data-stale', 'false', { timeout: 90_000 });
  await expect(job).toHaveCount(0);
  expect(await boxes()).toEqual(before);
});

/** A pack file of `n` small levels named `Imported i`. */
function packFile(n: number, id: string) {
  const levels = Array.from({ length: n }, (_, i) => ({
    format: 'match3-level', version: 1, id: `${id}-${i + 1}`, name: `Imported ${i + 1}`, width: 5, height: 5, moves: 10, colors: 4, seed: 100 + i,
    cells: Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}))),
    objectives: [{ type: 'score', target: 300 }],
  }));
  return { name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'match3-pack', version: 1, id, name: id, levels })) };
}

test('the level list: rows stay where they are while an import\'s levels arrive, and its progress comes and goes', async ({ page }) => {
  await openStudio(page);
  const list = page.getByRole('list', { name: 'Levels' });
  await expect(list.locator('li[data-level-id]').first()).toBeVisible();
  const count = Number(await list.getAttribute('data-count'));
  // the list has settled (its rows measured): the same place over two frames
  await expect
    .poll(() => page.evaluate(async () => {
      const at = () => [...document.querySelectorAll('li[data-level-id]')].slice(0, 4).map((e) => e.getBoundingClientRect().y).join();
      const a = at();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return a === at();
    }))
    .toBe(true);
  // where the first rows are at every DOM change and every frame (a move between two of Playwright's
  // looks counts too), and whether the import's progress was ever in the page: an import can be over
  // before a look at the page finds its progress bar (a loaded CI run's failure of this test)
  await page.evaluate(() => {
    const w = window as unknown as { rowsSeen: string[]; progressSeen: boolean };
    w.rowsSeen = [];
    w.progressSeen = false;
    const look = () => {
      const rows = [...document.querySelectorAll('li[data-level-id]')].slice(0, 4);
      const now = rows.map((e) => `${e.getAttribute('data-level-id')}@${Math.round(e.getBoundingClientRect().y)}`).join(' ');
      if (w.rowsSeen.at(-1) !== now) w.rowsSeen.push(now);
      if (document.querySelector('progress[aria-label="Import and export progress"]')) w.progressSeen = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const tick = () => {
      look();
      requestAnimationFrame(tick);
    };
    tick();
  });
  await page.getByLabel('Choose level or pack files to import').setInputFiles(packFile(300, 'Steady import'));
  await expect(list).toHaveAttribute('data-count', String(count + 300), { timeout: 60_000 });
  await expect(page.getByRole('progressbar', { name: 'Import and export progress' })).toHaveCount(0);
  const { rowsSeen, progressSeen } = await page.evaluate(() => {
    const w = window as unknown as { rowsSeen: string[]; progressSeen: boolean };
    return { rowsSeen: w.rowsSeen, progressSeen: w.progressSeen };
  });
  expect(progressSeen, 'the import showed its progress').toBe(true);
  expect(rowsSeen, 'the first rows, each time they changed').toHaveLength(1);
});

test('the test-only hold on the workers is not in the build', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('dist');
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  for (const f of files) {
    const text = readFileSync(f, 'latin1');
    for (const mark of [HOLD_GLOBAL, 'e2e-sim-hold']) expect(text.includes(mark), `${f} names ${mark}`).toBe(false);
  }
});
