// Tune to target on version 2 levels (issue 38 item 4, issue 41 item 4): the dialog offers the levers the
// level has, named by the designer's elements — countdowns and spawns on Candy Kingdom's level 1, the
// emitters' wait and count on level 2 — and a tune that moves an emitter comes back as a change to the
// game, said as one for all its levels, applied through the games' undoable step. Both languages.
import { test, expect, type Page } from '@playwright/test';
import { dismissNotices, openStudio } from './helpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const level = (n: number) => `examples/games/candy-kingdom/level_${n}.json`;

const WORDS = {
  en: { packOpen: 'Pack difficulty', shape: 'Target curve', importFile: 'Choose level or pack files to import', need: 'Game file needed', gameFile: 'Game file', open: 'Tune to target', run: 'Tune', apply: 'Apply to the game', close: 'Close', group: 'Change to the game', tier: 'Bot tier', target: 'Target win rate' },
  zh: { packOpen: '关卡包难度', shape: '目标曲线', importFile: '选择要导入的关卡或关卡包文件', need: '需要游戏文件', gameFile: '游戏文件', open: '调到目标难度', run: '开始调整', apply: '应用到游戏', close: '关闭', group: '对游戏的修改', tier: '机器人水平', target: '目标胜率' },
} as const;
type Lang = keyof typeof WORDS;

/** Imports a level of Candy Kingdom (the game file once, when the studio asks for it) and waits for it to open. */
async function importCandy(page: Page, w: (typeof WORDS)[Lang], file: string, name: string) {
  await page.getByLabel(w.importFile, { exact: true }).setInputFiles(file);
  const question = page.getByRole('dialog', { name: w.need });
  await expect(question.or(page.getByRole('listitem', { name, exact: true }))).toBeVisible();
  if (await question.isVisible()) await question.getByLabel(w.gameFile).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByRole('listitem', { name, exact: true })).toHaveCount(1);
  await dismissNotices(page);
}

async function openTune(page: Page, w: (typeof WORDS)[Lang]) {
  await page.getByRole('button', { name: w.open }).click();
  const dialog = page.getByRole('dialog', { name: w.open });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ['en', 'zh'] as const) {
  test.describe(`tune a version 2 level (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US', viewport: { width: 1440, height: 960 } });

    test(`the dialog shows the level's version 2 levers by the designer's names, and an emitter's tune is a change to the game (${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      const w = WORDS[lang];
      await openStudio(page);

      // level 1: candy bombs painted with countdowns, and spawn entries
      await importCandy(page, w, level(1), 'Ticking bombs');
      let dialog = await openTune(page, w);
      const lever = (l: string) => dialog.locator(`label.lever:has(input[data-lever="${l}"])`);
      await expect(lever('countdown')).toContainText(lang === 'en' ? 'Countdowns (Candy bomb)' : '倒计时（Candy bomb）');
      await expect(lever('spawn_chance')).toContainText('Candy bomb');
      await expect(lever('spawn_total')).toContainText('Candy bomb');
      // no emitter on this board: its levers are not offered
      await expect(lever('emit_every')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/levers-${lang}-countdown.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // level 2: a mixer (every 3 moves, 2 pieces) and two fountains
      await importCandy(page, w, level(2), 'Fountains and a mixer');
      dialog = await openTune(page, w);
      await expect(lever('emit_every')).toContainText(lang === 'en' ? 'Emitter wait (Magic mixer)' : '生成器间隔（Magic mixer）');
      await expect(lever('emit_count')).toContainText('Chocolate fountain');
      await expect(lever('emit_count')).toContainText('Magic mixer');
      await expect(lever('countdown')).toHaveCount(0);
      // not among the default levers: the designer chooses them
      await expect(dialog.locator('input[data-lever="emit_every"]')).not.toBeChecked();
      await dialog.locator('input[data-lever="moves"]').uncheck();
      await dialog.locator('input[data-lever="colors"]').uncheck();
      await dialog.locator('input[data-lever="emit_every"]').check();
      await dialog.getByLabel(w.target).fill('50');
      await dialog.getByLabel(w.tier).selectOption('average');
      await page.screenshot({ path: `/tmp/levers-${lang}-emitters.png` });
      await dialog.getByRole('button', { name: w.run, exact: true }).click();

      const result = dialog.getByRole('status');
      await expect(result).toHaveAttribute('data-game-change', 'pending', { timeout: 200_000 });
      const change = result.getByRole('group', { name: w.group });
      // both levels imported play Candy Kingdom: both change
      await expect(change).toContainText(lang === 'en' ? 'This changes the game “Candy Kingdom”: all its levels (2 levels in this workspace)' : '这会修改游戏“Candy Kingdom”：它的所有关卡（本工作区中 2 个）');
      await expect(change.locator('li[data-element="mixer"][data-field="every"]')).toContainText(lang === 'en' ? /Magic mixer: emits every 3 → \d+ moves/ : /Magic mixer：每 3 → \d+ 步生成一次/);
      // nothing applied yet, to the level or the game
      await expect(result).toHaveAttribute('data-applied', 'false');
      await page.screenshot({ path: `/tmp/levers-${lang}-game-change.png` });

      await dialog.getByRole('button', { name: w.apply }).click();
      await expect(result).toHaveAttribute('data-game-change', 'applied');
      await expect(change.locator('[data-game-applied="true"]')).toBeVisible();
      await page.screenshot({ path: `/tmp/levers-${lang}-applied.png` });
      await dialog.getByRole('button', { name: w.close }).click();
      await expect(dialog).toBeHidden();
      // one step of the games' history: the toolbar's Undo names it
      await expect(page.locator(`button[title*="${lang === 'en' ? 'Tune: Candy Kingdom' : '调整：Candy Kingdom'}"]`)).toBeEnabled();

      // the pack's tuning bounds: the version 2 levers its levels have, by the game's element names
      await page.getByRole('button', { name: w.packOpen, exact: true }).click();
      await page.getByLabel(w.shape, { exact: true }).selectOption('ramp');
      const bounds = page.getByTestId('pack-bounds');
      const packLever = (l: string) => bounds.locator(`label.lever:has(input[data-lever="${l}"])`);
      await expect(packLever('countdown')).toContainText('Candy bomb');
      await expect(packLever('spawn_chance')).toContainText('Candy bomb');
      await expect(packLever('emit_every')).toContainText('Magic mixer');
      await expect(packLever('emit_count')).toContainText('Chocolate fountain');
      await expect(bounds.locator('[data-game-levers]')).toBeVisible();
      await expect(bounds.locator('input[data-lever="emit_every"]')).not.toBeChecked();
      await bounds.screenshot({ path: `/tmp/levers-${lang}-pack-bounds.png` });
    });
  });
}
