// What the review card's preview marks as changed (issue 41 item 5): cells, a multi-cell piece as its
// whole shape, and a version 2 level's layout item by item — added, or taken away (gone).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameDef } from '../../../src/core/game/types.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { anyChange, boardChanges } from '../../../src/ui/chat/reviewChanges.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const CANDY = read<GameDef>('candy-kingdom.game.json');
type Layout = { portals?: unknown[]; walls?: unknown[]; belts?: unknown[]; spawners?: unknown[]; hidden?: unknown[] };

describe('boardChanges', () => {
  it('the same level changes nothing', () => {
    const l = read<LevelT>('candy-kingdom/level_5.json');
    expect(anyChange(boardChanges(l, structuredClone(l), CANDY))).toBe(false);
  });

  it('a changed cell is outlined as before (a classic level)', () => {
    const l = createLevel({ id: 'c', seed: 1, width: 5, height: 5 });
    const after = structuredClone(l);
    after.cells[2][3] = { tile: 'crate', hp: 2 };
    expect(boardChanges(l, after, CLASSIC_GAME)).toEqual({ areas: [{ kind: 'cell', x: 3, y: 2, w: 1, h: 1, gone: false }], walls: [] });
  });

  it('a portal added: both its cells; a wall put on and one taken off: their edges', () => {
    const l = { ...createLevel({ id: 'v', seed: 1, width: 6, height: 6 }), game: CANDY.id, version: 2, walls: [{ x: 1, y: 1, side: 'right' }] } as LevelT & Layout;
    const after = { ...l, portals: [{ from: [0, 4], to: [5, 1] }], walls: [{ x: 2, y: 3, side: 'bottom' }] } as LevelT & Layout;
    const c = boardChanges(l, after, CANDY);
    expect(c.areas).toEqual([
      { kind: 'portal', x: 0, y: 4, w: 1, h: 1, gone: false },
      { kind: 'portal', x: 5, y: 1, w: 1, h: 1, gone: false },
    ]);
    expect(c.walls).toEqual([
      { x: 2, y: 3, side: 'bottom', gone: false },
      { x: 1, y: 1, side: 'right', gone: true },
    ]);
  });

  it('a belt, a spawner and a hidden rectangle taken away are outlined as gone; a cake over its whole shape', () => {
    const l5 = read<LevelT & Layout>('candy-kingdom/level_5.json');
    const { belts: _b, ...noBelt } = l5;
    const c = boardChanges(l5, noBelt as LevelT, CANDY);
    expect(c.areas.filter((a) => a.kind === 'belt')).toHaveLength((l5.belts![0] as { cells: unknown[] }).cells.length);
    expect(c.areas.every((a) => a.gone)).toBe(true);
    const l = { ...createLevel({ id: 'v', seed: 1, width: 6, height: 6 }), game: CANDY.id, version: 2, spawners: [{ at: [2, 0], spawn: [] }] } as LevelT & Layout;
    const after = structuredClone({ ...l, spawners: undefined, hidden: [{ at: [1, 1], size: [2, 3] }] }) as LevelT & Layout;
    after.cells[3][3] = { tile: 'cake' };
    expect(boardChanges(l, after, CANDY).areas).toEqual([
      { kind: 'piece', x: 3, y: 3, w: 2, h: 2, gone: false },
      { kind: 'spawner', x: 2, y: 0, w: 1, h: 1, gone: true },
      { kind: 'hidden', x: 1, y: 1, w: 2, h: 3, gone: false },
    ]);
  });
});
