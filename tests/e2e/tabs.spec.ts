// Two tabs of the studio in one browser profile (one IndexedDB): nothing is ever overwritten silently.
import { test, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { cell, openStudio, pick, setField, waitSaved } from './helpers.ts';

/** Opens two tabs on the same level; `deaf` tabs get no news from the other (a tab the browser froze). */
async function twoTabs(browser: Browser, opts: { deafB?: boolean } = {}) {
  const context = await browser.newContext();
  const a = await context.newPage();
  await openStudio(a);
  await waitSaved(a).catch(() => {});
  const b = await context.newPage();
  if (opts.deafB) await b.addInitScript(() => Reflect.deleteProperty(window, 'BroadcastChannel'));
  await openStudio(b);
  await expect(b.getByLabel('Level name', { exact: true })).toHaveValue(await a.getByLabel('Level name', { exact: true }).inputValue());
  return { context, a, b };
}
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const levelItem = (page: Page, name: string) => page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name, exact: true });
const openLevel = (page: Page, name: string) => levelItem(page, name).locator('button.open').press('Enter');

test('a change in one tab shows in the other at once, and both tabs keep both changes', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser);
  await setField(a, 'Moves', '31');
  await waitSaved(a);
  await expect(field(b, 'Moves')).toHaveValue('31');
  await setField(b, 'Level name', 'Renamed in B');
  await waitSaved(b);
  await expect(field(a, 'Level name')).toHaveValue('Renamed in B');
  await expect(levelItem(a, 'Renamed in B')).toBeVisible();
  await a.reload();
  await expect(field(a, 'Moves')).toHaveValue('31');
  await expect(field(a, 'Level name')).toHaveValue('Renamed in B');
  // a level added in one tab appears in the other's list
  await b.getByRole('button', { name: 'New level' }).click();
  await waitSaved(b);
  const newName = await field(b, 'Level name').inputValue();
  await expect(levelItem(a, newName)).toBeVisible();
  await context.close();
});

test('a tab that missed the news merges edits of different fields instead of overwriting', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, { deafB: true });
  await setField(a, 'Moves', '31');
  await waitSaved(a);
  await expect(field(b, 'Moves')).not.toHaveValue('31'); // B really did not hear
  await setField(b, 'Level name', 'Renamed in B');
  await expect(b.getByRole('status').filter({ hasText: 'both sets of changes are kept' })).toBeVisible();
  await expect(field(b, 'Moves')).toHaveValue('31');
  await waitSaved(b);
  await a.reload();
  await expect(field(a, 'Moves')).toHaveValue('31');
  await expect(field(a, 'Level name')).toHaveValue('Renamed in B');
  // the merge is one undo step in B, named for what it was
  await expect(b.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo: Changes from another tab');
  await context.close();
});

test('the same field changed in two tabs asks; "Keep mine" keeps the other version as a copy', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, { deafB: true });
  const name = await field(a, 'Level name').inputValue();
  await setField(a, 'Moves', '31');
  await waitSaved(a);
  await setField(b, 'Moves', '12');
  const dialog = b.getByRole('alertdialog', { name: 'Changed in another tab' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('the move limit');
  await expect(b.getByRole('alert').filter({ hasText: 'changed in another tab' })).toBeVisible();
  // the level in memory survives while the question is open
  await expect(field(b, 'Moves')).toHaveValue('12');
  const axe = await new AxeBuilder({ page: b }).include('dialog').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Keep mine' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await waitSaved(b);
  const copy = `${name} (other tab)`;
  await expect(levelItem(b, copy)).toBeVisible();
  await a.reload();
  await expect(field(a, 'Moves')).toHaveValue('12');
  await openLevel(a, copy);
  await expect(field(a, 'Moves')).toHaveValue('31');
  await context.close();
});

test('"Reload theirs" shows the other tab\'s board and keeps this tab\'s as a copy', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, { deafB: true });
  const name = await field(a, 'Level name').inputValue();
  await pick(a, 'value', 'Red (circle)');
  await cell(a, 2, 2).click();
  await waitSaved(a);
  await pick(b, 'value', 'Blue (diamond)');
  await cell(b, 2, 2).click();
  const dialog = b.getByRole('alertdialog', { name: 'Changed in another tab' });
  await expect(dialog).toContainText('the board');
  await dialog.getByRole('button', { name: 'Reload theirs' }).click();
  await expect(cell(b, 2, 2)).toHaveAttribute('data-tile', 'red');
  await waitSaved(b);
  await openLevel(b, `${name} (this tab)`);
  await expect(cell(b, 2, 2)).toHaveAttribute('data-tile', 'blue');
  await context.close();
});

test('settings, packs and conversations follow from one tab to the other', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser);
  // a conversation: slash commands work without a provider, and their notices are stored
  const box = a.getByRole('textbox', { name: 'Message' });
  await box.fill('/set_move_limit 37');
  await box.press('Enter');
  await expect(field(a, 'Moves')).toHaveValue('37');
  await expect(field(b, 'Moves')).toHaveValue('37');
  const lastNotice = (p: Page) => p.getByRole('log', { name: 'Conversation' }).locator('[data-role]').last();
  await expect(lastNotice(b)).toHaveText(await lastNotice(a).innerText());
  // a new pack
  await a.getByRole('button', { name: '+ New pack' }).click();
  await expect(b.getByLabel('Pack name')).toHaveCount(await a.getByLabel('Pack name').count());
  // the language
  await a.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await a.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await expect(b.getByRole('button', { name: '新建关卡', exact: true })).toBeVisible();
  await context.close();
});

test('a level deleted here while another tab still edits it comes back where it was when that tab saves it', async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await openStudio(a);
  await waitSaved(a).catch(() => {});
  const b = await context.newPage();
  // tab B is asleep for news (it hears nothing) but its own saves are still announced
  await b.addInitScript(() => {
    const Real = window.BroadcastChannel;
    window.BroadcastChannel = class extends Real {
      override set onmessage(_: BroadcastChannel['onmessage']) {}
      override get onmessage(): BroadcastChannel['onmessage'] {
        return null;
      }
    } as typeof BroadcastChannel;
  });
  await openStudio(b);
  const name = await field(a, 'Level name').inputValue();
  await expect(field(b, 'Level name')).toHaveValue(name);
  const before = await a.getByRole('list', { name: 'Levels' }).getByRole('listitem').count();
  await levelItem(a, name).getByRole('button', { name: `Delete ${name}` }).click();
  await expect(levelItem(a, name)).toHaveCount(0);
  // B never heard of the delete and goes on editing: its save writes the level again
  await pick(b, 'value', 'Blue (diamond)');
  await cell(b, 1, 1).click();
  await waitSaved(b);
  await expect(a.getByRole('status').filter({ hasText: `“${name}” was still being edited in another tab` })).toBeVisible();
  await expect(levelItem(a, name)).toHaveCount(1);
  await expect(a.getByRole('list', { name: 'Levels' }).getByRole('listitem')).toHaveCount(before);
  await openLevel(a, name);
  await expect(cell(a, 1, 1)).toHaveAttribute('data-tile', 'blue');
  // and it stays listed once after a reload
  await waitSaved(a);
  await a.reload();
  await expect(levelItem(a, name)).toHaveCount(1);
  await context.close();
});
