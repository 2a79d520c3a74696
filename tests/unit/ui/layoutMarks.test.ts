// What the board draws and names of a version 2 level's layout (RULES §12.3–§12.4): read off the level
// and its game's data; a version 1 level has nothing to draw.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { cellMarks, hasMarks, layoutMarks as marksOf } from '../../../src/ui/editor/layoutMarks.ts';
import { TILE_FILL } from '../../../src/ui/editor/glyphs.ts';
import { elementArt } from '../../../src/core/game/art.ts';

const layoutMarks = (l: LevelT, g: GameDef) => marksOf(l, g, { fill: TILE_FILL, art: elementArt });

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
beforeAll(() => registerGames([read<GameDef>('candy-kingdom.game.json')]));
afterAll(() => forgetGames(['candy-kingdom']));
const candy = () => gameById('candy-kingdom')!;

describe('layoutMarks', () => {
  it('a version 1 level has none', () => {
    expect(hasMarks(layoutMarks(createLevel({ id: 'c', seed: 1 }), CLASSIC_GAME))).toBe(false);
  });

  it('numbers portals, belts and hidden rectangles by their place in the file', () => {
    const m = layoutMarks(read<LevelT>('candy-kingdom/level_5.json'), candy());
    expect(m.portals).toEqual([{ n: 1, from: [1, 3], to: [7, 5] }, { n: 2, from: [7, 3], to: [1, 5] }]);
    expect(m.belts[0].cells).toHaveLength(14);
    expect(cellMarks(m, 1, 3)).toContainEqual({ key: 'layout.portalFrom', params: { n: 1 } });
    expect(cellMarks(m, 7, 5)).toContainEqual({ key: 'layout.portalTo', params: { n: 1 } });
    expect(cellMarks(m, 1, 7)).toContainEqual({ key: 'layout.belt', params: { n: 1, i: 1, of: 14 } });
  });

  it('a multi-cell piece is one shape of its element\'s size on its anchor; coloured pieces keep their colour and countdown', () => {
    const cake = layoutMarks(read<LevelT>('candy-kingdom/level_3.json'), candy()).pieces;
    expect(cake).toEqual([expect.objectContaining({ element: 'cake', w: 2, h: 2 })]);
    const bombs = layoutMarks(read<LevelT>('candy-kingdom/level_1.json'), candy()).colored;
    expect(bombs.map((b) => b.countdown)).toEqual([4, 6, 8]);
    // a coloured piece painted without a countdown starts with its element's
    const l = read<LevelT>('candy-kingdom/level_1.json');
    const first = l.cells.flat().find((c) => c.tile === 'candy_bomb') as { countdown?: number };
    delete first.countdown;
    expect(layoutMarks(l, candy()).colored[0].countdown).toBe(10);
  });

  it('a wall is named from both of its cells', () => {
    const l = { ...createLevel({ id: 'w', seed: 1 }), version: 2, walls: [{ x: 2, y: 3, side: 'right' }, { x: 4, y: 4, side: 'bottom' }] } as unknown as LevelT;
    const m = layoutMarks(l, CLASSIC_GAME);
    expect(cellMarks(m, 2, 3).map((k) => k.key)).toEqual(['layout.wallRight']);
    expect(cellMarks(m, 3, 3).map((k) => k.key)).toEqual(['layout.wallLeft']);
    expect(cellMarks(m, 4, 4).map((k) => k.key)).toEqual(['layout.wallBottom']);
    expect(cellMarks(m, 4, 5).map((k) => k.key)).toEqual(['layout.wallTop']);
    expect(cellMarks(m, 5, 5)).toEqual([]);
  });
});
