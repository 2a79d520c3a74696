// Steps the game specs share (gameEditor, gamePaint, gameDesigner): the game editor's elements and
// export, the palette's named values, and the studio in 简体中文.
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

/** Adds an element in the game editor and names it; returns its group. */
export async function addElement(dialog: Locator, name: string, labels = { add: 'Add element', name: 'Element name' }) {
  await dialog.getByRole('button', { name: labels.add }).click();
  const fresh = dialog.getByRole('textbox', { name: labels.name, exact: true }).last();
  await expect(fresh).toBeFocused(); // focus goes to the new element's name
  await fresh.fill(name);
  const group = dialog.getByRole('group', { name, exact: true });
  await expect(group).toBeVisible();
  return group;
}

/** The game editor's Export game: the downloaded file's name and content. */
export async function exported(page: Page, dialog: Locator, label = 'Export game') {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: label }).click()]);
  return { file: download.suggestedFilename(), game: JSON.parse(await readFile((await download.path())!, 'utf8')) };
}

/** A palette or tool button (they are radios), by its exact name. */
export const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

/** Picks a layer, then a value on it. */
export async function paintValue(page: Page, layerName: string, value: string) {
  await radio(page, layerName).click();
  await radio(page, value).click();
}

/** The objective editor's fields, named in each language. */
export const OBJECTIVE_WORDS = {
  en: {
    objType: (n: number) => `Objective ${n} type`, objElement: (n: number) => `Objective ${n} element`, objCount: (n: number) => `Objective ${n} count`,
    addObjective: 'Add objective',
  },
  zh: {
    objType: (n: number) => `目标 ${n} 类型`, objElement: (n: number) => `目标 ${n} 元素`, objCount: (n: number) => `目标 ${n} 数量`,
    addObjective: '添加目标',
  },
} as const;
type ObjectiveWords = (typeof OBJECTIVE_WORDS)[keyof typeof OBJECTIVE_WORDS];

/**
 * A game level's two objectives, set as a designer does: bring one `carried` element down (the first the
 * select offers for bring_down), then clear the `cleared` element, chosen by its name; each element given
 * by its name and id.
 */
export async function bringDownThenClear(page: Page, w: ObjectiveWords, carried: { name: string; id: string }, cleared: { name: string; id: string }) {
  await page.getByLabel(w.objType(1), { exact: true }).selectOption('bring_down');
  await expect(page.getByLabel(w.objElement(1), { exact: true })).toHaveValue(carried.id);
  await expect(page.getByLabel(w.objElement(1), { exact: true }).locator('option:checked')).toHaveText(carried.name);
  const count = page.getByLabel(w.objCount(1), { exact: true });
  await count.fill('1');
  await count.press('Enter');
  await expect(count).toHaveValue('1');
  await page.getByRole('button', { name: w.addObjective }).click();
  await page.getByLabel(w.objType(2), { exact: true }).selectOption('clear');
  await page.getByLabel(w.objElement(2), { exact: true }).selectOption({ label: cleared.name });
  await expect(page.getByLabel(w.objElement(2), { exact: true })).toHaveValue(cleared.id);
}

/** Switches the studio to 简体中文 in Settings. */
export async function useChinese(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('游戏', { exact: true })).toBeVisible();
}
