// The game editor's Undo and Redo while the dialog is open (a designer's review: they acted on saved
// changes only). Ctrl+Z / Ctrl+Shift+Z and the dialog's buttons take the draft's edits back one by one —
// a field typed (one step however many keys), a damage box, an effect added or moved — a text field with
// focus keeps the browser's own undo of typing, and once saved the change is one step of the saved
// history, as before (the dialog's Undo, the toolbar's Undo). Candy Kingdom imported with its game file.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { dismissNotices } from './helpers.ts';
import { startJourney, type Lang, type Tr } from './journeyHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';

async function openCandyGame(page: Page, tr: Tr) {
  await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles('examples/games/candy-kingdom/level_3.json');
  const question = page.getByRole('dialog', { name: tr('games.needTitle') });
  await question.getByLabel(tr('games.fileLabel'), { exact: true }).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel(tr('props.name'), { exact: true })).toHaveValue('Cake and keys');
  await dismissNotices(page);
  await page.getByRole('button', { name: tr('props.editGame'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tr('gameEd.title') });
  await expect(dialog.getByRole('group', { name: 'Sugar chest', exact: true })).toBeVisible();
  return dialog;
}

/** The effects of a list of the group's element, in order ("hit_all", "tick"). */
const effectKinds = (list: Locator) => list.locator('.effect select:first-of-type').evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value));

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`Ctrl+Z and the dialog's Undo take back draft edits one by one; a text field keeps its own undo; a save is one saved step (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1440);
    const dialog = await openCandyGame(page, tr);
    const status = dialog.locator('.said');
    const chest = dialog.locator('[data-element-id="chest"]'); // (by id: its name is edited below)
    const key = dialog.getByRole('group', { name: 'Sugar key', exact: true });
    const hp = chest.getByLabel(tr('gameEd.hp'), { exact: true });
    const blast = chest.getByRole('checkbox', { name: tr('gameEd.ev.blast'), exact: true });
    const destroyed = key.getByRole('group', { name: tr('gameEd.fx.onDestroy'), exact: true });
    const undo = dialog.getByRole('button', { name: tr('gameEd.undo'), exact: true });
    // nothing saved or edited yet: nothing to undo
    await expect(undo).toBeDisabled();

    // 1. the chest's hit points typed key by key (one step), 2. a damage box, 3. an effect added, 4. moved up
    await hp.click();
    await hp.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    await expect(hp).toHaveValue('4');
    await blast.uncheck();
    await expect(effectKinds(destroyed)).resolves.toEqual(['tick']);
    await destroyed.getByRole('button', { name: tr('gameEd.fx.add'), exact: true }).click();
    await expect.poll(() => effectKinds(destroyed)).toEqual(['tick', 'hit_neighbours']);
    await destroyed.getByRole('button', { name: tr('gameEd.fx.up', { n: 2 }), exact: true }).click();
    await expect.poll(() => effectKinds(destroyed)).toEqual(['hit_neighbours', 'tick']);

    // a text field with focus: Ctrl+Z is the browser's undo of the typing there, the draft's steps stay
    const name = chest.getByLabel(tr('gameEd.elName'), { exact: true });
    await name.click();
    await name.press('End');
    await page.keyboard.type('s');
    await expect(name).toHaveValue('Sugar chests');
    await name.press('ControlOrMeta+z');
    await expect(name).toHaveValue('Sugar chest');
    await expect.poll(() => effectKinds(destroyed)).toEqual(['hit_neighbours', 'tick']);

    // out of the text field: each Ctrl+Z one step back, newest first, said in the status
    await blast.focus();
    await page.keyboard.press('ControlOrMeta+z'); // the name's run (typed, then undone by the field: as it was)
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => effectKinds(destroyed)).toEqual(['tick', 'hit_neighbours']);
    await expect(status).toHaveText(tr('gameEd.undoneDraft', { label: tr('gameEd.stepLabel', { group: 'Sugar key', name: tr('gameEd.fx.up', { n: 2 }) }) }));
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => effectKinds(destroyed)).toEqual(['tick']);
    await page.keyboard.press('ControlOrMeta+z');
    await expect(blast).toBeChecked();
    // the dialog's Undo button takes the next one: the whole typed value
    await undo.click();
    await expect(hp).toHaveValue('1');
    await expect(status).toHaveText(tr('gameEd.undoneDraft', { label: tr('gameEd.stepLabel', { group: 'Sugar chest', name: tr('gameEd.hp') }) }));
    await expect(undo).toBeDisabled(); // back at the game as stored, nothing saved to undo either
    await expect(dialog.getByRole('button', { name: tr('gameEd.close'), exact: true }).last()).toBeVisible(); // not "Cancel": nothing unsaved
    await page.screenshot({ path: `/tmp/words-gameundo-${lang}.png` });

    // Ctrl+Shift+Z redoes them in order
    await blast.focus();
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(hp).toHaveValue('4');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(blast).not.toBeChecked();
    await expect(status).toHaveText(tr('gameEd.redoneDraft', { label: tr('gameEd.stepLabel', { group: 'Sugar chest', name: tr('gameEd.ev.blast') }) }));

    // saved: one step of the saved history, as before (the dialog's Undo now takes the save back)
    await dialog.getByRole('button', { name: tr('gameEd.save'), exact: true }).click();
    await expect(status).toContainText(tr('gameEd.saved', { name: 'Candy Kingdom' }));
    await expect(undo).toHaveAttribute('title', tr('gameEd.undoLabel', { label: 'Candy Kingdom' }));
    await undo.click();
    await expect(status).toHaveText(tr('gameEd.undone', { label: 'Candy Kingdom' }));
    await expect(hp).toHaveValue('1');
    await expect(blast).toBeChecked();

    // the saved history can redo the save, but a new draft edit is never overwritten by it: Redo is off
    // and Ctrl+Shift+Z leaves the edit (it fell back to the saved history and dropped the draft)
    const redo = dialog.getByRole('button', { name: tr('gameEd.redo'), exact: true });
    await expect(redo).toBeEnabled();
    await blast.uncheck();
    await expect(redo).toBeDisabled();
    await blast.focus();
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await page.keyboard.press('ControlOrMeta+z');
    // the Ctrl+Z took the draft's uncheck back (had the Ctrl+Shift+Z redone the save, this one would undo it)
    await expect(status).toHaveText(tr('gameEd.undoneDraft', { label: tr('gameEd.stepLabel', { group: 'Sugar chest', name: tr('gameEd.ev.blast') }) }));
    await expect(blast).toBeChecked();
    await expect(hp).toHaveValue('1');
  });
}
