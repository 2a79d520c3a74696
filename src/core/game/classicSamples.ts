// The sample pack a first visit starts with: levels of the classic game, as the editing tool calls
// (tool name and arguments, src/core/tools) that build them from a new level. Data about the classic
// game's elements, so it lives beside its definition; files/samples.ts runs the calls.

/** One sample level: its name, its seed (also its id, `sample-<seed>`) and the tool calls that paint it. */
export interface SampleRecipe {
  name: string;
  seed: number;
  intents: { tool: string; args: Record<string, unknown> }[];
}

export const CLASSIC_SAMPLES: readonly SampleRecipe[] = [
  {
    name: 'Tutorial: collect',
    seed: 101,
    intents: [
      { tool: 'set_move_limit', args: { moves: 20 } },
      { tool: 'set_objective', args: { type: 'collect', color: 'blue', count: 25 } },
    ],
  },
  {
    name: 'Jelly rows',
    seed: 202,
    intents: [
      { tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly', layers: 2 } },
      { tool: 'paint_ground_region', args: { x1: 2, y1: 5, x2: 6, y2: 6, ground: 'jelly', layers: 1 } },
      { tool: 'set_objective', args: { type: 'clear_ground', ground: 'jelly' } },
      { tool: 'set_move_limit', args: { moves: 28 } },
    ],
  },
  {
    name: 'Ice and crates',
    seed: 303,
    intents: [
      { tool: 'paint_cover_region', args: { x1: 1, y1: 6, x2: 7, y2: 8, cover: 'ice', layers: 1 } },
      { tool: 'paint_cover_region', args: { x1: 3, y1: 7, x2: 5, y2: 8, cover: 'ice', layers: 2 } },
      { tool: 'paint_tile_region', args: { x1: 0, y1: 3, x2: 1, y2: 3, tile: 'crate', hp: 2 } },
      { tool: 'paint_tile_region', args: { x1: 7, y1: 3, x2: 8, y2: 3, tile: 'crate', hp: 2 } },
      { tool: 'set_objective', args: { type: 'clear_cover', cover: 'ice' } },
      { tool: 'add_objective', args: { type: 'clear_crates' } },
      { tool: 'set_move_limit', args: { moves: 30 } },
    ],
  },
  {
    name: 'Chains and voids',
    seed: 404,
    intents: [
      { tool: 'set_grid_size', args: { width: 8, height: 9 } },
      { tool: 'paint_tile_region', args: { x1: 0, y1: 0, x2: 1, y2: 1, tile: 'void' } },
      { tool: 'paint_tile_region', args: { x1: 6, y1: 0, x2: 7, y2: 1, tile: 'void' } },
      { tool: 'paint_cover_region', args: { x1: 2, y1: 4, x2: 5, y2: 4, cover: 'chain' } },
      { tool: 'place_bomb', args: { x: -1, y: -1 } },
      { tool: 'set_colors', args: { colors: 4 } },
      { tool: 'set_objective', args: { type: 'clear_cover', cover: 'chain' } },
      { tool: 'add_objective', args: { type: 'collect', color: 'yellow', count: 20 } },
      { tool: 'set_move_limit', args: { moves: 22 } },
    ],
  },
];
