// Issue 41's "Done when", the Candy Crush-like half: with no file written by hand, a designer makes a
// game in the game editor (classic duplicated; a chocolate, a candy bomb that counts down, a chocolate
// fountain that emits, a 2×2 cake bomb that hits every chocolate when destroyed, frosting), paints a new
// level with the palette (bombs in their colours, the cake on its anchor, the fountain, chocolate), draws
// a portal whose exit feeds a belt with the Portal and Belt tools and a hidden piece under frosting with
// the Hidden piece tool, sets the objectives (find included), then analyses, tunes the move limit
// (Tune to target, run and landed), play-tests a few moves (pictured mid-move), exports the level and
// re-imports the file:
// the re-imported level is the one built. One body run in English and 简体中文 at 1024 and 1440 px; axe
// clean at each. Screenshots: /tmp/shots-journeys/candy-*.png.
import { test, expect } from '@playwright/test';
import { cell, dismissNotices } from './helpers.ts';
import {
  analyze, look, belt, COMBOS, closeGameEditor, createGame, exportLevel, hidden, holdClock, importFile, marks, namedCell, paint, portal, shot, startJourney, stepToBeat, tuneMoveLimit, useGame, withoutId,
  type ElementSpec,
} from './journeyHelpers.ts';

const ELEMENTS: ElementSpec[] = [
  { name: 'Chocolate', glyph: 'Ch', color: '#5c3a21', hp: 1, damage: ['adjacent', 'blast', 'effect'] },
  { name: 'Candy bomb', glyph: 'Cb', color: '#3b3b3b', colored: true, countdown: 9 },
  { name: 'Chocolate fountain', glyph: 'Cf', color: '#7a4a2a', damage: [], emit: { element: 'Chocolate', when: 'quiet' } },
  { name: 'Frosting', glyph: 'Fr', color: '#f7a8c4', layer: 'ground', hp: 1, damage: ['cleared', 'blast'] },
  { name: 'Cake bomb', glyph: 'Ck', color: '#f2c1d1', size: [2, 2], hp: 4, damage: ['adjacent', 'blast'], onDestroy: [{ do: 'hit_all', element: 'Chocolate' }] },
];

/** What the level holds once built (compared with the export and the re-imported copy). */
const BUILT = {
  version: 2,
  game: 'candy-journey',
  portals: [{ from: [8, 2], to: [1, 6] }],
  belts: [{ cells: [[1, 6], [2, 6], [3, 6], [4, 6], [5, 6]] }],
  hidden: [{ at: [4, 7], size: [2, 2] }],
};

for (const [lang, width] of COMBOS) {
  test(`a Candy Crush-like level built by the UI: candy bombs, a fountain, a 2×2 cake, a belt fed through a portal; analysed, tuned, play-tested, exported and re-imported (${lang}, ${width} px)`, async ({ page }) => {
    test.setTimeout(300_000);
    const tag = `${lang}-${width}`;
    const tr = await startJourney(page, lang, width);

    await test.step('the game, in the game editor', async () => {
      const editor = await createGame(page, tr, 'candy-journey', 'Candy Journey', ELEMENTS);
      const cake = editor.getByRole('group', { name: 'Cake bomb', exact: true });
      await expect(cake.getByText(tr('gameEd.fx.summary.onDestroy', { effects: tr('gameEd.fxw.hit_all', { element: tr('name.inText', { name: 'Chocolate' }) }) }))).toBeVisible();
      await cake.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await look(page, `candy-game-${tag}`, { scope: '.game-editor' });
      await closeGameEditor(page, editor);
      await useGame(page, tr, 'candy-journey');
      await page.getByLabel(tr('props.name'), { exact: true }).fill('Candy journey');
      await page.getByLabel(tr('props.name'), { exact: true }).press('Enter');
    });

    await test.step('the board: bombs in two colours, the cake on its anchor, the fountain, chocolate', async () => {
      await paint(page, tr, 'tile', tr('value.coloredPiece', { name: 'Candy bomb', color: tr('color.red') }), [[2, 1]]);
      await paint(page, tr, 'tile', tr('value.coloredPiece', { name: 'Candy bomb', color: tr('color.blue') }), [[6, 1]]);
      await paint(page, tr, 'tile', tr('value.elementHits', { name: 'Cake bomb', n: 4 }), [[3, 3]]);
      await paint(page, tr, 'tile', 'Chocolate fountain', [[7, 7]]);
      await paint(page, tr, 'tile', 'Chocolate', [[0, 8], [1, 8], [2, 8]]);
      await expect(cell(page, 2, 1)).toHaveAttribute('data-color', 'red');
      await expect(cell(page, 2, 1)).toHaveAttribute('data-countdown', '9');
      await expect(cell(page, 6, 1)).toHaveAttribute('data-color', 'blue');
      await expect(marks(page).locator('[data-countdown="9"]')).toHaveCount(2);
      // the cake is one 2×2 piece: drawn once on its anchor D4, covering D4–E5
      await expect(marks(page).locator('[data-piece="cake_bomb"]')).toHaveCount(1);
      await expect(marks(page).locator('[data-piece="cake_bomb"]')).toHaveAttribute('data-size', '2x2');
      await expect(cell(page, 7, 7)).toHaveAttribute('data-tile', 'chocolate_fountain');
    });

    await test.step('the layout: a portal from I3 whose exit B7 is the first cell of a belt to F7; a hidden piece under frosting', async () => {
      await portal(page, tr, [8, 2], [1, 6]);
      await belt(page, tr, [1, 6], [5, 6]);
      await expect(marks(page).locator('[data-belt="1"] [data-order]')).toHaveText(['1', '2', '3', '4', '5']);
      // B7 is both the portal's exit and the belt's first cell: the belt is fed through the portal
      await expect(namedCell(page, tr, 'B7', tr('layout.portalTo', { n: 1 }), tr('layout.belt', { n: 1, i: 1, of: 5 }))).toHaveCount(1);
      // a hidden piece under frosting on E8–F9 (found once the frosting over it is gone)
      await hidden(page, tr, [4, 7], [5, 8]);
      await paint(page, tr, 'ground', 'Frosting', [[4, 7], [5, 7], [4, 8], [5, 8]]);
      await expect(namedCell(page, tr, 'F9', 'Frosting', tr('layout.hidden', { n: 1 }))).toHaveCount(1);
    });

    await test.step('objectives: collect 6 chocolate, clear the cake, find the hidden piece', async () => {
      await page.getByLabel(tr('obj.collectWhat', { n: 1 }), { exact: true }).selectOption('chocolate');
      await page.getByLabel(tr('obj.count', { n: 1 }), { exact: true }).fill('6');
      await page.getByLabel(tr('obj.count', { n: 1 }), { exact: true }).press('Enter');
      await page.getByRole('button', { name: tr('obj.add'), exact: true }).click();
      await page.getByLabel(tr('obj.type', { n: 2 }), { exact: true }).selectOption('clear');
      await page.getByLabel(tr('obj.element', { n: 2 }), { exact: true }).selectOption({ label: 'Cake bomb' });
      await page.getByRole('button', { name: tr('obj.add'), exact: true }).click();
      await page.getByLabel(tr('obj.type', { n: 3 }), { exact: true }).selectOption('find');
      await dismissNotices(page);
      await look(page, `candy-board-${tag}`, { scope: null });
    });

    let win = 0;
    await test.step('Analyze: the report', async () => {
      const report = await analyze(page, tr);
      win = Number(await report.getAttribute('data-win-rate'));
      await report.scrollIntoViewIfNeeded();
      // axe on the whole editor: the level built, its report shown
      await look(page, `candy-report-${tag}`);
    });

    let moves = '';
    await test.step('Tune: the levers by the designer\'s names; the move limit tuned and landed', async () => {
      moves = await tuneMoveLimit(page, tr, win, `candy-tune-${tag}`, async (tune) => {
        await expect(tune.locator('label.lever:has(input[data-lever="countdown"])')).toContainText('Candy bomb');
        await expect(tune.locator('label.lever:has(input[data-lever="emit_count"])')).toContainText('Chocolate fountain');
      });
    });

    await test.step('Play-test: a bot plays a few moves, each animated (pictured mid-move)', async () => {
      await page.clock.install();
      await page.getByRole('button', { name: tr('play.open'), exact: true }).click();
      const play = page.getByRole('dialog', { name: tr('play.title') });
      const board = play.getByRole('grid', { name: tr('play.board') });
      await expect(board.locator('g.tile[data-tile="candy_bomb"][data-color]')).toHaveCount(2);
      await expect(board.locator('g.tile[data-tile="cake_bomb"] [data-size="2x2"]')).toHaveCount(1);
      await expect(play.getByTestId('layout-marks').locator('[data-belt]')).toHaveCount(1);
      await play.getByRole('radio', { name: tr('play.watch') }).click();
      const countdowns = () => board.getByTestId('countdown').allTextContents();
      expect(await countdowns()).toEqual(['9', '9']);
      for (let move = 1; move <= 3; move++) {
        await holdClock(page);
        await play.getByRole('button', { name: tr('play.step'), exact: true }).click();
        expect(await stepToBeat(page)).not.toBe('');
        if (move === 2) await shot(play, `candy-play-${tag}`);
        await page.clock.resume();
        await expect(board).toHaveAttribute('data-animating', 'false');
        // every bomb still on the board has ticked once a move (one matched away shows no more)
        for (const n of await countdowns()) expect(Number(n)).toBe(9 - move);
      }
      await look(page, `candy-played-${tag}`, { of: play, scope: 'dialog.playtest' });
      await play.getByRole('button', { name: tr('play.close'), exact: true }).click();
      await expect(play).toBeHidden();
    });

    await test.step('Export, then import the exported file: the copy is the level built', async () => {
      const out = await exportLevel(page, tr);
      expect(out.file).toBe('Candy journey.json');
      expect(out.level).toMatchObject({ ...BUILT, moves: Number(moves) });
      expect(out.level.cells[1][2]).toEqual({ tile: 'candy_bomb', color: 'red' });
      expect(out.level.cells[1][6]).toEqual({ tile: 'candy_bomb', color: 'blue' });
      expect(out.level.cells[3][3]).toEqual({ tile: 'cake_bomb', hp: 4 });
      expect(out.level.cells[7][7].tile).toBe('chocolate_fountain');
      expect(out.level.cells[8][5].ground).toEqual({ type: 'frosting' });
      expect(out.level.objectives).toEqual([{ type: 'collect', element: 'chocolate', count: 6 }, { type: 'clear', element: 'cake_bomb' }, { type: 'find', count: 1 }]);
      await importFile(page, tr, out.path, out.file);
      await expect(page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name: 'Candy journey' })).toHaveCount(2);
      // the copy is open, drawn as built: the portal into the belt, the cake, the bombs
      await expect(namedCell(page, tr, 'B7', tr('layout.portalTo', { n: 1 }), tr('layout.belt', { n: 1, i: 1, of: 5 }))).toHaveCount(1);
      await expect(marks(page).locator('[data-piece="cake_bomb"]')).toHaveAttribute('data-size', '2x2');
      await expect(marks(page).locator('[data-countdown="9"]')).toHaveCount(2);
      await dismissNotices(page);
      await look(page, `candy-reimported-${tag}`, { scope: null });
      const again = await exportLevel(page, tr);
      expect(again.level.id).not.toBe(out.level.id);
      expect(withoutId(again.level)).toEqual(withoutId(out.level));
    });
  });
}
