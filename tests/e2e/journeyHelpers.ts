// The designer's journeys of issue 41's "Done when" (journeyCandy.spec, journeyRoyal.spec): a game and a
// version 2 level built in the built app with no file written by hand — elements defined in the game
// editor, the board painted with the palette and drawn with the layout tools, objectives set — then
// analysed, tuned, play-tested, exported and re-imported, in the language and at the width given.
// Words come from the studio's own catalogues (both languages), so one journey runs in either.
import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { fill } from '../../src/i18n/format.ts';
import * as common from '../../src/i18n/catalog/common.ts';
import * as editor from '../../src/i18n/catalog/editor.ts';
import * as chat from '../../src/i18n/catalog/chat.ts';
import * as analysis from '../../src/i18n/catalog/analysis.ts';
import * as report from '../../src/i18n/catalog/report.ts';
import * as tune from '../../src/i18n/catalog/tune.ts';
import * as sync from '../../src/i18n/catalog/sync.ts';
import * as clarity from '../../src/i18n/catalog/clarity.ts';
import * as keys from '../../src/i18n/catalog/keys.ts';
import * as catalogue from '../../src/i18n/catalog/catalogue.ts';
import lazy_block from '../../src/i18n/catalog/lazy/block.ts';
import lazy_bottleneck from '../../src/i18n/catalog/lazy/bottleneck.ts';
import lazy_countdownBrush from '../../src/i18n/catalog/lazy/countdownBrush.ts';
import lazy_compare from '../../src/i18n/catalog/lazy/compare.ts';
import lazy_conflict from '../../src/i18n/catalog/lazy/conflict.ts';
import lazy_copilot from '../../src/i18n/catalog/lazy/copilot.ts';
import lazy_copilotClarity from '../../src/i18n/catalog/lazy/copilotClarity.ts';
import lazy_copilotSettings from '../../src/i18n/catalog/lazy/copilotSettings.ts';
import lazy_deleted from '../../src/i18n/catalog/lazy/deleted.ts';
import lazy_folder from '../../src/i18n/catalog/lazy/folder.ts';
import lazy_gameEditor from '../../src/i18n/catalog/lazy/gameEditor.ts';
import lazy_gameSelect from '../../src/i18n/catalog/lazy/gameSelect.ts';
import lazy_layoutMarks from '../../src/i18n/catalog/lazy/layoutMarks.ts';
import lazy_layoutTools from '../../src/i18n/catalog/lazy/layoutTools.ts';
import lazy_packJob from '../../src/i18n/catalog/lazy/packJob.ts';
import lazy_packNews from '../../src/i18n/catalog/lazy/packNews.ts';
import lazy_packTune from '../../src/i18n/catalog/lazy/packTune.ts';
import lazy_packView from '../../src/i18n/catalog/lazy/packView.ts';
import lazy_playTest from '../../src/i18n/catalog/lazy/playTest.ts';
import lazy_playerTerms from '../../src/i18n/catalog/lazy/playerTerms.ts';
import lazy_players from '../../src/i18n/catalog/lazy/players.ts';
import lazy_problems from '../../src/i18n/catalog/lazy/problems.ts';
import lazy_pwa from '../../src/i18n/catalog/lazy/pwa.ts';
import lazy_report from '../../src/i18n/catalog/lazy/report.ts';
import lazy_review from '../../src/i18n/catalog/lazy/review.ts';
import lazy_searchNumber from '../../src/i18n/catalog/lazy/searchNumber.ts';
import lazy_selection from '../../src/i18n/catalog/lazy/selection.ts';
import lazy_settings from '../../src/i18n/catalog/lazy/settings.ts';
import lazy_shortcuts from '../../src/i18n/catalog/lazy/shortcuts.ts';
import lazy_spawn from '../../src/i18n/catalog/lazy/spawn.ts';
import lazy_startPreview from '../../src/i18n/catalog/lazy/startPreview.ts';
import lazy_storage from '../../src/i18n/catalog/lazy/storage.ts';
import lazy_tuneDialog from '../../src/i18n/catalog/lazy/tuneDialog.ts';
import lazy_tuneReasons from '../../src/i18n/catalog/lazy/tuneReasons.ts';
import lazy_warnings from '../../src/i18n/catalog/lazy/warnings.ts';
import lazy_winCurve from '../../src/i18n/catalog/lazy/winCurve.ts';

/** Every part of the catalogue, the first page's and those that load later. */
const PARTS: { en: Record<string, string>; zh: Record<string, string> }[] = [
  common, editor, chat, analysis, report, tune, sync, clarity, keys, catalogue,
  lazy_block, lazy_bottleneck, lazy_compare, lazy_countdownBrush, lazy_conflict, lazy_copilot, lazy_copilotClarity, lazy_copilotSettings, lazy_deleted, lazy_folder, lazy_gameEditor, lazy_gameSelect, lazy_layoutMarks, lazy_layoutTools, lazy_packJob, lazy_packNews, lazy_packTune, lazy_packView, lazy_playTest, lazy_playerTerms, lazy_players, lazy_problems, lazy_pwa, lazy_report, lazy_review, lazy_searchNumber, lazy_selection, lazy_settings, lazy_shortcuts, lazy_spawn, lazy_startPreview, lazy_storage, lazy_tuneDialog, lazy_tuneReasons, lazy_warnings, lazy_winCurve,
];
import { cell, dismissNotices, drag, grid } from './helpers.ts';
import { radio } from './gameHelpers.ts';
import { cutLabels } from './cutLabels.ts';

export type Lang = 'en' | 'zh';
/** Every journey runs in both languages at both widths the studio is made for. */
export const COMBOS: [Lang, number][] = [['en', 1024], ['en', 1440], ['zh', 1024], ['zh', 1440]];
export type Tr = (key: string, params?: Record<string, string | number>) => string;

/** The studio's words in `lang`, by catalogue key (with its parameters filled as the studio fills them). */
export function words(lang: Lang): Tr {
  const table: Record<string, string> = Object.assign({}, ...PARTS.map((p) => p[lang]));
  return (key, params) => {
    const s = table[key];
    if (s === undefined) throw new Error(`no ${lang} string for ${key}`);
    return fill(s, params, lang === 'en' ? 'en' : 'zh-CN');
  };
}

/** Opens the studio at `width` in `lang` (the language switched in Settings) and starts a new level. */
export async function startJourney(page: Page, lang: Lang, width: number) {
  await page.setViewportSize({ width, height: width >= 1440 ? 900 : 800 });
  // this browser keeps the studio's data: its storage notice would sit over the board's bottom rows
  await page.addInitScript(() => {
    StorageManager.prototype.persist = async () => true;
    StorageManager.prototype.persisted = async () => true;
  });
  await page.goto('./');
  // the first paint, on a machine busy with other tests
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  const tr = words(lang);
  if (lang === 'zh') {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: tr('file.new'), exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: tr('file.new'), exact: true }).click();
  await dismissNotices(page);
  return tr;
}

/** An effect as the game editor offers it; `element` by the element's name. */
export type Fx = { do: 'hit_neighbours' | 'hit_linked' | 'hit_all' | 'tick' | 'credit'; element?: string; counter?: string };
/** An element as a designer fills it in; elements named in `emit` and effects by their names. */
export interface ElementSpec {
  name: string;
  /** One or two characters drawn on it, and its `#rrggbb` colour (how it is drawn only). */
  glyph?: string;
  color?: string;
  layer?: 'tile' | 'cover' | 'ground';
  hp?: number;
  /** The exact damage events (checked; the rest unchecked). */
  damage?: string[];
  falls?: boolean;
  exit?: boolean;
  colored?: boolean;
  countdown?: number;
  size?: [number, number];
  key?: string;
  stopsBlasts?: boolean;
  emit?: { element: string; when: 'quiet' | 'every'; every?: number; where?: 'adjacent' | 'near' | 'board' };
  onHit?: Fx[];
  onDestroy?: Fx[];
}

async function openBehaviours(group: Locator, tr: Tr) {
  const details = group.locator('details.v2');
  if ((await details.getAttribute('open')) === null) await group.locator('summary', { hasText: tr('gameEd.v2.title') }).click();
  await expect(details).toHaveAttribute('open', '');
}

async function effects(group: Locator, tr: Tr, list: 'onHit' | 'onDestroy', fxs: Fx[]) {
  const box = group.getByRole('group', { name: tr('gameEd.fx.' + list), exact: true });
  for (const [j, fx] of fxs.entries()) {
    await box.getByRole('button', { name: tr('gameEd.fx.add'), exact: true }).click();
    await box.getByRole('combobox', { name: tr('gameEd.fx.kind'), exact: true }).nth(j).selectOption(fx.do);
    const item = box.getByRole('group', { name: tr('gameEd.fx.item', { list: tr('gameEd.fx.' + list), n: j + 1 }) });
    if (fx.element) await item.getByLabel(tr('gameEd.fx.element')).selectOption({ label: fx.element });
    if (fx.counter) await item.getByLabel(tr('gameEd.fx.counter')).fill(fx.counter);
  }
}

/** Fills one element's fields (its group already added and named). */
async function fillElement(group: Locator, tr: Tr, e: ElementSpec) {
  if (e.layer && e.layer !== 'tile') await group.getByRole('combobox', { name: tr('gameEd.layer'), exact: true }).selectOption(e.layer);
  if (e.glyph) await group.getByLabel(tr('gameEd.glyph'), { exact: true }).fill(e.glyph);
  if (e.color) await group.getByLabel(tr('gameEd.color'), { exact: true }).fill(e.color);
  if (e.falls) await group.getByRole('checkbox', { name: tr('gameEd.falls'), exact: true }).check();
  if (e.exit) await group.getByRole('checkbox', { name: tr('gameEd.exit'), exact: true }).check();
  const v2 = e.colored || e.size || e.key || e.stopsBlasts || e.emit || e.onHit || e.onDestroy || e.damage?.includes('effect');
  if (v2) await openBehaviours(group, tr);
  if (e.colored) {
    await group.getByRole('checkbox', { name: tr('gameEd.colored') }).check();
    if (e.countdown) await group.getByLabel(tr('gameEd.countdown')).fill(String(e.countdown));
  }
  if (e.size) {
    await group.getByLabel(tr('gameEd.width'), { exact: true }).fill(String(e.size[0]));
    await group.getByLabel(tr('gameEd.height'), { exact: true }).fill(String(e.size[1]));
  }
  if (e.hp) await group.getByLabel(tr('gameEd.hp')).fill(String(e.hp));
  if (e.damage)
    for (const box of await group.locator('input[type=checkbox][value]').all()) {
      const want = e.damage.includes((await box.getAttribute('value'))!);
      if ((await box.isChecked()) !== want) await box.setChecked(want);
    }
  if (e.key) await group.getByLabel(tr('gameEd.key')).selectOption(e.key);
  if (e.stopsBlasts) await group.getByRole('checkbox', { name: tr('gameEd.stops') }).check();
  if (e.emit) {
    const emits = group.getByRole('group', { name: tr('gameEd.emits') });
    await emits.getByLabel(tr('gameEd.emit.element')).selectOption({ label: e.emit.element });
    await emits.getByRole('combobox', { name: tr('gameEd.emit.when'), exact: true }).selectOption(e.emit.when);
    if (e.emit.every) await emits.getByRole('textbox', { name: tr('gameEd.emit.every'), exact: true }).fill(String(e.emit.every));
    if (e.emit.where) await emits.getByRole('combobox', { name: tr('gameEd.emit.where'), exact: true }).selectOption(e.emit.where);
  }
  if (e.onHit) await effects(group, tr, 'onHit', e.onHit);
  if (e.onDestroy) await effects(group, tr, 'onDestroy', e.onDestroy);
}

/**
 * The game, made in the game editor: the classic game duplicated under `id` and `name`, its elements
 * added one by one (in order: an element named by another is added after it), saved. Returns the dialog
 * (still open) for screenshots; `close` closes it.
 */
export async function createGame(page: Page, tr: Tr, id: string, name: string, elements: ElementSpec[]) {
  await page.getByRole('button', { name: tr('props.editGame'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tr('gameEd.title') });
  await dialog.getByRole('button', { name: tr('gameEd.duplicate'), exact: true }).click();
  await dialog.getByLabel(tr('gameEd.id')).fill(id);
  await dialog.getByLabel(tr('gameEd.name')).fill(name);
  for (const e of elements) {
    await dialog.getByRole('button', { name: tr('gameEd.add'), exact: true }).click();
    const fresh = dialog.getByRole('textbox', { name: tr('gameEd.elName'), exact: true }).last();
    await expect(fresh).toBeFocused();
    await fresh.fill(e.name);
    const group = dialog.getByRole('group', { name: e.name, exact: true });
    await fillElement(group, tr, e);
  }
  await expect(dialog.getByText(tr('gameEd.v2.version', { v: 2 }))).toBeVisible();
  // no problem shown anywhere in the draft
  await expect(dialog.locator('.problem')).toHaveCount(0);
  await dialog.getByRole('button', { name: tr('gameEd.save'), exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(tr('gameEd.created', { name }));
  return dialog;
}

export async function closeGameEditor(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // closed is not enough: the dialog leaves the page a moment later (its close event is asynchronous);
  // until then its name, "游戏" in Chinese, is the level properties' "Game" select's label too
  await expect(page.locator('dialog.game-editor')).toHaveCount(0);
}

/** Sets the open level's game (the level properties' select). */
export async function useGame(page: Page, tr: Tr, id: string) {
  const select = page.getByLabel(tr('props.game'), { exact: true });
  await select.selectOption(id);
  await expect(select).toHaveValue(id);
  // the layout tools load with a version 2 game
  await expect(page.getByRole('radiogroup', { name: tr('palette.tools') }).getByRole('radio', { name: tr('tool.portal') })).toBeVisible();
}

/** Paints `value` (a palette swatch's name) on `layer` at each cell with the brush. */
export async function paint(page: Page, tr: Tr, layer: 'tile' | 'cover' | 'ground', value: string, cells: [number, number][]) {
  await radio(page, tr('tool.brush')).click();
  await radio(page, tr('layer.' + layer)).click();
  await radio(page, value).click();
  for (const [x, y] of cells) await cell(page, x, y).click();
}

const tool = (page: Page, tr: Tr, key: string) => page.getByRole('radiogroup', { name: tr('palette.tools') }).getByRole('radio', { name: tr(key), exact: true });
export const marks = (page: Page) => page.getByTestId('layout-marks');
export const paletteStatus = (page: Page) => page.locator('.palette [role="status"]');

/** The Portal tool: the entry clicked, then the exit. */
export async function portal(page: Page, tr: Tr, from: [number, number], to: [number, number]) {
  await tool(page, tr, 'tool.portal').click();
  const before = await marks(page).locator('[data-portal]').count();
  await cell(page, ...from).click();
  await expect(page.getByTestId('portal-pending')).toHaveCount(1);
  await cell(page, ...to).click();
  await expect(marks(page).locator('[data-portal]')).toHaveCount(before + 1);
}

/** The Belt tool: a drag through `path` (a straight run of cells, in order). */
export async function belt(page: Page, tr: Tr, from: [number, number], to: [number, number]) {
  await tool(page, tr, 'tool.belt').click();
  const before = await marks(page).locator('[data-belt]').count();
  await drag(page, from, to, 16);
  await expect(marks(page).locator('[data-belt]')).toHaveCount(before + 1);
}

/** The Wall tool: a click near the right or bottom edge of (x, y). */
export async function wall(page: Page, tr: Tr, x: number, y: number, side: 'right' | 'bottom') {
  await tool(page, tr, 'tool.wall').click();
  const c = cell(page, x, y);
  const b = (await c.boundingBox())!;
  await c.click({ position: side === 'right' ? { x: b.width - 3, y: b.height / 2 } : { x: b.width / 2, y: b.height - 3 } });
  await expect(marks(page).locator(`[data-wall="${x},${y},${side}"]`)).toHaveCount(1);
}

/** The Spawner tool: a click on a fall path's first cell; returns the spawner's own list in the level properties. */
export async function spawner(page: Page, tr: Tr, x: number, y: number, cellName: string) {
  await tool(page, tr, 'tool.spawn').click();
  await cell(page, x, y).click();
  await expect(marks(page).locator('[data-spawner]')).not.toHaveCount(0);
  return page.getByRole('group', { name: tr('spawner.title', { cell: cellName }) });
}

/** The board's cell `name` ("B7") whose accessible name says each of `parts`, in this order. */
export function namedCell(page: Page, tr: Tr, name: string, ...parts: string[]) {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [head] = tr('cell.label', { cell: name, what: '\u0000' }).split('\u0000');
  return grid(page).getByRole('gridcell', { name: new RegExp(`^${esc(head)}.*${parts.map(esc).join('.*')}`) });
}

/** The Hidden piece tool: a rectangle dragged from one corner to the other. */
export async function hidden(page: Page, tr: Tr, from: [number, number], to: [number, number]) {
  await tool(page, tr, 'tool.hidden').click();
  const before = await marks(page).locator('[data-hidden]').count();
  await drag(page, from, to, 8);
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(before + 1);
}

/** Analyze: the report shows (its win rate within 0..1); returns the report region. */
export async function analyze(page: Page, tr: Tr) {
  await page.getByRole('button', { name: tr('an.analyze'), exact: true }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 120_000 });
  const win = Number(await report.getAttribute('data-win-rate'));
  expect(win).toBeGreaterThanOrEqual(0);
  expect(win).toBeLessThanOrEqual(1);
  return report;
}

/** Tune to target: the dialog opens with the level's levers; returns it. */
export async function openTune(page: Page, tr: Tr) {
  await page.getByRole('button', { name: tr('tune.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tr('tune.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A target 30 points away from `win` (a share), in %: a tune toward it must change the level. */
export const awayFrom = (win: number) => Math.round(100 * (win > 0.5 ? win - 0.3 : win + 0.3));

/**
 * A tune run in the open dialog: only the move limit may change, within `from`..`to` (a short search),
 * toward `targetPct` % for the average bot. In the band it lands at once; a miss waits for "Apply the
 * closest", pressed here. Returns the moves the level has after it (read in the level properties).
 */
export async function runTune(page: Page, tr: Tr, dialog: Locator, targetPct: number, from: number, to: number) {
  for (const box of await dialog.locator('input[type=checkbox][data-lever]').all()) await box.setChecked((await box.getAttribute('data-lever')) === 'moves');
  await dialog.getByLabel(tr('tune.target'), { exact: true }).fill(String(targetPct));
  await dialog.getByLabel(tr('tune.tier'), { exact: true }).selectOption('average');
  const lever = tr('tune.lever.moves');
  await dialog.getByLabel(tr('ptune.from', { lever }), { exact: true }).fill(String(from));
  await dialog.getByLabel(tr('ptune.to', { lever }), { exact: true }).fill(String(to));
  await dialog.getByLabel(tr('ptune.to', { lever }), { exact: true }).press('Tab');
  await dialog.getByRole('button', { name: tr('tune.run'), exact: true }).click();
  const result = dialog.getByRole('status');
  await expect(result).toBeVisible({ timeout: 180_000 });
  if ((await result.getAttribute('data-pending')) === 'true') await dialog.getByRole('button', { name: tr('tune.applyClosest'), exact: true }).click();
  await expect(result).toHaveAttribute('data-applied', 'true');
  return result;
}

/**
 * The journeys' tune step: the dialog names the level's levers (`levers` checks them), the move limit is
 * tuned 30 points away from the analysed `win` within 5–60 and lands; the report then shows the tune's
 * confirmed figure. Returns the level's new move limit (as the level properties show it).
 */
export async function tuneMoveLimit(page: Page, tr: Tr, win: number, shotName: string, levers: (dialog: Locator) => Promise<void>) {
  const before = Number(await page.getByLabel(tr('props.moves'), { exact: true }).inputValue());
  const tune = await openTune(page, tr);
  await levers(tune);
  const result = await runTune(page, tr, tune, awayFrom(win), 5, 60);
  const tuned = (await result.getAttribute('data-win-rate'))!;
  await look(page, shotName, { scope: 'dialog.tune' });
  await tune.getByRole('button', { name: tr('tune.close'), exact: true }).click();
  await expect(page.locator('dialog.tune')).toHaveCount(0);
  const moves = await page.getByLabel(tr('props.moves'), { exact: true }).inputValue();
  expect(Number(moves)).toBeGreaterThanOrEqual(5);
  expect(Number(moves)).toBeLessThanOrEqual(60);
  expect(Number(moves)).not.toBe(before);
  await expect(page.getByRole('region', { name: 'Analysis report' })).toHaveAttribute('data-win-rate', tuned);
  return moves;
}

/** Holds the page's clock; the play-test's beats then wait for `stepClock`. */
export async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/** With the clock held: moves it on until the play-test board draws a beat other than "still" (mid-move). */
export async function stepToBeat(page: Page, limitMs = 60_000): Promise<string> {
  const beat = () => page.evaluate(() => document.querySelector('dialog.playtest svg.board')?.getAttribute('data-beat') ?? '');
  for (let t = 0; t < limitMs; t += 8) {
    const b = await beat();
    if (b && b !== 'still' && b !== 'idle') return b;
    await page.clock.runFor(8);
  }
  return beat();
}

/** The open level's Export level: the downloaded file's name and its parsed level, and its path. */
export async function exportLevel(page: Page, tr: Tr) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tr('file.export'), exact: true }).click()]);
  const path = (await download.path())!;
  return { file: download.suggestedFilename(), path, level: JSON.parse(await readFile(path, 'utf8')) };
}

/** Imports a file the studio wrote (an export), through the import button's file input. */
export async function importFile(page: Page, tr: Tr, path: string, name: string) {
  await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles({ name, mimeType: 'application/json', buffer: await readFile(path) });
}

/** The level less its id (an import stores a copy under an id of its own). */
export const withoutId = (l: Record<string, unknown>) => {
  const { id: _id, ...rest } = l;
  return rest;
};

/**
 * axe's serious and critical findings on the page (an open modal dialog included: the rest is inert),
 * or under `scope` only (a selector: a dialog, the report; axe on the whole editor takes 15–35 s on a
 * busy machine, so a journey runs it there once, with the report shown, and on each dialog by itself).
 */
export async function axeEditor(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const found = (await builder.analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`);
}

/** Screenshots into /tmp/shots-journeys/<name>.png (opened by the session that runs them). */
export const shot = (page: Page | Locator, name: string) => page.screenshot({ path: `/tmp/shots-journeys/${name}.png` });

/**
 * A key step looked at: its screenshot (of the page or `of`), axe clean on the page or under `scope`
 * (`null`: the step shows what an earlier one already checked), and no label on the page cut (an open
 * dialog's included).
 */
export async function look(page: Page, name: string, { of = page, scope }: { of?: Page | Locator; scope?: string | null } = {}) {
  const t0 = Date.now();
  await shot(of, name);
  const t1 = Date.now();
  if (scope !== null) expect(await axeEditor(page, scope), `axe at ${name}`).toEqual([]);
  const t2 = Date.now();
  expect(await cutLabels(page, 'body'), `labels cut at ${name}`).toEqual([]);
  if (process.env.JOURNEY_TIMES) console.log(`TIMES ${name} shot ${t1 - t0} axe ${t2 - t1} cut ${Date.now() - t2}`);
}
