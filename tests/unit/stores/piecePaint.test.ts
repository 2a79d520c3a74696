// Multi-cell pieces (RULES §12.3–§12.4) with the editor's tools, on the example games: a piece painted
// onto a belt is refused with a notice by every paint path (brush, rectangle, fill, paste, a mirror copy,
// the copilot's tool); multi-cell elements are never offered nor accepted as spawn elements; mirror copies
// land at the mirrored footprint, and a copy that cannot be placed is said; the rectangle tiles pieces as
// the fill does; the eyedropper on any cell of a piece picks the piece.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { spawnableElements } from '../../../src/core/game/elementUse.ts';
import { applyIntent } from '../../../src/core/tools/index.ts';
import { mirrorPoints } from '../../../src/core/edit/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { BoardTools, type Cell } from '../../../src/stores/boardTools.svelte.ts';
import { pieceAnchorAt, pieceAnchors } from '../../../src/stores/piecePaint.ts';
import * as block from '../../../src/stores/selection.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { say } from '../../../src/i18n/notice.ts';
import { loadWords } from '../../../src/stores/words.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const candy = read<GameDef>('candy-kingdom.game.json');
const castle = read<GameDef>('royal-castle.game.json');
beforeAll(async () => {
  registerGames([candy, castle]);
  await block.loadBlockEdits();
  await loadWords('block');
});
afterAll(() => forgetGames(['candy-kingdom', 'royal-castle']));

/** "Bears below": 9×9, a belt on rows 8–9 (B8–H8, H9–B9), row 5 void. */
const bearsBelow = () => ({ ...read<LevelT>('candy-kingdom/level_5.json'), id: 'bears' }) as LevelT;
const CAKE = { layer: 'tile', tile: 'cake', hp: 1 } as const;

function setup(level: LevelT, tool: EditorStore['tool'] = 'brush') {
  const ed = new EditorStore();
  ed.open(level);
  ed.tool = tool;
  const tools = new BoardTools(() => ed);
  const drag = (from: Cell, to: Cell = from) => {
    tools.down(from, 0);
    tools.move(to);
    tools.up();
  };
  return { ed, tools, drag };
}
const text = (ed: EditorStore) => (ed.notice ? say(ed.notice, ed.game) : null);
const steps = (ed: EditorStore) => ed.historyOf(ed.level!.id).entries.length;
const anchors = (l: LevelT, id = 'cake') => l.cells.flatMap((row, y) => row.flatMap((c, x) => (c.tile === id ? [[x, y]] : [])));
const valid = (l: LevelT | null) => {
  const r = parseLevel(l);
  return r.ok ? 'valid' : JSON.stringify(r);
};

describe('a multi-cell piece on a belt (defect 1)', () => {
  it('the brush on E8 is refused with §12.3’s reason, in English and 简体中文; the level stays as it was', async () => {
    const { ed, drag } = setup(bearsBelow());
    ed.setValue(CAKE);
    const before = ed.level;
    drag([4, 7]);
    expect(ed.level).toBe(before);
    expect(steps(ed)).toBe(0);
    expect(text(ed)).toBe('Not painted — E8: on belt 1, under "cake" at E8: a belt carries no multi-cell piece.');
    await setLocale('zh');
    expect(text(ed)).toBe('未绘制——E8：在传送带 1 上，被 E8 的 "cake" 占用：传送带不能运载多格物件。');
    await setLocale('en');
  });

  it('a cake whose lower row reaches the belt (E7) is refused, naming the belt cell', () => {
    const { ed, drag } = setup(bearsBelow());
    ed.setValue(CAKE);
    drag([4, 6]);
    expect(anchors(ed.level!)).toEqual([]);
    expect(text(ed)).toBe('Not painted — E8: on belt 1, under "cake" at E7: a belt carries no multi-cell piece.');
  });

  it('the rectangle and the fill paint no cake onto the belt, and say so', () => {
    const r = setup(bearsBelow(), 'rect');
    r.ed.setValue(CAKE);
    r.drag([2, 7], [5, 8]);
    expect(anchors(r.ed.level!)).toEqual([]);
    expect(text(r.ed)).toBe('Not painted — C8: on belt 1, under "cake" at C8: a belt carries no multi-cell piece.');
    const open = setup(bearsBelow(), 'fill');
    open.ed.setValue(CAKE);
    open.drag([0, 5]); // rows 6–9 are one region: cakes tile rows 6–7, none on the belt of rows 8–9
    expect(anchors(open.ed.level!)).toEqual([[0, 5], [2, 5], [4, 5], [6, 5]]);
    expect(valid(open.ed.level)).toBe('valid');
    const l = bearsBelow();
    for (const y of [5, 6]) l.cells[y] = l.cells[y].map(() => ({ tile: 'red' }));
    const belt = setup(l, 'fill');
    belt.ed.setValue(CAKE);
    belt.drag([4, 7]); // the region is the belt's rows alone: no cake goes
    expect(belt.ed.level).toEqual(l);
    expect(text(belt.ed)).toBe('Not painted — E8: on belt 1, under "cake" at E8: a belt carries no multi-cell piece.');
  });

  it('a paste of a cake onto the belt is refused, the level unchanged', () => {
    const l = bearsBelow();
    l.cells[0][0] = { tile: 'cake', hp: 1 };
    const { ed } = setup(l, 'select');
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(block.copy(ed)).toBe(true);
    const before = ed.level;
    expect(block.paste(ed, [4, 7])).toBe(false);
    expect(ed.level).toBe(before);
    expect(text(ed)).toBe('Not pasted — E8: on belt 1, under "cake" at E8: a belt carries no multi-cell piece.');
  });

  it('the copilot’s paint_tile is refused too, naming the cell', () => {
    const r = applyIntent(bearsBelow(), { tool: 'paint_tile', args: { x: 4, y: 7, tile: 'cake' } });
    expect(r).toMatchObject({ ok: false, error: 'paint_tile: cells[7][4]: on belts[0], under "cake" at cells[7][4]: a belt carries no multi-cell piece' });
  });
});

describe('multi-cell elements are not spawned (defect 2)', () => {
  const cannonYard = () => ({ ...read<LevelT>('royal-castle/level_4.json'), id: 'cannon' }) as LevelT;

  it('the spawnable elements leave out the cupboard (and the cake), in the definition’s order', () => {
    expect(spawnableElements(castle).map((e) => e.id)).toEqual(['lava', 'stone', 'box', 'box_red', 'box_blue', 'box_yellow', 'box_green', 'mailbox', 'letter', 'crown']);
    expect(spawnableElements(candy).map((e) => e.id)).not.toContain('cake');
  });

  it('the spawn editor offers the spawnable elements only (the level’s Spawn group and a spawner’s)', () => {
    const src = readFileSync(new URL('../../../src/ui/editor/SpawnEditor.svelte', import.meta.url), 'utf8');
    expect(src).toContain('const tiles = $derived(spawnableElements(editor.game));');
  });

  it('add_spawn, update_spawn and set_spawner refuse the cupboard; the level stays valid', () => {
    const l = cannonYard();
    const add = applyIntent(l, { tool: 'add_spawn', args: { element: 'cupboard', chance: 0.1, max: 1, total: 2 } });
    expect(add.ok).toBe(false);
    const ok = applyIntent(l, { tool: 'add_spawn', args: { element: 'crown', chance: 0.1, max: 1, total: 2 } });
    expect(ok.ok && valid(ok.level)).toBe('valid');
    const update = applyIntent(ok.ok ? ok.level : l, { tool: 'update_spawn', args: { index: 0, element: 'cupboard' } });
    expect(update.ok).toBe(false);
    const spawner = applyIntent(l, { tool: 'set_spawner', args: { x: 1, y: 0, spawn: [{ element: 'cupboard', chance: 0.2, max: 1, total: 2 }] } });
    expect(spawner.ok).toBe(false);
  });

  it('a tool built for another game still says why (the apply’s check)', async () => {
    const { spawnElement } = await import('../../../src/core/tools/levelGame.ts');
    expect(() => spawnElement(cannonYard(), 'cupboard')).toThrow('element: "cupboard" is a multi-cell element: it cannot be spawned');
  });
});

describe('mirror copies of a piece land at the mirrored footprint (defect 3)', () => {
  it('mirrorPoints of a w×h piece: x′ = W − x − w, y′ = H − y − h', () => {
    expect(mirrorPoints(0, 2, 9, 9, 'xy', 2, 2)).toEqual([[0, 2], [7, 2], [0, 5], [7, 5]]);
    expect(mirrorPoints(5, 0, 9, 9, 'y', 2, 2)).toEqual([[5, 0], [5, 7]]);
    expect(mirrorPoints(0, 0, 9, 9, 'xy')).toEqual([[0, 0], [8, 0], [0, 8], [8, 8]]); // a cell as before
  });

  it('Top–bottom: a cake at F1 (rows 1–2) copies to F8 (rows 8–9) on a board without a belt there', () => {
    const l = bearsBelow() as LevelT & { belts?: unknown };
    delete l.belts;
    const { ed, drag } = setup(l);
    ed.mirror = 'y';
    ed.setValue(CAKE);
    drag([5, 0]);
    expect(anchors(ed.level!)).toEqual([[5, 0], [5, 7]]);
    expect(steps(ed)).toBe(1);
    expect(valid(ed.level)).toBe('valid');
  });

  it('Four-way: a cake at A3 copies to H3, A6 and H6, one step; undo takes all four back', () => {
    const { ed, drag } = setup(bearsBelow());
    ed.mirror = 'xy';
    ed.setValue(CAKE);
    const before = ed.level;
    drag([0, 2]);
    expect(anchors(ed.level!)).toEqual([[0, 2], [7, 2], [0, 5], [7, 5]]);
    expect(text(ed)).toBeNull();
    expect(valid(ed.level)).toBe('valid');
    ed.undo();
    expect(ed.level).toEqual(before);
  });

  it('a copy that cannot be placed is said: Top–bottom from E1 puts the copy on the belt (E8)', async () => {
    const { ed, drag } = setup(bearsBelow());
    ed.mirror = 'y';
    ed.setValue(CAKE);
    drag([4, 0]);
    expect(anchors(ed.level!)).toEqual([[4, 0]]);
    expect(text(ed)).toBe('Mirror copy not painted — E8: on belt 1, under "cake" at E8: a belt carries no multi-cell piece.');
    await setLocale('zh');
    expect(text(ed)).toBe('镜像副本未绘制——E8：在传送带 1 上，被 E8 的 "cake" 占用：传送带不能运载多格物件。');
    await setLocale('en');
  });

  it('a copy over its own piece (across the axis) is said, the piece itself kept', () => {
    const { ed, drag } = setup(bearsBelow());
    ed.mirror = 'x';
    ed.setValue(CAKE);
    drag([3, 0]); // D1–E2; its image E1–F2 overlaps it
    expect(anchors(ed.level!)).toEqual([[3, 0]]);
    expect(text(ed)).toMatch(/^Mirror copy not painted — E1: /);
  });

  it('the fill and the rectangle mirror each piece by its footprint', () => {
    const r = setup(bearsBelow(), 'rect');
    r.ed.mirror = 'x';
    r.ed.setValue(CAKE);
    r.drag([0, 0], [3, 1]);
    expect(anchors(r.ed.level!)).toEqual([[0, 0], [2, 0], [5, 0], [7, 0]]);
    const l = bearsBelow() as LevelT & { belts?: unknown };
    delete l.belts;
    const f = setup(l, 'fill');
    f.ed.mirror = 'y';
    f.ed.setValue(CAKE);
    f.drag([0, 0]); // rows 1–4: cakes on rows 1 and 3, and their copies on rows 8 and 6
    const got = anchors(f.ed.level!);
    for (const [x, y] of got) expect(got).toContainEqual([x, 9 - y - 2]);
    expect(got.filter(([, y]) => y === 0).map(([x]) => x)).toEqual([0, 2, 4, 6]);
    expect(valid(f.ed.level)).toBe('valid');
  });
});

describe('the rectangle with a piece tiles it (defect 4)', () => {
  it('A3–D4 paints cakes on A3 and C3, one step; undo and redo exact', () => {
    const { ed, drag } = setup(bearsBelow(), 'rect');
    ed.setValue(CAKE);
    const before = ed.level;
    drag([0, 2], [3, 3]);
    expect(anchors(ed.level!)).toEqual([[0, 2], [2, 2]]);
    expect(steps(ed)).toBe(1);
    expect(valid(ed.level)).toBe('valid');
    const after = ed.level;
    ed.undo();
    expect(ed.level).toEqual(before);
    ed.redo();
    expect(ed.level).toEqual(after);
  });

  it('whole pieces from the top-left, at least one per row and column (a click paints one)', () => {
    expect(pieceAnchors({ x1: 0, y1: 2, x2: 4, y2: 3 }, [2, 2])).toEqual([[0, 2], [2, 2]]);
    expect(pieceAnchors({ x1: 3, y1: 3, x2: 3, y2: 3 }, [2, 2])).toEqual([[3, 3]]);
    const { ed, tools } = setup(bearsBelow(), 'rect');
    ed.setValue(CAKE);
    ed.cursor = [6, 0];
    tools.key({ key: 'Enter' });
    tools.key({ key: 'Enter' });
    expect(anchors(ed.level!)).toEqual([[6, 0]]);
  });

  it('a rectangle whose pieces cannot go says why', () => {
    const { ed, drag } = setup(bearsBelow(), 'rect');
    ed.setValue(CAKE);
    drag([0, 3], [1, 3]); // rows 4–5: row 5 is void
    expect(anchors(ed.level!)).toEqual([]);
    expect(text(ed)).toBe('Not painted — A5: covered by "cake" at A4, must not be void.');
  });
});

describe('the eyedropper on a piece (defect 5)', () => {
  it('any cell of the cake picks the cake with its hits; its anchor is found from each cell', () => {
    const l = bearsBelow();
    l.cells[0][3] = { tile: 'cake', hp: 5 };
    const { ed } = setup(l, 'eyedropper');
    expect(pieceAnchorAt(l, candy, 4, 1)).toEqual([3, 0]);
    expect(pieceAnchorAt(l, candy, 5, 1)).toBeNull();
    for (const c of [[3, 0], [4, 0], [3, 1], [4, 1]] as Cell[]) {
      ed.setValue({ layer: 'tile', tile: 'red' });
      ed.tool = 'eyedropper';
      new BoardTools(() => ed).down(c, 0);
      expect(ed.value, String(c)).toEqual({ layer: 'tile', tile: 'cake', hp: 5 });
    }
  });
});
