// Painting a coloured element (RULES §12.1; issue 41 item 2, found by the journey e2e): the palette offers
// one value per colour, the brush paints the piece with its colour and no hit points, the first one turns
// a version 1 level version 2, painting anything over it takes the colour off, and a piece without a
// colour (or a colour on another tile) is refused with the reason. The classic tool schema has no colour.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntent, getTool, loadTools } from '../../../src/core/tools/registry.ts';
import { paramsOf } from '../../../src/core/tools/define.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { cellIntent, paletteValues, regionIntent, valueAt } from '../../../src/stores/brush.ts';
import { brushValueLabel } from '../../../src/i18n/elementLabel.ts';
import { cellWhat } from '../../../src/ui/editor/cellLabel.ts';

const game = JSON.parse(readFileSync('examples/games/candy-kingdom.game.json', 'utf8')) as GameDef;
beforeAll(async () => {
  registerGames([game]);
  await loadTools(['paint_tile', 'paint_tile_region']);
});
afterAll(() => forgetGames(['candy-kingdom']));

const level = (): LevelT => ({ ...createLevel({ id: 'c', seed: 4, width: 6, height: 6 }), game: 'candy-kingdom' });
function apply(l: LevelT, intent: { tool: string; args: Record<string, unknown> }) {
  const r = applyIntent(l, intent);
  if (!r.ok) throw new Error(r.error);
  return r.level;
}

describe('a coloured element in the palette and on the board', () => {
  it('the palette has one value per colour for it, no hit counts; it is named by element and colour', () => {
    const bombs = paletteValues(gameById('candy-kingdom')!, ['random']).tile.filter((v) => v.layer === 'tile' && v.tile === 'candy_bomb');
    expect(bombs.map((v) => (v as { color?: string }).color)).toEqual(['red', 'green', 'blue', 'yellow', 'purple', 'orange']);
    expect(bombs.every((v) => !('hp' in v))).toBe(true);
    expect(brushValueLabel(bombs[2], gameById('candy-kingdom'))).toBe('Candy bomb, blue');
    // a level of 5 colours: its piece's colour must be one of them (RULES §12.1), so no orange one is offered
    const five = paletteValues(gameById('candy-kingdom')!, ['random'], 5).tile.filter((v) => v.layer === 'tile' && v.tile === 'candy_bomb');
    expect(five.map((v) => (v as { color?: string }).color)).toEqual(['red', 'green', 'blue', 'yellow', 'purple']);
  });

  it('the brush paints it with its colour and no hp, the level turns version 2, and the result parses', () => {
    const l = level();
    expect(l.version).toBe(1);
    const v = { layer: 'tile' as const, tile: 'candy_bomb', color: 'blue' };
    const next = apply(l, cellIntent(v, 2, 3));
    expect(next.version).toBe(2);
    expect(next.cells[3][2]).toEqual({ tile: 'candy_bomb', color: 'blue' });
    expect(parseLevel(next).ok).toBe(true);
    expect(valueAt(next.cells[3][2], 'tile', gameById('candy-kingdom'))).toEqual(v);
    // the cell's name says the glyph drawn on it (axe's label-content-name-mismatch)
    expect(cellWhat(next.cells[3][2], gameById('candy-kingdom'))).toBe('Candy bomb “Cb”, blue');
    expect(cellWhat({ tile: 'cake', hp: 4 }, gameById('candy-kingdom'))).toBe('Cake bomb “Ck”, 4 hits');
    // a rectangle of them
    const rect = apply(l, regionIntent({ ...v, color: 'red' }, 0, 0, 1, 0));
    expect(rect.cells[0].slice(0, 2)).toEqual([{ tile: 'candy_bomb', color: 'red' }, { tile: 'candy_bomb', color: 'red' }]);
    // painting a chocolate over it takes the colour and countdown off
    const over = apply({ ...next, cells: next.cells.map((r) => r.map((c) => (c.color ? { ...c, countdown: 3 } : c))) }, { tool: 'paint_tile', args: { x: 2, y: 3, tile: 'chocolate', hp: 1 } });
    expect(over.cells[3][2].tile).toBe('chocolate');
    expect(over.cells[3][2]).not.toHaveProperty('color');
    expect(over.cells[3][2]).not.toHaveProperty('countdown');
    expect(parseLevel(over).ok).toBe(true);
  });

  it('refuses a coloured element without a colour, a colour outside the level, and a colour on another tile', () => {
    const l = { ...level(), colors: 4 };
    expect(applyIntent(l, { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'candy_bomb' } })).toMatchObject({ ok: false, error: expect.stringContaining('color: required for the coloured element "candy_bomb"') });
    expect(applyIntent(l, { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'candy_bomb', color: 'orange' } })).toMatchObject({ ok: false, error: expect.stringContaining('must be one of red, green, blue, yellow') });
    expect(applyIntent(l, { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'chocolate', color: 'red' } })).toMatchObject({ ok: false, error: expect.stringContaining('color: only with a coloured element') });
  });

  it('the colour field is offered only where the game has a coloured element', () => {
    expect(Object.keys(paramsOf(getTool('paint_tile')!, CLASSIC_GAME).def.shape)).not.toContain('color');
    expect(Object.keys(paramsOf(getTool('paint_tile')!, gameById('candy-kingdom')!).def.shape)).toContain('color');
  });
});
