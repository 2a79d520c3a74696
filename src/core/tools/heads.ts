// The registry's entries for the tools whose definitions load on first use (onFirstUseTool in
// define.ts): what the first page knows of them — name, kind, description and the order of their
// positional slash-command parameters. Their parameters and work are in their own modules (analysis.ts,
// compact.ts, game.ts, tune.ts, generate.ts, difficulty.ts), which use these same heads.
export const ANALYZE_LEVEL = { name: 'analyze_level', kind: 'analysis' as const, description: 'Simulate one bot tier: win rate (95% interval), difficulty, deadlocks.', positional: ['games', 'tier'] as ['games', 'tier'] };
export const DEEP_ANALYZE = { name: 'deep_analyze', kind: 'analysis' as const, description: 'Simulate all three tiers: win rates, curve, heat map, bottleneck with fixes.', positional: ['games'] as ['games'] };
export const GET_BOTTLENECK = { name: 'get_bottleneck', kind: 'analysis' as const, description: 'What stops players, where it stalls, and fixes with their effect.', positional: ['games'] as ['games'] };
export const PAINT_CELLS = { name: 'paint_cells', kind: 'edit' as const, description: 'Paint a tile, cover or ground on a cell or a rectangle.', positional: ['layer', 'x1', 'y1', 'x2', 'y2', 'value', 'layers'] as ['layer', 'x1', 'y1', 'x2', 'y2', 'value', 'layers'] };
export const SET_LEVEL = { name: 'set_level', kind: 'edit' as const, description: 'Change size, moves, colours, name or rules in one call.' };
export const DEFINE_ELEMENT = { name: 'define_element', kind: 'game' as const, description: "Add an element to the level's game (a proposal the designer reviews).", positional: ['id', 'layer'] as ['id', 'layer'] };
export const UPDATE_ELEMENT = { name: 'update_element', kind: 'game' as const, description: "Change an element of the level's game; fields left out stay (a proposal the designer reviews).", positional: ['id'] as ['id'] };
export const TUNE_LEVEL = { name: 'tune_level', kind: 'analysis' as const, description: 'Search the levers with the simulator for a target win rate; reports before → after.', positional: ['target_win_rate', 'tier'] as ['target_win_rate', 'tier'] };
export const GENERATE_RANDOM_LEVEL = { name: 'generate_random_level', kind: 'edit' as const, description: 'Replace the board with a generated level.' };
export const ADJUST_DIFFICULTY = { name: 'adjust_difficulty', kind: 'edit' as const, description: 'Turn several difficulty levers in one step.' };
