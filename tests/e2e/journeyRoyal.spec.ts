// Issue 41's "Done when", the Royal Match-like half: with no file written by hand, a designer makes a
// game in the game editor (classic duplicated; lava crust that hits its neighbours when destroyed, red
// and blue colour boxes that only matches of their colour break, letters and a mailbox that credits one
// each time it is hit, crowns brought down to exits), paints a new level with the palette, draws walls
// with the Wall tool and a cannon with the Spawner tool (its own spawn list of crowns, in the level
// properties), marks exits, sets the objectives, then analyses, tunes the move limit (Tune to target,
// run and landed), play-tests a few moves (pictured mid-move), exports the level and re-imports the
// file: the re-imported level is the one built. One body run in English and 简体中文 at 1024 and
// 1440 px; axe clean at each step. Screenshots: /tmp/shots-journeys/royal-*.png.
import { test, expect } from '@playwright/test';
import { cell, dismissNotices } from './helpers.ts';
import {
  analyze, look, COMBOS, closeGameEditor, createGame, exportLevel, holdClock, importFile, marks, namedCell, paint, shot, spawner, startJourney, stepToBeat, tuneMoveLimit, useGame, wall, withoutId,
  type ElementSpec,
} from './journeyHelpers.ts';

const ELEMENTS: ElementSpec[] = [
  { name: 'Lava crust', glyph: 'Lv', color: '#d3531f', hp: 2, damage: ['adjacent', 'blast', 'effect'], onDestroy: [{ do: 'hit_neighbours' }] },
  { name: 'Red colour box', glyph: 'Rb', color: '#d33b3b', hp: 2, damage: ['adjacent', 'blast'], key: 'red' },
  { name: 'Blue colour box', glyph: 'Bb', color: '#3b6fd3', hp: 2, damage: ['adjacent', 'blast'], key: 'blue' },
  { name: 'Letter', glyph: 'Le', color: '#f4ecd8', hp: 1, damage: ['adjacent', 'blast'] },
  { name: 'Mailbox', glyph: 'Mb', color: '#c0392b', hp: 5, damage: ['adjacent', 'blast'], onHit: [{ do: 'credit', element: 'Letter' }] },
  { name: 'Crown', glyph: 'Cr', color: '#f1c40f', falls: true, exit: true },
];

const BUILT = {
  version: 2,
  game: 'royal-journey',
  walls: [{ x: 1, y: 6, side: 'right' }, { x: 5, y: 5, side: 'bottom' }],
  spawners: [{ at: [4, 0], spawn: [{ element: 'crown', chance: 0.2, max: 1, total: 2 }] }],
};

for (const [lang, width] of COMBOS) {
  test(`a Royal Match-like level built by the UI: lava, colour boxes, a mailbox, walls and a cannon; analysed, tuned, play-tested, exported and re-imported (${lang}, ${width} px)`, async ({ page }) => {
    test.setTimeout(300_000);
    const tag = `${lang}-${width}`;
    const tr = await startJourney(page, lang, width);

    await test.step('the game, in the game editor', async () => {
      const editor = await createGame(page, tr, 'royal-journey', 'Royal Journey', ELEMENTS);
      const lava = editor.getByRole('group', { name: 'Lava crust', exact: true });
      await expect(lava.getByText(tr('gameEd.fx.summary.onDestroy', { effects: tr('gameEd.fxw.hit_neighbours') }))).toBeVisible();
      const mailbox = editor.getByRole('group', { name: 'Mailbox', exact: true });
      await expect(mailbox.getByText(tr('gameEd.fx.summary.onHit', { effects: tr('gameEd.fxw.credit', { element: tr('name.inText', { name: 'Letter' }) }) }))).toBeVisible();
      const red = editor.getByRole('group', { name: 'Red colour box', exact: true });
      await expect(red.getByText(tr('gameEd.key.on', { colour: tr('color.red') }))).toBeVisible();
      const blue = editor.getByRole('group', { name: 'Blue colour box', exact: true });
      await expect(blue.getByText(tr('gameEd.key.on', { colour: tr('color.blue') }))).toBeVisible();
      await mailbox.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await look(page, `royal-game-${tag}`, { scope: '.game-editor' });
      await closeGameEditor(page, editor);
      await useGame(page, tr, 'royal-journey');
      await page.getByLabel(tr('props.name'), { exact: true }).fill('Royal journey');
      await page.getByLabel(tr('props.name'), { exact: true }).press('Enter');
    });

    await test.step('the board: lava, two colour boxes, the mailbox, letters; exits under the cannon\'s column', async () => {
      await paint(page, tr, 'tile', tr('value.elementHits', { name: 'Lava crust', n: 2 }), [[2, 4], [3, 4]]);
      await paint(page, tr, 'tile', tr('value.elementHits', { name: 'Red colour box', n: 2 }), [[0, 2]]);
      await paint(page, tr, 'tile', tr('value.elementHits', { name: 'Blue colour box', n: 2 }), [[8, 2]]);
      await paint(page, tr, 'tile', tr('value.elementHits', { name: 'Mailbox', n: 5 }), [[6, 4]]);
      await paint(page, tr, 'tile', 'Letter', [[7, 7], [8, 7]]);
      await paint(page, tr, 'ground', tr('value.exit'), [[3, 8], [4, 8], [5, 8]]);
      await expect(cell(page, 2, 4)).toHaveAttribute('data-tile', 'lava_crust');
      await expect(cell(page, 0, 2)).toHaveAttribute('data-tile', 'red_colour_box');
      await expect(cell(page, 8, 2)).toHaveAttribute('data-tile', 'blue_colour_box');
      await expect(cell(page, 6, 4)).toHaveAttribute('data-tile', 'mailbox');
      await expect(cell(page, 4, 8)).toHaveAttribute('data-exit', 'true');
    });

    await test.step('the layout: two walls, a cannon on E1 with its own list of crowns', async () => {
      await wall(page, tr, 1, 6, 'right');
      await wall(page, tr, 5, 5, 'bottom');
      await expect(namedCell(page, tr, 'C7', tr('layout.wallLeft'))).toHaveCount(1);
      const cannon = await spawner(page, tr, 4, 0, 'E1');
      await cannon.getByRole('button', { name: tr('spawn.add'), exact: true }).click();
      const entry = cannon.getByRole('group', { name: tr('spawn.entry', { n: 1 }) });
      await entry.getByLabel(tr('spawn.element')).selectOption('crown');
      for (const [key, value] of [['spawn.chance', '20'], ['spawn.max', '1'], ['spawn.total', '2']]) {
        const field = entry.getByLabel(tr(key), { exact: true });
        await field.fill(value);
        await field.press('Enter');
        await expect(field).toHaveValue(value);
      }
      await expect(namedCell(page, tr, 'E1', tr('layout.spawner', { n: 1 }))).toHaveCount(1);
    });

    await test.step('objectives: 5 letters (the mailbox credits them), 2 crowns down, all lava cleared', async () => {
      await page.getByLabel(tr('obj.collectWhat', { n: 1 }), { exact: true }).selectOption('letter');
      await page.getByLabel(tr('obj.count', { n: 1 }), { exact: true }).fill('5');
      await page.getByLabel(tr('obj.count', { n: 1 }), { exact: true }).press('Enter');
      await page.getByRole('button', { name: tr('obj.add'), exact: true }).click();
      await page.getByLabel(tr('obj.type', { n: 2 }), { exact: true }).selectOption('bring_down');
      await page.getByLabel(tr('obj.element', { n: 2 }), { exact: true }).selectOption({ label: 'Crown' });
      await page.getByLabel(tr('obj.count', { n: 2 }), { exact: true }).fill('2');
      await page.getByLabel(tr('obj.count', { n: 2 }), { exact: true }).press('Enter');
      await page.getByRole('button', { name: tr('obj.add'), exact: true }).click();
      await page.getByLabel(tr('obj.type', { n: 3 }), { exact: true }).selectOption('clear');
      await page.getByLabel(tr('obj.element', { n: 3 }), { exact: true }).selectOption({ label: 'Lava crust' });
      await dismissNotices(page);
      await expect(marks(page).locator('[data-wall]')).toHaveCount(2);
      await look(page, `royal-board-${tag}`, { scope: null });
    });

    let win = 0;
    await test.step('Analyze: the report', async () => {
      const report = await analyze(page, tr);
      win = Number(await report.getAttribute('data-win-rate'));
      await report.scrollIntoViewIfNeeded();
      // axe on the whole editor: the level built, its report shown
      await look(page, `royal-report-${tag}`);
    });

    let moves = '';
    await test.step('Tune: the levers by the designer\'s names; the move limit tuned and landed', async () => {
      moves = await tuneMoveLimit(page, tr, win, `royal-tune-${tag}`, async (tune) => {
        await expect(tune.locator('label.lever', { hasText: 'Lava crust' })).not.toHaveCount(0);
        await expect(tune.locator('label.lever', { hasText: 'Mailbox' })).not.toHaveCount(0);
      });
    });

    await test.step('Play-test: a bot plays a few moves, each animated (pictured mid-move); the walls and the cannon stay drawn', async () => {
      await page.clock.install();
      await page.getByRole('button', { name: tr('play.open'), exact: true }).click();
      const play = page.getByRole('dialog', { name: tr('play.title') });
      const board = play.getByRole('grid', { name: tr('play.board') });
      await expect(board.locator('g.tile[data-tile="mailbox"]')).toHaveCount(1);
      await expect(board.locator('g.tile[data-tile="lava_crust"]')).toHaveCount(2);
      await expect(play.getByTestId('layout-marks').locator('[data-wall]')).toHaveCount(2);
      await expect(play.getByTestId('layout-marks').locator('[data-spawner]')).not.toHaveCount(0);
      await play.getByRole('radio', { name: tr('play.watch') }).click();
      for (let move = 1; move <= 3; move++) {
        await holdClock(page);
        await play.getByRole('button', { name: tr('play.step'), exact: true }).click();
        expect(await stepToBeat(page)).not.toBe('');
        if (move === 2) await shot(play, `royal-play-${tag}`);
        await page.clock.resume();
        await expect(board).toHaveAttribute('data-animating', 'false');
      }
      await look(page, `royal-played-${tag}`, { of: play, scope: 'dialog.playtest' });
      await play.getByRole('button', { name: tr('play.close'), exact: true }).click();
      await expect(play).toBeHidden();
    });

    await test.step('Export, then import the exported file: the copy is the level built', async () => {
      const out = await exportLevel(page, tr);
      expect(out.file).toBe('Royal journey.json');
      expect(out.level).toMatchObject({ ...BUILT, moves: Number(moves) });
      expect(out.level.cells[4].slice(2, 4)).toEqual([{ tile: 'lava_crust', hp: 2 }, { tile: 'lava_crust', hp: 2 }]);
      expect(out.level.cells[2][0]).toEqual({ tile: 'red_colour_box', hp: 2 });
      expect(out.level.cells[2][8]).toEqual({ tile: 'blue_colour_box', hp: 2 });
      expect(out.level.cells[4][6]).toEqual({ tile: 'mailbox', hp: 5 });
      expect(out.level.cells[8].slice(3, 6).map((c: { exit?: boolean }) => c.exit)).toEqual([true, true, true]);
      expect(out.level.objectives).toEqual([{ type: 'collect', element: 'letter', count: 5 }, { type: 'bring_down', element: 'crown', count: 2 }, { type: 'clear', element: 'lava_crust' }]);
      await importFile(page, tr, out.path, out.file);
      await expect(page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name: 'Royal journey' })).toHaveCount(2);
      // the copy is open, drawn as built: the walls, the cannon, the mailbox
      await expect(marks(page).locator('[data-wall]')).toHaveCount(2);
      await expect(namedCell(page, tr, 'E1', tr('layout.spawner', { n: 1 }))).toHaveCount(1);
      await expect(cell(page, 6, 4)).toHaveAttribute('data-tile', 'mailbox');
      await dismissNotices(page);
      await look(page, `royal-reimported-${tag}`, { scope: null });
      const again = await exportLevel(page, tr);
      expect(again.level.id).not.toBe(out.level.id);
      expect(withoutId(again.level)).toEqual(withoutId(out.level));
    });
  });
}
