// The bodies of set_game and the spawn tools (add_spawn, update_spawn, remove_spawn): a level's game
// and the tile elements that enter with its refills (RULES §11.1). Their heads are in heads.ts; this
// file loads with the level properties' game select and spawn editor (LevelProperties.svelte loads
// these tools with them), with the copilot's tools, or with a first runTool — not with the page
// (docs/performance.md, "First load").
import * as z from 'zod/mini';
import { isElementId, type LevelT, type SpawnT } from '../level/index.ts';
import { fitProblems } from '../level/fit.ts';
import { gameById, gameOf } from '../game/known.ts';
import { elementOf } from '../game/elements.ts';
import { isSpawnable, spawnableElements } from '../game/elementUse.ts';
import { CLASSIC_ID, GAME_ID_PATTERN, GAME_LIMITS, type GameDef } from '../game/types.ts';
import { toolBody, int, oneOf, ToolError, described, preprocess } from './define.ts';
import { DEFAULT_GAME } from './elements.ts';

export const setGame = toolBody({
  kind: 'edit',
  params: z.object({
    game: described(
      z.string({ error: 'must be a string' }).check(z.refine((s) => s === CLASSIC_ID || GAME_ID_PATTERN.test(s), { error: 'must be a game id (a-z, 0-9 and "-")' })),
      'Game id: classic, or one of the workspace\'s games',
    ),
  }),
  apply(level, a) {
    const def = gameById(a.game);
    if (!def) throw new ToolError(`game: unknown game "${a.game}" (import its match3-game file first)`);
    const before = level.game ?? CLASSIC_ID;
    // in the file's key order (game after rules); classic is the default and is left out
    const { game: _old, cells, objectives, ...head } = level;
    const next = { ...head, ...(a.game === CLASSIC_ID ? {} : { game: a.game }), cells, objectives };
    const problems = fitProblems(next, def);
    if (problems === null) throw new ToolError('the level model is still loading: try again in a moment');
    if (problems.length) {
      const first = problems[0];
      throw new ToolError(`the level does not fit the game "${def.name}": ${first.path ? `${first.path}: ` : ''}${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);
    }
    return { level: next, summary: before === a.game ? `The level already plays ${def.name}.` : `Game set from ${gameById(before)?.name ?? before} to ${def.name}.` };
  },
});

// ── spawn entries (RULES §11.1): which tile elements enter with the refills ────────────────────────

const SPAWN_ELEMENT_MSG = 'must be a tile element id of the level\'s game';
/** The tile element a spawn entry names: one of the game's tile element ids (any id for a game not known here: the apply says why). */
export function spawnElementParam(g: GameDef) {
  const tiles = spawnableElements(g).map((e) => e.id);
  return g.id !== CLASSIC_ID && tiles.length
    ? oneOf(tiles as [string, ...string[]], `The tile element that spawns (${tiles.join(', ')})`)
    : described(z.string({ error: SPAWN_ELEMENT_MSG }).check(z.refine(isElementId, { error: SPAWN_ELEMENT_MSG })), 'The tile element that spawns');
}
export const spawnParams = {
  chance: described(
    preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'must be a number above 0 and at most 1' }).check(z.gt(0, { error: 'must be above 0 and at most 1' }), z.lte(1, { error: 'must be above 0 and at most 1' }))),
    'Chance a new tile is this element while it may spawn, above 0 and at most 1',
  ),
  max: int(GAME_LIMITS.spawnMax.min, GAME_LIMITS.spawnMax.max, 'The most of the element on the board at once, 1..20'),
  total: int(GAME_LIMITS.spawnTotal.min, GAME_LIMITS.spawnTotal.max, 'How many may enter in the whole level, 1..999'),
};

/** The element a spawn entry names, refused unless the game may spawn it (spawnableElements: a tile element, not multi-cell). */
export function spawnElement(level: LevelT, id: string): string {
  const game = gameOf(level);
  const e = elementOf(game, id);
  if (isSpawnable(e)) return id;
  const tiles = spawnableElements(game).map((t) => t.id);
  const what = !e ? `"${id}" is not an element of game "${game.id}"` : e.layer !== 'tile' ? `"${id}" is a ${e.layer} element` : `"${id}" is a multi-cell element: it cannot be spawned`;
  throw new ToolError(`element: ${what}; a spawn entry names a tile element of one cell${tiles.length ? ` (${tiles.join(', ')})` : ` and game "${game.id}" has none`}`);
}
export const spawnWords = (s: SpawnT) => `${s.element} (chance ${s.chance}, at most ${s.max} on the board, ${s.total} in all)`;
function withSpawn(level: LevelT, spawn: SpawnT[]): LevelT {
  // in the file's key order (spawn after cells); an empty list is left out
  const { spawn: _old, objectives, ...head } = level;
  return { ...head, ...(spawn.length ? { spawn } : {}), objectives };
}
function spawnIndex(level: LevelT, index: number): void {
  const n = level.spawn?.length ?? 0;
  if (index >= n) throw new ToolError(n ? `index: must be 0..${n - 1} (the level has ${n} spawn ${n === 1 ? 'entry' : 'entries'})` : 'index: the level has no spawn entries');
}

const addSpawnParams = (g: GameDef) => z.object({ element: spawnElementParam(g), ...spawnParams });
const updateSpawnParams = (g: GameDef) =>
  z.object({
    index: int(0, GAME_LIMITS.spawnEntries.max - 1, '0-based index of the spawn entry'),
    element: z.optional(spawnElementParam(g)),
    chance: z.optional(spawnParams.chance),
    max: z.optional(spawnParams.max),
    total: z.optional(spawnParams.total),
  });

export const addSpawn = toolBody({
  kind: 'edit',
  params: addSpawnParams(DEFAULT_GAME),
  paramsFor: addSpawnParams,
  apply(level, a) {
    const list = level.spawn ?? [];
    if (list.length >= GAME_LIMITS.spawnEntries.max) throw new ToolError(`the level already has ${GAME_LIMITS.spawnEntries.max} spawn entries, the most allowed; remove one first`);
    const entry: SpawnT = { element: spawnElement(level, a.element), chance: a.chance, max: a.max, total: a.total };
    return { level: withSpawn(level, [...list, entry]), summary: `Added spawn entry ${list.length}: ${spawnWords(entry)}.` };
  },
});

export const updateSpawn = toolBody({
  kind: 'edit',
  params: updateSpawnParams(DEFAULT_GAME),
  paramsFor: updateSpawnParams,
  apply(level, a) {
    spawnIndex(level, a.index);
    const old = level.spawn![a.index];
    const entry: SpawnT = {
      element: a.element === undefined ? old.element : spawnElement(level, a.element),
      chance: a.chance ?? old.chance,
      max: a.max ?? old.max,
      total: a.total ?? old.total,
    };
    return { level: withSpawn(level, level.spawn!.map((s, i) => (i === a.index ? entry : s))), summary: `Spawn entry ${a.index} changed from ${spawnWords(old)} to ${spawnWords(entry)}.` };
  },
});

export const removeSpawn = toolBody({
  kind: 'edit',
  params: z.object({ index: int(0, GAME_LIMITS.spawnEntries.max - 1, '0-based index of the spawn entry') }),
  apply(level, a) {
    spawnIndex(level, a.index);
    const old = level.spawn![a.index];
    return { level: withSpawn(level, level.spawn!.filter((_, i) => i !== a.index)), summary: `Removed spawn entry ${a.index}: ${spawnWords(old)}.` };
  },
});
