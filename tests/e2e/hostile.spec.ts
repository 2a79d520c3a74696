// Hostile text and files: an attack corpus in model replies, level names and pack names runs no
// script, leaves no javascript:/data: link and breaks no layout; broken files are refused with a
// message naming the problem, and nothing already there changes.
import { test, expect, type Page } from '@playwright/test';
import { writeFileSync, mkdirSync } from 'node:fs';
import { openStudio, waitSaved } from './helpers.ts';
import { conversation, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';

const PWN = 'window.__pwned=(window.__pwned||0)+1';
const corpus = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `<svg onload="${PWN}"><circle r=5 /></svg>`,
  `<iframe src="javascript:${PWN}"></iframe>`,
  `<a href="javascript:${PWN}">raw link</a>`,
  `[md link](javascript:${PWN})`,
  `[mixed case](JaVaScRiPt:${PWN})`,
  `[tabbed](java\tscript:${PWN})`,
  `[entity](&#106;avascript:${PWN})`,
  `[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![img](javascript:${PWN})`,
  `<javascript:${PWN}>`,
  `[ref link][r]\n\n[r]: javascript:${PWN}`,
  `<details open ontoggle="${PWN}">x</details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`,
  `<style>body{display:none}</style>`,
  '`<img src=x onerror=alert(1)>` in code is text',
  `<form action="javascript:${PWN}"><button>go</button></form>`,
  'W'.repeat(400),
  '\u202eRTL override\u202c and zero\u200bwidth',
].join('\n\n');
const hostileName = `<img src=x onerror="${PWN}">`.slice(0, 80);

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0)).toBe(0);
  const bad = await page.evaluate(() =>
    [...document.querySelectorAll('[href],[src],[action],[formaction]')]
      .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? e.getAttribute('formaction') ?? '')
      .filter((u) => /^\s*(javascript|data|vbscript):/i.test(u.replace(/[\u0000-\u001f]/g, ''))),
  );
  expect(bad).toEqual([]);
  const handlers = await page.evaluate(() => [...document.querySelectorAll('body *')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}.${a.name}`)));
  expect(handlers).toEqual([]);
  expect(await page.locator('iframe, object, embed, form[action]').count()).toBe(0);
}

test('an attack corpus in a model reply, a level name and a pack name runs nothing and breaks no layout', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const key = uniqueKey();
  await openStudio(page);
  await setupProvider(page, key);
  await script(key, [
    { type: 'tool_calls', text: corpus.slice(0, 200), calls: [{ name: 'rename_level', arguments: { name: hostileName } }] },
    { type: 'text', text: corpus, chunkSize: 37 },
  ]);
  await send(page, corpus.slice(0, 300));
  await expect(conversation(page).locator('[data-role="assistant"]').last()).toContainText('RTL override');
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue(hostileName);
  await waitSaved(page);

  // a pack whose name and level names are attacks, imported from a file
  mkdirSync('test-results/hostile', { recursive: true });
  const pack = {
    format: 'match3-pack',
    version: 1,
    id: 'evil-pack',
    name: `<script>${PWN}</script>`.slice(0, 80),
    levels: [{ format: 'match3-level', version: 1, id: 'evil-1', name: `[x](javascript:${PWN})`.slice(0, 80), width: 5, height: 5, moves: 10, colors: 4, seed: 1, cells: Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}))), objectives: [{ type: 'score', target: 100 }] }],
  };
  writeFileSync('test-results/hostile/evil-pack.json', JSON.stringify(pack));
  await page.getByLabel('Choose level or pack files to import').setInputFiles('test-results/hostile/evil-pack.json');
  await expect(page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name: pack.levels[0].name })).toBeVisible();
  await expect(page.getByLabel('Pack name').last()).toHaveValue(pack.name);

  await expectNothingRan(page);
  expect(dialogs).toEqual([]);
  // the reply wraps inside the conversation: nothing pushes the panel wider than it is
  const overflow = await conversation(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  const list = await page.getByRole('list', { name: 'Levels' }).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(list).toBeLessThanOrEqual(1);
  // reloading renders the stored conversation and names again: still nothing runs
  await page.reload();
  await page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name: hostileName, exact: true }).locator('button.open').press('Enter');
  await expect(conversation(page).locator('[data-role="assistant"]').last()).toContainText('RTL override');
  await expectNothingRan(page);
  await page.screenshot({ path: 'test-results/shots/attack-corpus.png' });
});

test('broken and hostile files are refused with the problem named; the workspace stays as it was', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openStudio(page);
  const list = page.getByRole('list', { name: 'Levels' });
  const before = await list.locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const cells = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({})));
  const good = { format: 'match3-level', version: 1, id: 'f1', name: 'Fine', width: 5, height: 5, moves: 10, colors: 4, seed: 1, cells, objectives: [{ type: 'score', target: 100 }] };
  const files: [string, string, RegExp][] = [
    ['truncated.json', JSON.stringify(good).slice(0, 70), /truncated\.json was not imported: not valid JSON/],
    ['deep.json', `{"format":"match3-level","name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, /deep\.json was not imported: /],
    ['huge-name.json', JSON.stringify({ ...good, name: 'é'.repeat(5 * 1024 * 1024) }), /huge-name\.json was not imported: name: must be 1\.\.80 characters/],
    ['proto.json', JSON.stringify(good).replace('{"format"', '{"__proto__":{"polluted":true},"format"'), /proto\.json was not imported: .*__proto__/],
    ['retyped.json', JSON.stringify({ ...good, moves: '12 moves' }), /retyped\.json was not imported: moves: /],
    ['ctor.json', JSON.stringify({ ...good, cells: [[{ constructor: { prototype: { polluted: 1 } } }, ...cells[0].slice(1)], ...cells.slice(1)] }), /ctor\.json was not imported: A1: unknown field/],
  ];
  mkdirSync('test-results/hostile', { recursive: true });
  for (const [name, text, message] of files) {
    writeFileSync(`test-results/hostile/${name}`, text);
    await page.getByLabel('Choose level or pack files to import').setInputFiles(`test-results/hostile/${name}`);
    const alert = page.getByRole('alert').filter({ hasText: `${name} was not imported` });
    await expect(alert).toBeVisible();
    const said = await alert.innerText();
    expect(said).toMatch(message);
    expect(said.length, 'the message does not echo the file back').toBeLessThan(400);
    expect(said).not.toMatch(/at \w+ \(|Error:|undefined|\[object/);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
  }
  expect(await list.locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(before);
  expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
  expect(errors).toEqual([]);
});
