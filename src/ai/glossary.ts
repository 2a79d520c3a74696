// The terms every tool shares, said once in the system prompt instead of in each tool's schema
// (toolSet.ts leaves them out of the tools the model reads). Light: prompt.ts needs it, not the schemas.
import { OBJECTIVE_TYPES, TIERS } from '../core/facts.ts';
import { TILE_CODES } from '../core/level/index.ts';

// value lists come from the level model's own lists, so a code added there reaches the model here
const LINES = [
  'Parameters: x, y = column, row from 0 (left, top); x1, y1, x2, y2 = corners of a rectangle, inclusive; index = 0-based objective.',
  `tile: ${TILE_CODES.join(', ')} (crate hp 1..3; void = no cell). cover: ice (layers 1..3), chain; ground: jelly (layers 1..2); none removes them.`,
  `Objective type: ${OBJECTIVE_TYPES.join(', ')}; collect takes color and count, clear_ground ground, clear_cover cover, score target.`,
  `width, height 3..16 (anchor: top-left, center, bottom-right, …); moves 1..200; colors 3..6; games default 1000; tier: ${TIERS.join(', ')} (default average); target_win_rate, *_ratio: 0..1.`,
].join('\n');

const PAINT_CELLS = "paint_cells: value = a tile, cover or ground as above; layers = ice or jelly layers, or crate hp.";

/** The shared terms for a tool set (the compact set's paint_cells is said too). */
export function glossary(set: 'full' | 'compact' = 'full'): string {
  return set === 'compact' ? LINES + '\n' + PAINT_CELLS : LINES;
}
