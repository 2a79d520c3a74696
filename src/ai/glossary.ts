// The terms every tool shares, said once in the system prompt instead of in each tool's schema
// (toolSet.ts leaves them out of the tools the model reads). Light: prompt.ts needs it, not the schemas.

const LINES = [
  'Parameters: x, y = column, row from 0 (left, top); x1, y1, x2, y2 = opposite corners of a rectangle, inclusive; index = 0-based objective.',
  'tile: random, red, green, blue, yellow, purple, orange, rocket_h, rocket_v, bomb, rainbow, crate (hp 1..3), void (no cell). cover: ice (layers 1..3), chain (on colour or random tiles); ground: jelly (layers 1..2); none removes them.',
  'Objective type: collect (color, count), clear_ground (ground), clear_cover (cover), clear_crates, score (target).',
  'width, height 3..16 (anchor: top-left, top, center, bottom-right, …); moves 1..200; colors 3..6; games default 1000; tier: novice, average (default), expert; target_win_rate and *_ratio: fractions 0..1.',
].join('\n');

const PAINT_CELLS = "paint_cells: value = a tile, cover or ground as above; layers = ice or jelly layers, or crate hp.";

/** The shared terms for a tool set (the compact set's paint_cells is said too). */
export function glossary(set: 'full' | 'compact' = 'full'): string {
  return set === 'compact' ? LINES + '\n' + PAINT_CELLS : LINES;
}
