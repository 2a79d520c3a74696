// The board's own layout as registry edits (RULES §12.3; issue 41 item 2): walls on edges and portals,
// one undoable call each, refused with §12's reasons; a version 1 level becomes version 2 with its first
// layout; a resize moves the layout with the cells and drops what no longer fits; the model is offered
// these tools on levels of version 2 games only (the classic tool set is as it was).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntent, loadTools, runTool } from '../../../src/core/tools/registry.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { modelToolSpecs } from '../../../src/ai/toolSet.ts';

type L = LevelT & { walls?: unknown[]; portals?: { from: number[]; to: number[] }[] };
const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
beforeAll(async () => {
  registerGames([read<GameDef>('candy-kingdom.game.json'), read<GameDef>('sweet-saga.game.json')]);
  await loadTools(['set_wall', 'add_portal', 'remove_portal']);
});
afterAll(() => forgetGames(['candy-kingdom', 'sweet-saga']));

async function edit(level: LevelT, tool: string, args: Record<string, unknown>) {
  const r = await runTool(level, tool, args);
  if (!r.ok) throw new Error(r.error);
  return { level: r.level as L, summary: r.summary };
}

describe('set_wall', () => {
  it('puts a wall on an edge (the level becomes version 2) and takes it off; the result parses as is', async () => {
    const l = createLevel({ id: 'w', seed: 1 });
    expect(l.version).toBe(1);
    const on = await edit(l, 'set_wall', { x: 2, y: 3, side: 'right' });
    expect(on.level.version).toBe(2);
    expect(on.level.walls).toEqual([{ x: 2, y: 3, side: 'right' }]);
    expect(on.summary).toBe('Put a wall on the right edge of C4 (x 2, y 3).');
    const p = parseLevel(on.level);
    expect(p.ok && JSON.stringify(p.level)).toBe(JSON.stringify(on.level));
    const again = await edit(on.level, 'set_wall', { x: 2, y: 3, side: 'right' });
    expect(again.level).toBe(on.level);
    const off = await edit(on.level, 'set_wall', { x: 2, y: 3, side: 'right', on: false });
    expect(off.level.walls).toBeUndefined();
  });

  it('refuses the board\'s own edge with §12\'s reason, and a cell off the board', async () => {
    const l = createLevel({ id: 'w', seed: 1 });
    const r = await runTool(l, 'set_wall', { x: 8, y: 0, side: 'right' });
    expect(r).toMatchObject({ ok: false, error: 'set_wall: walls[0]: the right edge of (8, 0) is the board\'s edge' });
    expect(await runTool(l, 'set_wall', { x: 9, y: 0, side: 'bottom' })).toMatchObject({ ok: false, error: 'set_wall: x: must be 0..8 (the board is 9 wide)' });
  });
});

describe('add_portal and remove_portal', () => {
  it('adds numbered portals, refuses a loop naming the portal, removes one by its number', async () => {
    const l = createLevel({ id: 'p', seed: 1 });
    const one = await edit(l, 'add_portal', { from_x: 1, from_y: 2, to_x: 6, to_y: 4 });
    expect(one.level.portals).toEqual([{ from: [1, 2], to: [6, 4] }]);
    expect(one.summary).toBe('Added portal 1: from the bottom of B3 (x 1, y 2) into the top of G5 (x 6, y 4).');
    const loop = await runTool(one.level, 'add_portal', { from_x: 6, from_y: 4, to_x: 1, to_y: 2 });
    expect(loop).toMatchObject({ ok: false });
    expect(!loop.ok && loop.error).toMatch(/^add_portal: portals\[\d\]: makes a closed loop/);
    const two = await edit(one.level, 'add_portal', { from_x: 3, from_y: 2, to_x: 3, to_y: 6 });
    const gone = await edit(two.level, 'remove_portal', { n: 1 });
    expect(gone.level.portals).toEqual([{ from: [3, 2], to: [3, 6] }]);
    expect(await runTool(gone.level, 'remove_portal', { n: 2 })).toMatchObject({ ok: false, error: 'remove_portal: n: must be 1..1 (the level has 1 portal)' });
  });

  it('replays as an intent (undo and redo replay the call)', async () => {
    const l = createLevel({ id: 'p', seed: 1 });
    const r = await runTool(l, 'add_portal', { from_x: 0, from_y: 0, to_x: 4, to_y: 5 });
    expect(r.ok).toBe(true);
    const replay = applyIntent(l, { tool: 'add_portal', args: { from_x: 0, from_y: 0, to_x: 4, to_y: 5 } });
    expect(replay.ok && JSON.stringify(replay.level)).toBe(JSON.stringify(r.ok && r.level));
  });
});

describe('a resize moves the layout with the cells', () => {
  it('about the bottom-right: every entry shifts; what falls off the board is removed and said', async () => {
    let l: LevelT = createLevel({ id: 'r', seed: 1 });
    l = (await edit(l, 'add_portal', { from_x: 0, from_y: 1, to_x: 5, to_y: 4 })).level;
    l = (await edit(l, 'set_wall', { x: 6, y: 6, side: 'bottom' })).level;
    const r = await edit(l, 'set_grid_size', { width: 7, height: 7, anchor: 'bottom-right' });
    // the board lost two columns on the left and two rows on top: the portal's entry (A2) is gone with them
    expect(r.level.portals).toBeUndefined();
    expect(r.level.walls).toEqual([{ x: 4, y: 4, side: 'bottom' }]);
    expect(r.summary).toBe('Board resized from 9×9 to 7×7 about the bottom-right; 1 layout entry no longer fit and was removed.');
    const p = parseLevel(r.level);
    expect(p.ok).toBe(true);
  });
});

describe('a resize that cuts hidden rectangles', () => {
  it('takes a find objective above the pieces left down with them in the same step ("Bears below" narrowed to 5 columns)', async () => {
    const bears = read<LevelT & { hidden: unknown[] }>('candy-kingdom/level_5.json');
    expect(bears.hidden).toHaveLength(3);
    expect(bears.objectives).toEqual([{ type: 'find', count: 3 }]);
    const r = await edit(bears, 'set_grid_size', { width: 5, height: 9 });
    // B1's rectangle (A1–B2) is left; G1–H2 is off the board, D6–F7 cut by its new edge
    expect((r.level as L & { hidden?: unknown[] }).hidden).toEqual([{ at: [0, 0], size: [2, 2] }]);
    expect(r.level.objectives).toEqual([{ type: 'find', count: 1 }]);
    expect(r.summary).toMatch(/The find objective now counts 1 \(the hidden pieces left\)\.$/);
    expect(parseLevel(r.level).ok).toBe(true);
  });
});

describe('what the model is offered', () => {
  const names = (g?: GameDef) => modelToolSpecs('full', g).map((s) => s.name);
  it('the layout tools on a version 2 game\'s levels only', () => {
    for (const t of ['set_wall', 'add_portal', 'remove_portal']) {
      expect(names(gameById('candy-kingdom')!)).toContain(t);
      expect(names(gameById('sweet-saga')!)).not.toContain(t);
      expect(names()).not.toContain(t);
    }
  });
});
