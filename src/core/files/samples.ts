// The sample pack a first visit starts with, built with the same tools a designer uses.
import { createLevel, type LevelT } from '../level/index.ts';
import { applyIntents, type Intent } from '../tools/index.ts';

function build(name: string, seed: number, intents: Intent[]): LevelT {
  const base = createLevel({ name, seed, id: `sample-${seed}` });
  const r = applyIntents(base, intents);
  if (r.error) throw new Error(`sample "${name}": ${r.error}`);
  return r.level;
}

export function sampleLevels(): LevelT[] {
  return [
    build('Tutorial: collect', 101, [
      { tool: 'set_move_limit', args: { moves: 20 } },
      { tool: 'set_objective', args: { type: 'collect', color: 'blue', count: 25 } },
    ]),
    build('Jelly rows', 202, [
      { tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly', layers: 2 } },
      { tool: 'paint_ground_region', args: { x1: 2, y1: 5, x2: 6, y2: 6, ground: 'jelly', layers: 1 } },
      { tool: 'set_objective', args: { type: 'clear_ground', ground: 'jelly' } },
      { tool: 'set_move_limit', args: { moves: 28 } },
    ]),
    build('Ice and crates', 303, [
      { tool: 'paint_cover_region', args: { x1: 1, y1: 6, x2: 7, y2: 8, cover: 'ice', layers: 1 } },
      { tool: 'paint_cover_region', args: { x1: 3, y1: 7, x2: 5, y2: 8, cover: 'ice', layers: 2 } },
      { tool: 'paint_tile_region', args: { x1: 0, y1: 3, x2: 1, y2: 3, tile: 'crate', hp: 2 } },
      { tool: 'paint_tile_region', args: { x1: 7, y1: 3, x2: 8, y2: 3, tile: 'crate', hp: 2 } },
      { tool: 'set_objective', args: { type: 'clear_cover', cover: 'ice' } },
      { tool: 'add_objective', args: { type: 'clear_crates' } },
      { tool: 'set_move_limit', args: { moves: 30 } },
    ]),
    build('Chains and voids', 404, [
      { tool: 'set_grid_size', args: { width: 8, height: 9 } },
      { tool: 'paint_tile_region', args: { x1: 0, y1: 0, x2: 1, y2: 1, tile: 'void' } },
      { tool: 'paint_tile_region', args: { x1: 6, y1: 0, x2: 7, y2: 1, tile: 'void' } },
      { tool: 'paint_cover_region', args: { x1: 2, y1: 4, x2: 5, y2: 4, cover: 'chain' } },
      { tool: 'place_bomb', args: { x: -1, y: -1 } },
      { tool: 'set_colors', args: { colors: 4 } },
      { tool: 'set_objective', args: { type: 'clear_cover', cover: 'chain' } },
      { tool: 'add_objective', args: { type: 'collect', color: 'yellow', count: 20 } },
      { tool: 'set_move_limit', args: { moves: 22 } },
    ]),
  ];
}
