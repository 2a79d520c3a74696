// The catalogue at scale (issue 18): imports generated catalogues of 500, 2,000 and 10,000 levels into
// the built studio in Chromium and prints, per size: import, reload until the list and the board show,
// open a level far down the list (median), one field edit until painted and until saved (median), JS
// heap after a GC, DOM nodes; then every level of the catalogue deleted at once (Select all matching in
// its pack, Delete: until the list is painted, and until the move to Recently deleted is written, one
// transaction) and the notice's Undo (until the levels are listed again). Needs a build; `npm run
// bench:scale` builds first.
//   npm run bench:scale               500, 2,000, 10,000
//   SIZES=500,2000 npm run bench:scale
//   SIZES= npm run bench:scale        the folder case alone
// Open and edit are timed inside the page: from the click (or the change event Enter sends) to the
// next painted frame (a requestAnimationFrame, then a task); "saved" is when the status says so.
// Then a folder of level files (issue 32; FOLDER=0 leaves it out): 2,000 files in 20 sub-folders on
// Chromium's origin-private file system (the same handles the picker gives): from Open folder to the list
// and board shown, one field edit until its file holds it, and the main-thread time of a scan of the
// unchanged folder (the page's TaskDuration over a window of polls, per scan; the scan itself runs in a
// worker, so this is what the page pays: the message, the diff, the plan).
// Then the games case (issue 31; GAMES=0 leaves it out): a workspace game of 30 elements and a pack of
// its 2,000 levels with a classic level after every tenth: opening the game editor on a level of the game
// (click → the dialog painted with its 30 element groups, the ones in view with their fields; the first
// open, which loads its code, apart), one field edit at once (the first element's name typed → painted),
// until every group has its fields (painted, from the click), then the last element's name typed with
// the page idle (→ painted), and a change of nothing timed the same way (the timer's floor: the frame
// that paints a change and the next one); and the palette switch when a level of the other game is
// opened (click on a row → the frame that shows its name and its game's swatches), both ways; medians
// of RUNS. The aims are the catalogue's: open ≤ 50 ms, edit ≤ 30 ms.
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { generatedLevel, generatedPackText } from '../tests/fixtures/catalogue.ts';
import { createLevel } from '../src/core/level/index.ts';
import { levelFileText } from '../src/core/files/levelFile.ts';
import { readFileSync, readdirSync } from 'node:fs';

const PORT = Number(process.env.BENCH_PORT ?? 4189);
const SIZES = (process.env.SIZES ?? '500,2000,10000').split(',').filter(Boolean).map(Number); // SIZES= : the folder case alone
const RUNS = Number(process.env.RUNS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resolves in the page at the next painted frame after `ready()` holds (polled each frame). */
const PAINT_HELPERS = `
  window.__name = (f) => f; // tsx keeps function names with a helper the page does not have
  window.__painted = (ready) => new Promise((resolve) => {
    const tick = () => (ready() ? requestAnimationFrame(() => setTimeout(resolve, 0)) : requestAnimationFrame(tick));
    tick();
  });
`;

async function waitShown(page: Page) {
  await page.getByRole('grid', { name: 'Level grid' }).waitFor({ timeout: 120_000 });
  await page.locator('ul.rows li.level').first().waitFor({ timeout: 120_000 });
}

/** Imports a pack file's text through the file input: until the notice says the pack `name` is in (ms). */
async function importPack(page: Page, file: string, text: string, name: string): Promise<number> {
  const t0 = Date.now();
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByRole('status').filter({ hasText: `Imported pack “${name}”` }).waitFor({ timeout: 600_000 });
  return Date.now() - t0;
}

const importCatalogue = (page: Page, n: number) => importPack(page, `catalogue-${n}.json`, generatedPackText(n, `Catalogue ${n}`), `Catalogue ${n}`);

/** What every catalogue is timed on once imported: a reload until shown (median of 3), a level far down opened, one field edit. */
async function reloadOpenEdit(page: Page): Promise<{ reloadMs: number; openMs: number; edit: { painted: number; saved: number } }> {
  await page.waitForTimeout(500);
  const reloadMs = median([await reloadShown(page), await reloadShown(page), await reloadShown(page)]);
  await page.waitForTimeout(500);
  const openMs = await openFar(page);
  const edit = await editField(page);
  return { reloadMs, openMs, edit };
}

/** From navigation start to the frame where the list shows a row and the board its cells. */
async function reloadShown(page: Page): Promise<number> {
  await page.reload();
  await waitShown(page);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const ready = () => document.querySelector('[aria-label="Level grid"] [data-x]') && document.querySelector('ul.rows li.level');
        const tick = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(tick));
        tick();
      }),
  );
}

/** Clicks rows near the end of the list, one after another: click → the open level's name painted. */
async function openFar(page: Page): Promise<number> {
  const times: number[] = [];
  await page.evaluate(() => {
    const s = document.querySelector('.scroller') as HTMLElement;
    s.scrollTop = s.scrollHeight;
  });
  await page.waitForTimeout(300);
  for (let i = 0; i < RUNS; i++) {
    const ms = await page.evaluate(async (i) => {
      const rows = [...document.querySelectorAll('ul.rows li.level:not(.current)')] as HTMLElement[];
      const row = rows[rows.length - 1 - i] ?? rows[0];
      const name = row.getAttribute('aria-label');
      const input = document.querySelector('label.name input') as HTMLInputElement;
      const t0 = performance.now();
      (row.querySelector('button.open') as HTMLButtonElement).click();
      await (window as unknown as { __painted: (f: () => boolean) => Promise<void> }).__painted(() => input.value === name);
      return performance.now() - t0;
    }, i);
    times.push(ms);
    await page.waitForTimeout(150);
  }
  return median(times);
}

/** Moves typed and committed (the change event Enter sends) → painted, and → the status says saved. */
async function editField(page: Page): Promise<{ painted: number; saved: number }> {
  const painted: number[] = [];
  const saved: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await page.evaluate(async (value) => {
      const input = document.querySelector('input[type="number"][max="200"]') as HTMLInputElement; // Moves
      const status = document.querySelector('.save') as HTMLElement;
      let sawSaving = false;
      let savedAt = 0;
      const done = new Promise<void>((resolve) => {
        const obs = new MutationObserver(() => {
          if (status.classList.contains('saving')) sawSaving = true;
          if (sawSaving && status.classList.contains('saved')) {
            savedAt = performance.now();
            obs.disconnect();
            resolve();
          }
        });
        obs.observe(status, { attributes: true, childList: true, subtree: true, characterData: true });
      });
      input.value = String(value);
      const t0 = performance.now();
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await (window as unknown as { __painted: (f: () => boolean) => Promise<void> }).__painted(() => true);
      const paintedMs = performance.now() - t0;
      await done;
      return { painted: paintedMs, saved: savedAt - t0 };
    }, 20 + (i % 2));
    painted.push(r.painted);
    saved.push(r.saved);
    await page.waitForTimeout(100);
  }
  return { painted: median(painted), saved: median(saved) };
}

const GAME_LEVELS = 2000;
const GAME_ELEMENTS = 30;

/** A game of 30 elements: ten of each layer, hit points 1..3 (grounds 1..2), some tiles falling. */
function benchGame() {
  const layers = ['tile', 'cover', 'ground'] as const;
  const elements = Array.from({ length: GAME_ELEMENTS }, (_, i) => {
    const layer = layers[i % 3];
    const hp = layer === 'ground' ? 1 + (i % 2) : 1 + (i % 3);
    return { id: `e${i + 1}`, name: `Blocker ${i + 1}`, layer, hp, ...(layer === 'tile' && i % 2 ? { falls: true } : {}) };
  });
  return { format: 'match3-game', version: 1, id: 'bench-game', name: 'Bench game', elements };
}

/** The pack: 2,000 levels of the game (each with a few of its elements), a classic level after every tenth. */
function gamePackText(): string {
  const game = benchGame();
  const levels: Record<string, unknown>[] = [];
  for (let i = 0; i < GAME_LEVELS; i++) {
    const base = generatedLevel(i, 'bg');
    const cells = (base.cells as Record<string, unknown>[][]).map((row, y) =>
      row.map((c, x) => {
        if (c.tile === 'void') return c;
        const e = game.elements[(x * 7 + y * 3 + i) % GAME_ELEMENTS];
        if ((x + y + i) % 6) return {};
        if (e.layer === 'tile') return { tile: e.id, hp: e.hp };
        return { [e.layer]: { type: e.id, layers: e.hp } };
      }),
    );
    levels.push({ ...base, name: `Game level ${i + 1}`, game: game.id, cells, objectives: [(base.objectives as unknown[])[0]] });
    if (i % 10 === 9) levels.push({ ...generatedLevel(i, 'bc'), name: `Classic level ${i + 1}` });
  }
  return JSON.stringify({ format: 'match3-pack', version: 1, id: 'pack-bench-game', name: 'Bench game pack', games: [game], levels });
}

const V2_LEVELS = 2000;
const V2_GAMES = ['candy-kingdom', 'royal-castle'];

/** 2,000 version 2 levels: the example games' levels in turn, each with a new id and name. */
function v2PackText(): string {
  const games = V2_GAMES.map((g) => JSON.parse(readFileSync(`examples/games/${g}.game.json`, 'utf8')));
  const sources = V2_GAMES.flatMap((g) =>
    readdirSync(`examples/games/${g}`).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(`examples/games/${g}/${f}`, 'utf8'))),
  );
  const levels = Array.from({ length: V2_LEVELS }, (_, i) => ({ ...sources[i % sources.length], id: `v2-${String(i).padStart(6, '0')}`, name: `V2 level ${i + 1}` }));
  return JSON.stringify({ format: 'match3-pack', version: 1, id: 'pack-bench-v2', name: 'Bench v2 pack', games, levels });
}

/** The version 2 catalogue, timed as a classic size is: import, reload, open far, edit. */
async function benchV2(browser: import('@playwright/test').Browser): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(PAINT_HELPERS);
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await waitShown(page);
  const importMs = await importPack(page, 'bench-v2.json', v2PackText(), 'Bench v2 pack');
  const { reloadMs, openMs, edit } = await reloadOpenEdit(page);
  await context.close();
  return `| ${V2_LEVELS.toLocaleString('en-US')} version 2 | ${(importMs / 1000).toFixed(1)} s | ${(reloadMs / 1000).toFixed(2)} s | ${openMs.toFixed(0)} ms | ${edit.painted.toFixed(0)} ms | ${edit.saved.toFixed(0)} ms |`;
}

type PaintWindow = { __painted: (f: () => boolean) => Promise<void> };

/** Opens the row named `name` (it must be on screen): click → its name and its game's palette painted. */
async function openRow(page: Page, name: string, gameSwatch: boolean): Promise<number> {
  return page.evaluate(
    async ({ name, gameSwatch }) => {
      const row = document.querySelector(`ul.rows li.level[aria-label="${name}"]`) as HTMLElement;
      const input = document.querySelector('label.name input') as HTMLInputElement;
      const swatch = () => !!document.querySelector('.swatches [aria-label^="Blocker 1"]');
      const t0 = performance.now();
      (row.querySelector('button.open') as HTMLButtonElement).click();
      await (window as unknown as PaintWindow).__painted(() => input.value === name && swatch() === gameSwatch);
      return performance.now() - t0;
    },
    { name, gameSwatch },
  );
}

async function benchGames(browser: import('@playwright/test').Browser): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(PAINT_HELPERS);
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await waitShown(page);
  const importMs = await importPack(page, 'bench-game.pack.json', gamePackText(), 'Bench game pack');
  await openFilters(page);
  await page.getByLabel('Pack filter').selectOption({ label: 'Bench game pack' });
  await page.evaluate(() => {
    const s = document.querySelector('.scroller') as HTMLElement;
    s.scrollTop = s.scrollHeight;
  });
  await page.waitForTimeout(300);
  // rows near the end: game levels 1,981.. and the classic levels after 1,990 and 2,000
  const names = await page.evaluate(() => [...document.querySelectorAll('ul.rows li.level')].map((r) => r.getAttribute('aria-label') ?? ''));
  const gameRows = names.filter((n) => n.startsWith('Game level'));
  const classicRows = names.filter((n) => n.startsWith('Classic level'));
  if (!gameRows.length || !classicRows.length) throw new Error(`rows on screen: ${names.join(', ')}`);
  const toGame: number[] = [];
  const toClassic: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    toClassic.push(await openRow(page, classicRows[i % classicRows.length], false));
    await page.waitForTimeout(150);
    toGame.push(await openRow(page, gameRows[gameRows.length - 1 - (i % gameRows.length)], true));
    await page.waitForTimeout(150);
  }
  // the game editor on the open game level: open (its 30 element groups, the ones in view with their
  // fields, painted), the first element's name typed at once, every group built (the editor builds the
  // groups below the first screen after the first paint; where it builds them all at once, a frame after
  // the typed name), the last element's name typed, closed (Discard)
  const opens: number[] = [];
  const builds: number[] = [];
  const firsts: number[] = [];
  const edits: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await page.evaluate(async (n) => {
      const w = window as unknown as PaintWindow;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Edit game') as HTMLButtonElement;
      const groupsNow = () => [...document.querySelectorAll('dialog.game-editor[open] .element[role="group"]')];
      const inView = (g: Element) => g.getBoundingClientRect().top < (document.querySelector('dialog.game-editor .scroll') as HTMLElement).getBoundingClientRect().bottom;
      const t0 = performance.now();
      button.click();
      await w.__painted(() => {
        const groups = groupsNow();
        return groups.length === n && groups.every((g) => g.querySelector('input') || !inView(g));
      });
      const open = performance.now() - t0;
      const groups = document.querySelectorAll('dialog.game-editor .element[role="group"]');
      /** Types `name` as element k's name: input → its group's name painted. */
      const typed = async (k: number, name: string) => {
        const input = groups[k].querySelector('input') as HTMLInputElement;
        input.value = name;
        const t1 = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await w.__painted(() => groups[k].getAttribute('aria-label') === name);
        return performance.now() - t1;
      };
      const first = await typed(0, 'Blocker 1 renamed'); // at once, while the groups below may still be building
      await w.__painted(() => groupsNow().every((g) => g.querySelector('input')));
      const built = performance.now() - t0;
      // a keystroke comes when the page is idle (as a designer's do, 100 ms or more apart), not on the
      // heels of a frame: then the next frame starts at once rather than on the next frame's tick
      const idle = () => new Promise((resolve) => setTimeout(resolve, 100));
      await idle();
      const edit = await typed(n - 1, `Blocker ${n} renamed`); // the last element's name
      // the timer's own floor the same way: a change made in a microtask (as Svelte's updates are), no work
      await idle();
      let flag = false;
      const t2 = performance.now();
      queueMicrotask(() => (flag = true));
      await w.__painted(() => flag);
      return { open, built, first, edit, floor: performance.now() - t2 };
    }, GAME_ELEMENTS);
    opens.push(r.open);
    builds.push(r.built);
    firsts.push(r.first);
    edits.push(r.edit);
    floors.push(r.floor);
    const editor = page.locator('dialog.game-editor');
    await editor.locator('header').getByRole('button', { name: 'Close' }).click(); // the ×
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.waitForTimeout(150);
  }
  await context.close();
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return [
    `| ${GAME_LEVELS.toLocaleString('en-US')} levels of a game of ${GAME_ELEMENTS} elements (+ ${GAME_LEVELS / 10} classic) | ${(importMs / 1000).toFixed(1)} s | ${ms(opens[0])} | ${ms(median(opens.slice(1)))} | ${ms(median(builds.slice(1)))} | ${ms(median(firsts))} | ${ms(median(edits))} | ${ms(median(floors))} | ${ms(median(toGame))} | ${ms(median(toClassic))} |`,
  ];
}

const FOLDER_FILES = 2000;
const FOLDER_PACKS = 20;

/** The picker stand-in (the OPFS folder `bench-levels`) and a count of the scans asked of the folder's worker. */
const FOLDER_HELPERS = `
  window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('bench-levels', { create: true });
  window.__scans = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) { if (m && m.op === 'scan') window.__scans++; return post.call(this, m, ...rest); };
`;

async function benchFolder(browser: import('@playwright/test').Browser): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(PAINT_HELPERS);
  await page.addInitScript(FOLDER_HELPERS);
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await waitShown(page);
  const template = levelFileText(createLevel({ id: 'ID', name: 'NAME', seed: 3 }));
  await page.evaluate(
    async ({ template, files, packs }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('bench-levels', { create: true });
      const per = files / packs;
      for (let p = 0; p < packs; p++) {
        const dir = await root.getDirectoryHandle(`world ${p + 1}`, { create: true });
        await Promise.all(
          Array.from({ length: per }, async (_, i) => {
            const w = await (await dir.getFileHandle(`level_${i + 1}.json`, { create: true })).createWritable();
            await w.write(template.replace('"ID"', `"w${p}-${i}"`).replace('"NAME"', `"World ${p + 1} level ${i + 1}"`));
            await w.close();
          }),
        );
      }
    },
    { template, files: FOLDER_FILES, packs: FOLDER_PACKS },
  );
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Open folder' }).click();
  await page.locator('.folder [role="status"]').filter({ hasText: 'Opened:' }).waitFor({ timeout: 300_000 });
  await page.locator('ul.rows li.level[aria-label="World 1 level 1"]').waitFor();
  const shownMs = Date.now() - t0;
  // one field edit until its file holds it
  const fileMs = await page.evaluate(async () => {
    const input = document.querySelector('input[type="number"][max="200"]') as HTMLInputElement; // Moves
    const read = async () => (await (await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle('bench-levels')).getDirectoryHandle('world 1')).getFileHandle('level_1.json')).getFile()).text();
    // a file being written cannot be read (NotReadableError): not there yet, look again
    const file = () => read().catch(() => '');
    input.value = '77';
    const t0 = performance.now();
    input.dispatchEvent(new Event('change', { bubbles: true }));
    while (!(await file()).includes('"moves": 77')) await new Promise((r) => setTimeout(r, 20));
    return performance.now() - t0;
  });
  // scans of the unchanged folder: the polls of a 9 s window (every 3 s while visible)
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () => ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((m) => m.name === 'TaskDuration')!.value;
  const scans0 = await page.evaluate(() => (window as unknown as { __scans: number }).__scans);
  const task0 = await task();
  await page.waitForTimeout(9000);
  const task1 = await task();
  const scans = (await page.evaluate(() => (window as unknown as { __scans: number }).__scans)) - scans0;
  await context.close();
  const perScan = scans ? ((task1 - task0) * 1000) / scans : NaN;
  return `| ${FOLDER_FILES.toLocaleString('en-US')} files in ${FOLDER_PACKS} folders | ${(shownMs / 1000).toFixed(2)} s | ${fileMs.toFixed(0)} ms | ${perScan.toFixed(0)} ms (${scans} scans) |`;
}

/** How many entries Recently deleted holds (read in the page from IndexedDB: the move is written). */
const DELETED_COUNT = `window.__deletedCount = () => new Promise((resolve, reject) => {
  const r = indexedDB.open('match3-studio');
  r.onerror = () => reject(r.error);
  r.onsuccess = () => {
    const db = r.result;
    const q = db.transaction('deleted').objectStore('deleted').count();
    q.onsuccess = () => (db.close(), resolve(q.result));
    q.onerror = () => (db.close(), reject(q.error));
  };
});`;

/** Unfolds the level list's filters (`Filters`, folded by default) unless they are open. */
async function openFilters(page: Page) {
  const fold = page.getByRole('button', { name: /^Filters/ });
  if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
}

/** Deletes the catalogue's `n` levels at once: click → list painted, → written to Recently deleted; then Undo → listed again. */
async function deleteAll(page: Page, n: number): Promise<{ painted: number; written: number; undone: number }> {
  await openFilters(page);
  await page.getByLabel('Pack filter').selectOption({ label: `Catalogue ${n}` });
  await page.getByRole('button', { name: 'Select all matching' }).click();
  const bar = page.getByRole('toolbar', { name: 'Selection' });
  await bar.getByText(`${n.toLocaleString('en-US')} selected`).waitFor();
  const r = await page.evaluate(async () => {
    const w = window as unknown as { __painted: (f: () => boolean) => Promise<void>; __deletedCount: () => Promise<number> };
    const before = await w.__deletedCount();
    const button = [...document.querySelectorAll('[role="toolbar"] button')].find((b) => b.textContent?.trim() === 'Delete') as HTMLButtonElement;
    const t0 = performance.now();
    button.click();
    await w.__painted(() => document.querySelector('ul.rows')?.getAttribute('data-count') === '0');
    const painted = performance.now() - t0;
    while ((await w.__deletedCount()) === before) {
      if (performance.now() - t0 > 120_000) throw new Error(`not written to Recently deleted in 2 min; the page says: ${document.querySelector('[role="status"]')?.textContent ?? ''} ${document.querySelector('[role="alert"]')?.textContent ?? ''}`);
      await new Promise((res) => setTimeout(res, 5));
    }
    return { painted, written: performance.now() - t0 };
  });
  console.error(`delete ${n}: painted ${r.painted.toFixed(0)} ms, written ${r.written.toFixed(0)} ms`);
  const undoAt = Date.now();
  await page.getByRole('status').filter({ hasText: /Deleted [\d,]+ levels/ }).getByRole('button', { name: 'Undo' }).click();
  await page.locator(`ul.rows[data-count="${n}"]`).waitFor({ timeout: 120_000 });
  return { ...r, undone: Date.now() - undoAt };
}

// BENCH_DIST: a build elsewhere (e.g. a copy, while the tests rebuild dist/)
const outDir = process.env.BENCH_DIST ? ['--outDir', process.env.BENCH_DIST] : [];
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', ...outDir], { stdio: 'ignore' });
try {
  for (let t = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    if (await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok, () => false)) break;
    if (Date.now() - t > 60_000) throw new Error(`vite preview did not answer on port ${PORT}`);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--js-flags=--expose-gc'],
  });
  const rows: string[] = [];
  for (const n of SIZES) {
    // a fresh profile per size: an empty IndexedDB with the sample pack, then the catalogue
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(PAINT_HELPERS + DELETED_COUNT);
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.error(`[page ${m.type()}] ${m.text()}`); });
    page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await waitShown(page);
    const importMs = await importCatalogue(page, n);
    const { reloadMs, openMs, edit } = await reloadOpenEdit(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
    const del = await deleteAll(page, n);
    const row = `| ${n.toLocaleString('en-US')} | ${(importMs / 1000).toFixed(1)} s | ${(reloadMs / 1000).toFixed(2)} s | ${openMs.toFixed(0)} ms | ${edit.painted.toFixed(0)} ms | ${edit.saved.toFixed(0)} ms | ${(heap.usedSize / 1e6).toFixed(0)} MB | ${dom.toLocaleString('en-US')} | ${del.painted.toFixed(0)} ms / ${del.written.toFixed(0)} ms | ${(del.undone / 1000).toFixed(1)} s |`;
    console.log(row);
    rows.push(row);
    await context.close();
  }
  const folderRow = process.env.FOLDER === '0' ? null : await benchFolder(browser);
  const gameRows = process.env.GAMES === '0' ? [] : await benchGames(browser);
  const v2Row = process.env.V2 === '0' ? null : await benchV2(browser);
  await browser.close();
  if (v2Row) {
    console.log('\n| levels | import | reload until list and board show | open a level far down (median) | one field edit, painted (median) | … and saved (median) |');
    console.log('|---|---|---|---|---|---|');
    console.log(v2Row);
  }
  if (gameRows.length) {
    console.log('\n| games | import | open the game editor, first (loads its code) | … then (median) | … all its element groups built, painted (median) | the first element’s name typed at once, painted (median) | the last element’s name typed once all are built (page idle), painted (median) | no work, timed the same way (median) | open a level of the game from a classic one: palette switched (median) | … and back (median) |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of gameRows) console.log(r);
  }
  if (folderRow) {
    console.log('\n| folder | Open folder until list and board show | one field edit until its file holds it | main-thread time per scan of the unchanged folder |');
    console.log('|---|---|---|---|');
    console.log(folderRow);
  }
  console.log('\n| levels | import | reload until list and board show | open a level far down (median) | one field edit, painted (median) | … and saved (median) | JS heap after GC | DOM nodes | delete them all: painted / written to Recently deleted | Undo until listed |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  server.kill();
}
