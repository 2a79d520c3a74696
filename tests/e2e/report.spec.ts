import { test, expect, type Page } from '@playwright/test';
import { cell, openStudio, pick, setField, waitSaved } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

const report = (page: Page) => page.getByRole('region', { name: 'Analysis report' });

test.beforeEach(async ({ page }) => {
  await installSimHold(page);
});

/**
 * Runs the analysis and waits for its own report. Its games wait in the test-only hold (simHold.ts)
 * until the job is seen running, so the waits below cannot pass on the page as it was before the click
 * (a progress bar not shown yet is hidden too); then the job ends with a current report.
 */
async function analyze(page: Page, which: 'Analyze' | 'Deep analysis' = 'Analyze') {
  const progress = page.getByRole('progressbar', { name: 'Analysis progress' });
  await holdSim(page);
  await page.getByRole('button', { name: which, exact: true }).click();
  await expect(progress).toBeVisible();
  await expectHeld(page);
  await unholdSim(page);
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  await expect(report(page)).toHaveAttribute('data-stale', 'false');
}

/** The win rate of the report stored for the level named `name` (null: none stored yet). */
const storedRate = (page: Page, name: string) =>
  page.evaluate(
    (name) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('match3-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('reports').objectStore('reports').getAll();
          all.onsuccess = () => {
            db.close();
            const r = (all.result as { level: { name: string }; main: { winRate: number } }[]).find((x) => x.level.name === name);
            resolve(r ? r.main.winRate.toFixed(4) : null);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    name,
  );

test.describe('a report that stays true', () => {
  test('a stale report shows the level as analysed, not today’s objectives', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Objective 1 count', '30');
    await analyze(page);
    await expect(report(page).locator('.objectives')).toContainText('collect 30 red');

    await page.getByLabel('Objective 1 colour').selectOption('blue');
    await setField(page, 'Objective 1 count', '12');
    await setField(page, 'Moves', '31');
    await expect(report(page)).toHaveAttribute('data-stale', 'true');
    // the figures were measured for 30 red in 25 moves, and the report keeps saying so
    await expect(report(page).locator('.objectives')).toContainText('collect 30 red');
    await expect(report(page).locator('.objectives')).not.toContainText('blue');
    await expect(report(page).locator('.stale-note')).toContainText('25 moves');
    await expect(report(page).locator('.stale-note')).toContainText('collect 30 red');
    await expect(report(page).locator('.as-analysed')).toHaveAttribute('data-moves', '25');
    await expect(report(page).getByRole('img', { name: /current limit 25 is marked/ })).toBeVisible();
  });

  test('the last report of each level comes back after a reload, stale if the level changed since', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Level name', 'Kept report');
    await setField(page, 'Moves', '18');
    await analyze(page);
    const rate = await report(page).getAttribute('data-win-rate');
    await waitSaved(page);
    // the report is stored after its frame (src/db/afterFrame.ts), apart from the level's save: the
    // reload comes once it is stored, not when a busy machine happens to have written it
    await expect.poll(() => storedRate(page, 'Kept report')).toBe(rate);

    await page.reload();
    await expect(report(page)).toBeVisible();
    await expect(page.getByLabel('Level name')).toHaveValue('Kept report');
    await expect(report(page)).toHaveAttribute('data-win-rate', rate!);
    await expect(report(page)).toHaveAttribute('data-stale', 'false');

    await setField(page, 'Moves', '19');
    await waitSaved(page);
    await page.reload();
    await expect(report(page)).toHaveAttribute('data-win-rate', rate!);
    await expect(report(page)).toHaveAttribute('data-stale', 'true');
    await expect(report(page).locator('.as-analysed')).toHaveAttribute('data-moves', '18');

    // the next day, Compare still has the version that was analysed, with its report
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const dlg = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(dlg.getByRole('combobox', { name: 'Version A' })).toHaveValue('analysed');
    await expect(dlg.locator('.summary')).toContainText('Moves: 18 → 19.');
    await expect(dlg.getByRole('region', { name: 'Report of Version A' })).toHaveAttribute('data-win-rate', rate!);
    await expect(dlg.getByRole('button', { name: 'Analyze Version B' })).toBeVisible();
  });

  test('0 wins in 1,000 games: the interval reads 0%–0.4%, not 0%–0%', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Width', '5');
    await setField(page, 'Height', '5');
    await setField(page, 'Moves', '1');
    await setField(page, 'Objective 1 count', '999');
    await analyze(page);
    await expect(report(page)).toHaveAttribute('data-win-rate', '0.0000');
    await expect(report(page).locator('tr[data-tier="average"] td:nth-child(3)')).toHaveText('0%–0.4%');
    await expect(report(page)).toContainText('95% interval 0%–0.4%');
    await expect(report(page)).not.toContainText('0%–0%');
  });
});

test.describe('a report that explains itself', () => {
  test('difficulty label explained; curve values on hover and by keyboard; heat legend', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    // jelly and ice under the heat map, to see it stays readable over them
    const message = page.getByRole('textbox', { name: 'Message' });
    for (const cmd of ['/paint_ground_region 0 0 8 3 jelly 2', '/paint_cover_region 0 5 8 8 ice 2', '/set_objective clear_ground ground=jelly', '/set_move_limit 14']) {
      await message.fill(cmd);
      await message.press('Enter');
    }
    await expect(page.getByLabel('Moves')).toHaveValue('14');
    await analyze(page);
    const r = report(page);

    // the label opens its explanation, by mouse and by keyboard
    const summary = r.locator('.explain button');
    await summary.click();
    await expect(r.getByTestId('difficulty-explain')).toContainText('Measured with bots, not players');
    await expect(r.getByTestId('difficulty-explain').locator('li[data-band]')).toHaveCount(6);
    await expect(r.getByTestId('difficulty-explain').locator('li[data-band="easy"]')).toContainText('80% or more');
    await expect(r.getByTestId('difficulty-explain').locator('li.current')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screenshots/explain.png' });
    await page.keyboard.press('Escape');
    await expect(summary).toBeFocused();
    await expect(r.getByTestId('difficulty-explain').locator('li[data-band="easy"]')).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(r.getByTestId('difficulty-explain').locator('li[data-band="easy"]')).toBeVisible();

    // the curve: hover reads every tier's value; focus + arrows move the reading
    const chart = r.getByRole('img', { name: /win rate against the move limit/i });
    const readout = r.getByTestId('curve-readout');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width * 0.6, y: box.height * 0.4 } });
    await expect(readout).toContainText(/At \d+ moves:/);
    await expect(readout).toContainText(/Average \d+%/);
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    await page.mouse.move(0, 0);
    await chart.focus();
    await page.keyboard.press('Home');
    const first = Number(await readout.getAttribute('data-moves'));
    await page.keyboard.press('ArrowRight');
    await expect(readout).toHaveAttribute('data-moves', String(first + 1));
    await expect(readout).toContainText(`At ${first + 1} moves:`);
    await chart.locator('xpath=..').screenshot({ path: 'test-results/screenshots/curve.png' });
    await expect(r.locator('svg text').filter({ hasText: 'Move limit' })).toHaveCount(1);

    // heat map with a legend in the map's unit
    await r.getByRole('radio', { name: 'Clears' }).click();
    await page.locator('.board-wrap').screenshot({ path: 'test-results/screenshots/heat-clears.png' });
    const legend = r.getByRole('group', { name: 'Heat map legend' });
    await expect(legend).toContainText('Hits per game');
    expect(Number(await legend.getAttribute('data-heat-max'))).toBeGreaterThan(0);
    await r.getByRole('radio', { name: 'Left in lost games' }).click();
    await expect(legend).toContainText('left per lost game');
    await page.locator('.board-wrap').screenshot({ path: 'test-results/screenshots/heat-left.png' });
    await r.getByRole('radio', { name: 'Off' }).click();
    await expect(legend).toBeHidden();

    // where play stalls (jelly left in lost games), shown on the board from the bottleneck section
    const b = r.getByRole('region', { name: 'What stops players' });
    await expect(b).toContainText('“clear all jelly” stops players');
    await expect(b).toContainText(/Play stalls at [A-P]\d+/);
    await b.getByRole('button', { name: 'Show on the board' }).click();
    await expect(r.getByRole('radio', { name: 'Left in lost games' })).toHaveAttribute('aria-checked', 'true');
    await expect(legend).toBeVisible();
    await expect(page.locator('.heat rect').first()).toBeAttached();
  });

  test('Deep analysis shows the bottleneck and its suggested fixes; a simulated fix applies as one undo step', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Width', '7');
    await setField(page, 'Height', '7');
    await setField(page, 'Moves', '12');
    await setField(page, 'Objective 1 count', '40');
    await analyze(page, 'Deep analysis');
    const b = report(page).getByRole('region', { name: 'What stops players' });
    await expect(b).toContainText('“collect 40 red” stops players');
    await expect(b).toContainText(/Lost games end [\d.]+ tiles short on average/);
    await expect(b.getByTestId('avg-short')).toHaveAttribute('data-avg-short', /\d/);
    // no target: the easier fix first, naming the band it lands in (issue 21)
    const fix = b.locator('li[data-kind="moves"]').first();
    await expect(fix).toContainText(/Easier: moves 12 → \d+, the win rate goes from \d+% to \d+% \((Easy|Medium|Hard|Very hard|Extreme) \d+%–\d+%\)/);
    await expect(fix).toContainText('simulated');
    const to = (await fix.textContent())!.match(/moves 12 → (\d+)/)![1];
    await b.screenshot({ path: 'test-results/screenshots/bottleneck.png' });
    await fix.getByRole('button', { name: `Apply: moves ${to}` }).click();
    await expect(page.getByLabel('Moves')).toHaveValue(to);
    await expect(report(page)).toHaveAttribute('data-stale', 'true');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByLabel('Moves')).toHaveValue('12');
    await expect(report(page)).toHaveAttribute('data-stale', 'false');
  });
});

test('level list: a thumbnail of each board and the last measured win rate as a coloured badge', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Level name', 'Badge level');
  const item = page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name: 'Badge level' });
  // the thumbnail is drawn from the level's summary, made once per saved version
  await expect(item.locator('canvas.thumb')).toHaveAttribute('data-cells', '81');
  await expect(item.locator('.badge')).toHaveCount(0);
  await pick(page, 'value', 'Void (no cell)');
  await cell(page, 0, 0).click();
  await expect(item.locator('canvas.thumb')).toHaveAttribute('data-cells', '80');

  await analyze(page);
  const badge = item.locator('.badge');
  await expect(badge).toHaveAttribute('data-win-rate', (await report(page).getAttribute('data-win-rate'))!);
  await expect(badge).toHaveAttribute('data-difficulty', /easy|medium|hard|very hard|extreme|impossible/);
  await expect(badge).toHaveAttribute('data-stale', 'false');
  const rate = Math.round(Number(await badge.getAttribute('data-win-rate')) * 100);
  await expect(item.getByRole('button', { name: new RegExp(`Badge level.*Last measured win rate ${rate}%`) })).toBeVisible();
  await page.locator('aside.left').screenshot({ path: 'test-results/screenshots/level-list.png' });
  await setField(page, 'Moves', '30');
  await expect(badge).toHaveAttribute('data-stale', 'true');
});

test('Compare: an earlier version and another level side by side, changed cells marked, both reports', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Level name', 'Compared');
  await analyze(page);
  await pick(page, 'value', 'Bomb');
  await cell(page, 2, 3).click();
  await cell(page, 4, 4).click();

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const dlg = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dlg).toBeVisible();
  // A defaults to the level as last analysed (before both bombs), with its report; B to the level now
  const pickA = dlg.getByRole('combobox', { name: 'Version A' });
  await expect(pickA).toHaveValue('analysed');
  await expect(dlg.getByRole('combobox', { name: 'Version B' })).toHaveValue('current');
  await expect(dlg.locator('.summary')).toHaveAttribute('data-changed', '2');
  const left = dlg.locator('[data-side="left"]');
  const right = dlg.locator('[data-side="right"]');
  await expect(left.getByRole('region', { name: 'Report of Version A' })).toHaveAttribute('data-win-rate', (await report(page).getAttribute('data-win-rate'))!);
  await expect(right.locator('g[data-changed="true"]')).toHaveCount(2);

  // an earlier point in the history: before the last change (one bomb), one cell differs
  const history = pickA.locator('optgroup').first().locator('option');
  await expect(history.nth(0)).toHaveText(/^Before “Brush: bomb”/i);
  await pickA.selectOption((await history.nth(0).getAttribute('value'))!);
  await expect(dlg.locator('.summary')).toHaveAttribute('data-changed', '1');
  await expect(right.locator('g[data-changed="true"]')).toHaveCount(1);
  await expect(right.locator('g[data-changed="true"]')).toHaveAttribute('data-x', '4');
  // before both: the same content as analysed, so the same report
  await pickA.selectOption((await history.nth(1).getAttribute('value'))!);
  await expect(dlg.locator('.summary')).toHaveAttribute('data-changed', '2');
  await expect(left.getByRole('region', { name: 'Report of Version A' })).toHaveAttribute('data-win-rate', (await report(page).getAttribute('data-win-rate'))!);
  // the level now has no report yet: analyse it from here
  await right.getByRole('button', { name: 'Analyze Version B' }).click();
  await expect(right.getByRole('region', { name: 'Report of Version B' })).toBeVisible({ timeout: 60_000 });
  await dlg.screenshot({ path: 'test-results/screenshots/compare.png' });

  // another level, picked with the keyboard
  await dlg.getByRole('combobox', { name: 'Version A' }).focus();
  const other = await dlg.getByRole('combobox', { name: 'Version A' }).locator('optgroup').last().locator('option').first().getAttribute('value');
  await dlg.getByRole('combobox', { name: 'Version A' }).selectOption(other!);
  await expect(dlg.getByRole('combobox', { name: 'Version A' })).toHaveValue(other!);
  // the sample level differs in size, moves or objectives too, and the summary says so in words
  await expect(dlg.locator('.summary')).toContainText(/Sizes differ|Moves:|Objectives:/);
  await page.keyboard.press('Escape');
  await expect(dlg).toBeHidden();
});

test('the report in 简体中文', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '新建关卡', exact: true }).click();
  await page.getByRole('button', { name: '深度分析' }).click();
  const r = report(page);
  await expect(r).toHaveAttribute('data-stale', 'false', { timeout: 60_000 });
  await r.locator('.explain button').click();
  await expect(r.getByTestId('difficulty-explain')).toContainText('这是用机器人而不是真人测出的');
  await expect(r.getByRole('region', { name: '卡住玩家的地方' })).toBeVisible();
  await expect(r.getByTestId('curve-readout')).toContainText('把鼠标移到图表上');
  await r.getByRole('radio', { name: '消除' }).click();
  await expect(r.getByRole('group', { name: '热力图图例' })).toContainText('每局命中次数');
  await page.locator('aside.right').screenshot({ path: 'test-results/screenshots/report-zh.png' });
  await page.getByRole('button', { name: '对比', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '对比版本' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '对比版本' }).getByRole('combobox', { name: '版本 A' })).toBeVisible();
});

test('a report enters the page whole: its chart and bottleneck panel come in the same update as the report', async ({ page }) => {
  // (they used to load in an {#await import()} each and pop in a moment later: a second layout and
  // paint on the main thread, which the simulation workers need; docs/performance.md)
  await openStudio(page);
  await analyze(page); // the first report of the session: the parts load as it runs
  await expect(report(page).getByRole('region', { name: 'What stops players' })).toBeVisible();
  await page.getByRole('button', { name: 'New level' }).click();
  await expect(report(page)).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { __whole?: { chart: boolean; bottleneck: boolean } };
    const seen = new MutationObserver(() => {
      const r = document.querySelector('[aria-label="Analysis report"]');
      if (!r || w.__whole) return;
      w.__whole = { chart: !!r.querySelector('[role="img"][aria-label*="current limit"]'), bottleneck: !!r.querySelector('[aria-label="What stops players"]') };
      seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
  await analyze(page);
  expect(await page.evaluate(() => (window as unknown as { __whole?: unknown }).__whole)).toEqual({ chart: true, bottleneck: true });
});
