// The registry's entries for the tools whose bodies load on first use (onFirstUseTool in define.ts):
// each entry is the whole of what the first page and the copilot's model know of the tool — name,
// kind, description, the order of its positional slash-command parameters, what the model reads of it
// — and where its body (parameters and work) loads from: analysis.ts, compact.ts, game.ts, tune.ts,
// generate.ts, difficulty.ts, readLevel.ts, levelGame.ts, which hold no head of their own.
import { onFirstUseTool, type ModelView } from './define.ts';

export const analyzeLevel = onFirstUseTool(
  {
    name: 'analyze_level',
    kind: 'analysis',
    description: 'Simulate one bot tier: win rate (95% interval), difficulty, deadlocks.',
    positional: ['games', 'tier'],
    model: { compact: 'all' },
  },
  async () => (await import('./analysis.ts')).analyzeLevel,
);

export const deepAnalyze = onFirstUseTool(
  {
    name: 'deep_analyze',
    kind: 'analysis',
    description: 'Simulate all three tiers: win rates, curve, heat map, bottleneck with fixes.',
    positional: ['games'],
    model: { compact: 'all' },
  },
  async () => (await import('./analysis.ts')).deepAnalyze,
);

export const getBottleneck = onFirstUseTool(
  {
    name: 'get_bottleneck',
    kind: 'analysis',
    description: 'What stops players, where it stalls, and fixes with their effect.',
    positional: ['games'],
    model: { compact: 'all' },
  },
  async () => (await import('./analysis.ts')).getBottleneck,
);

export const tuneLevel = onFirstUseTool(
  {
    name: 'tune_level',
    kind: 'analysis',
    description: 'Search the levers with the simulator for a target win rate; reports before → after.',
    positional: ['target_win_rate', 'tier'],
    model: {
      compact: ['target_win_rate', 'tier', 'levers'],
      brief: { target_pass_rate: "Players' pass rate instead" },
      shape: { bounds: { type: 'object', description: 'Per lever, e.g. {"moves": {"from": 18, "to": 26}}' } },
      plain: ['levers', 'tolerance', 'max_games'],
    },
  },
  async () => (await import('./tune.ts')).tuneLevelTool,
);

export const generateRandomLevel = onFirstUseTool(
  {
    name: 'generate_random_level',
    kind: 'edit',
    description: 'Replace the board with a generated level.',
    model: {
      shape: { objectives: { type: 'array', description: 'As set_objective takes them', items: { type: 'object' } } },
      plain: ['symmetric'],
    },
  },
  async () => (await import('./generate.ts')).generateRandomLevel,
);

export const adjustDifficulty = onFirstUseTool(
  {
    name: 'adjust_difficulty',
    kind: 'edit',
    description: 'Turn several difficulty levers in one step.',
    model: {
      brief: {
        objective_scale: 'Factor on objective counts',
        spawn_chance_scale: 'Factor on spawn chances',
        spawn_total_scale: 'Factor on spawn totals',
      },
      // the element levers are named from the game's elements: `<id>_layers`, `<id>_hp`, `<id>s_removed`, `<id>_countdown`
      briefOf: (param) => {
        const m = /^(?:(.+)_(?:layers|hp)|(.+)s_removed|(.+)_countdown)$/.exec(param);
        return m ? (m[1] ? `Added to each ${m[1]}` : m[2] ? `Share of ${m[2]}s removed` : `Added to each ${m[3]}'s countdown`) : undefined;
      },
    },
  },
  async () => (await import('./difficulty.ts')).adjustDifficulty,
);

// changes to the level's game: always proposals the designer reviews (they change every level of the game)
const ELEMENT_FIELDS_SAID = ['id', 'hp', 'glyph', 'color'];
// a version 2 game's fields by their type alone: their shapes are said once in the glossary (elementTerms.ts)
const ELEMENT_SHAPES: ModelView['shape'] = {
  key: { type: 'string' },
  emit: { type: 'object' },
  on_hit: { type: 'array', items: { type: 'object' } },
  on_destroy: { type: 'array', items: { type: 'object' } },
  gate: { type: 'object' },
  size: { type: 'array', items: { type: 'integer' } },
};

export const defineElement = onFirstUseTool(
  {
    name: 'define_element',
    kind: 'game',
    description: "Add an element to the level's game (a proposal the designer reviews).",
    positional: ['id', 'layer'],
    model: { said: "Propose a new element for the level's game.", ownTerms: ELEMENT_FIELDS_SAID, shape: ELEMENT_SHAPES },
  },
  async () => (await import('./game.ts')).defineElement,
);

export const updateElement = onFirstUseTool(
  {
    name: 'update_element',
    kind: 'game',
    description: "Change an element of the level's game; fields left out stay (a proposal the designer reviews).",
    positional: ['id'],
    model: { said: "Propose a change to an element of the level's game; fields left out stay.", ownTerms: [], shape: { ...ELEMENT_SHAPES, damage: { type: 'array', items: { type: 'string' } } } },
  },
  async () => (await import('./game.ts')).updateElement,
);

// one tool per family, for the copilot's compact tool set (small models)
export const paintCells = onFirstUseTool(
  {
    name: 'paint_cells',
    kind: 'edit',
    description: 'Paint a tile, cover or ground on a cell or a rectangle.',
    positional: ['layer', 'x1', 'y1', 'x2', 'y2', 'value', 'layers'],
    model: {
      compact: 'all',
      compactOnly: true,
      glossary: (set) => (set === 'compact' ? "paint_cells: value = a tile, cover or ground as above; layers = layers or a tile element's hp." : undefined),
    },
  },
  async () => (await import('./compact.ts')).paintCells,
);

export const setLevel = onFirstUseTool(
  {
    name: 'set_level',
    kind: 'edit',
    description: 'Change size, moves, colours, name or rules in one call.',
    model: { compact: ['width', 'height', 'moves', 'colors'], compactOnly: true },
  },
  async () => (await import('./compact.ts')).setLevel,
);

// the board's own layout (RULES §12.3): offered to the model on levels of version 2 games
export const setWall = onFirstUseTool(
  {
    name: 'set_wall',
    kind: 'edit',
    games: 'v2',
    description: 'Put a wall on the right or bottom edge of a cell, or take it off (on: false); a wall stops swaps, matches and neighbourhoods across it.',
    positional: ['x', 'y', 'side', 'on'],
    model: { said: 'Put a wall on a cell edge, or take it off (on: false).' },
  },
  async () => (await import('./layout.ts')).setWall,
);

export const addPortal = onFirstUseTool(
  {
    name: 'add_portal',
    kind: 'edit',
    games: 'v2',
    description: 'Add a portal: pieces falling out of the bottom of the entry cell come in at the top of the exit cell.',
    positional: ['from_x', 'from_y', 'to_x', 'to_y'],
    model: { said: 'Add a portal from the bottom of an entry cell to the top of an exit cell.' },
  },
  async () => (await import('./layout.ts')).addPortal,
);

export const removePortal = onFirstUseTool(
  {
    name: 'remove_portal',
    kind: 'edit',
    games: 'v2',
    description: 'Remove a portal by its number (1 = the first).',
    positional: ['n'],
  },
  async () => (await import('./layout.ts')).removePortal,
);

export const addBelt = onFirstUseTool(
  {
    name: 'add_belt',
    kind: 'edit',
    games: 'v2',
    description: 'Add a belt along neighbouring cells in order; after each move its tiles shift one cell along it.',
    positional: ['cells'],
  },
  async () => (await import('./layout.ts')).addBelt,
);

export const removeBelt = onFirstUseTool(
  {
    name: 'remove_belt',
    kind: 'edit',
    games: 'v2',
    description: 'Remove a belt by its number.',
    positional: ['n'],
  },
  async () => (await import('./layout.ts')).removeBelt,
);

export const setSpawner = onFirstUseTool(
  {
    name: 'set_spawner',
    kind: 'edit',
    games: 'v2',
    description: "Put or change a spawner, with its own spawn entries, on a fall path's first cell.",
    positional: ['x', 'y'],
  },
  async () => (await import('./layout.ts')).setSpawner,
);

export const removeSpawner = onFirstUseTool(
  {
    name: 'remove_spawner',
    kind: 'edit',
    games: 'v2',
    description: 'Remove the spawner on a cell.',
    positional: ['x', 'y'],
  },
  async () => (await import('./layout.ts')).removeSpawner,
);

export const addHidden = onFirstUseTool(
  {
    name: 'add_hidden',
    kind: 'edit',
    games: 'v2',
    description: 'Hide a piece (a rectangle) under the ground, for the find objective.',
    positional: ['x', 'y', 'width', 'height'],
  },
  async () => (await import('./layout.ts')).addHidden,
);

export const removeHidden = onFirstUseTool(
  {
    name: 'remove_hidden',
    kind: 'edit',
    games: 'v2',
    description: 'Remove a hidden piece by its number.',
    positional: ['n'],
  },
  async () => (await import('./layout.ts')).removeHidden,
);

// the Select tool's block with the layout and multi-cell pieces inside it (RULES §12.3–§12.4): the
// editor's cut, paste, move, flip and turn on version 2 levels; not offered to the model (paste_cells
// and the layout tools are), still run when called
export const placeBlock = onFirstUseTool(
  {
    name: 'place_block',
    kind: 'edit',
    description: 'Write a block of cells with the layout inside it (portals, belts, walls, spawners, hidden rectangles, cells counted from the block\'s top-left) at (x, y), after clearing a rectangle (clear); what no longer fits is removed.',
    model: { hidden: true },
  },
  async () => (await import('./block.ts')).placeBlock,
);

// the level as the model reads it (the copilot's read tool)
export const getLevel = onFirstUseTool(
  {
    name: 'get_level',
    kind: 'read',
    description: 'Read the level: settings, objectives, board, warnings.',
    model: { plain: ['format'] },
  },
  async () => (await import('./readLevel.ts')).getLevel,
);

// a level's game and its spawn entries (RULES §11.1): the level properties load them with their game
// select and spawn editor (LevelProperties.svelte)
export const setGame = onFirstUseTool(
  {
    name: 'set_game',
    kind: 'edit',
    description: 'Set the game the level plays (a game id of the workspace, or classic). Refused when the level does not fit that game.',
    model: {
      said: "Set the level's game.",
      // not offered (yet): the level's game is the designer's choice in the level properties (issue 31 part 4, the 2,500-token budget)
      hidden: true,
      // the games a level could switch to, said once in the full set's glossary
      glossary: (set, others) => (set === 'full' && others.length ? `set_game game: ${others.map((g) => (g.name === g.id ? g.id : `${g.id} "${g.name}"`)).join(', ')}.` : undefined),
    },
    positional: ['game'],
  },
  async () => (await import('./levelGame.ts')).setGame,
);

export const addSpawn = onFirstUseTool(
  {
    name: 'add_spawn',
    kind: 'edit',
    games: true,
    description: 'Add a spawn entry: a tile element that enters with the refills (at most 4 entries).',
    model: { said: 'Add a spawn entry.' },
    positional: ['element', 'chance', 'max', 'total'],
  },
  async () => (await import('./levelGame.ts')).addSpawn,
);

export const updateSpawn = onFirstUseTool(
  {
    name: 'update_spawn',
    kind: 'edit',
    games: true,
    description: 'Change a spawn entry at an index (only the fields given).',
    model: { said: 'Change a spawn entry; fields left out stay.' },
    positional: ['index', 'element', 'chance', 'max', 'total'],
  },
  async () => (await import('./levelGame.ts')).updateSpawn,
);

export const removeSpawn = onFirstUseTool(
  {
    name: 'remove_spawn',
    kind: 'edit',
    games: true,
    description: 'Remove the spawn entry at an index.',
    model: { said: 'Remove a spawn entry.' },
    positional: ['index'],
  },
  async () => (await import('./levelGame.ts')).removeSpawn,
);
