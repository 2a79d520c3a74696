// generate_random_level's work, loaded with the first generation (the registry's entry, generate.ts,
// keeps the name and the parameters on the first page): a seeded generator of a whole level (shape,
// blockers, objectives).
import { seededRandom } from '../seededRandom.ts';
import { COLORS, LATEST_RULES, LIMITS, canonicalLevel, cellCounts, describeObjective, elementCounts, type CellT, type LevelT, type ObjectiveT } from '../level/index.ts';
import { DEFAULT_GAME, elementsOn, hpOf } from './elements.ts';
import { plural } from './board.ts';
import { gameOf } from '../game/known.ts';
import type { ElementDef } from '../game/types.ts';
import { ToolError } from './define.ts';
import { objectiveFromArgs } from './settings.ts';
import { MAX_VOID_SHARE, type GenerateArgs } from './generate.ts';

const rng = seededRandom; // layout choices only (the simulator has its own PRNG)

export function generate(level: LevelT, a: GenerateArgs): { level: LevelT; summary: string } {
  const width = a.width ?? level.width,
    height = a.height ?? level.height;
  const seed = (a.seed ?? (Math.imul(level.seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0)) >>> 0;
  const rand = rng(seed);
  const symmetric = a.symmetric ?? true;
  const cells: CellT[][] = Array.from({ length: height }, () => Array.from({ length: width }, () => ({}) as CellT));

  // 1. shape: voids, mirrored left-to-right, never more than MAX_VOID_SHARE of the board
  const voidShare = Math.min(a.void_ratio ?? 0, MAX_VOID_SHARE);
  const maxVoids = Math.floor(width * height * voidShare);
  let voids = 0;
  const half = symmetric ? Math.ceil(width / 2) : width;
  for (let y = 0; y < height && voids < maxVoids; y++)
    for (let x = 0; x < half && voids < maxVoids; x++) {
      if (rand() >= voidShare) continue;
      const mx = width - 1 - x;
      const pair = symmetric && mx !== x;
      if (voids + (pair ? 2 : 1) > maxVoids) continue;
      cells[y][x] = { tile: 'void' };
      if (pair) cells[y][mx] = { tile: 'void' };
      voids += pair ? 2 : 1;
    }

  // 2. the game's tile elements, then covers on the colour cells, then grounds under everything on the board
  const g = gameOf(level);
  const share = (id: string) => (a as Record<string, number | undefined>)[`${id}_ratio`] ?? 0;
  // an element of several hit points or layers starts with 1 or 2
  const strength = (e: ElementDef) => (hpOf(e) > 1 ? 1 + Math.floor(rand() * 2) : undefined);
  const onBoard = (c: CellT) => c.tile !== 'void';
  const tiles = elementsOn(g, 'tile'), covers = elementsOn(g, 'cover'), grounds = elementsOn(g, 'ground');
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      if (!onBoard(row[x])) continue;
      for (const e of tiles)
        if (rand() < share(e.id)) {
          const hp = strength(e);
          row[x] = hp === undefined ? { tile: e.id } : { tile: e.id, hp };
          break;
        }
    }
  for (const row of cells)
    for (const c of row) {
      if (c.tile !== undefined) continue;
      const r = rand();
      let upTo = 0;
      for (const e of covers) {
        upTo += share(e.id);
        if (r >= upTo) continue;
        const layers = strength(e);
        c.cover = layers === undefined ? { type: e.id } : { type: e.id, layers };
        break;
      }
    }
  for (const row of cells)
    for (const c of row) {
      if (!onBoard(c)) continue;
      for (const e of grounds)
        if (rand() < share(e.id)) {
          const layers = strength(e);
          c.ground = layers === undefined ? { type: e.id } : { type: e.id, layers };
          break;
        }
    }
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      const c = row[x];
      if (c.hp === 1) delete c.hp;
      if (c.cover === undefined) delete c.cover;
    }

  const colors = a.colors ?? level.colors;
  const moves = a.moves ?? level.moves;
  const draft: LevelT = { ...level, width, height, moves, colors, rules: LATEST_RULES, cells, objectives: level.objectives };

  // 3. objectives that fit what was placed
  let objectives: ObjectiveT[];
  if (a.objectives)
    objectives = a.objectives.map((o, i) => {
      try {
        return objectiveFromArgs(o as Parameters<typeof objectiveFromArgs>[0], g);
      } catch (e) {
        if (e instanceof ToolError) throw new ToolError(`objectives[${i}].${e.message}`);
        throw e;
      }
    });
  else {
    const n = elementCounts(draft);
    objectives = [];
    // clear what was placed: grounds, covers, then the tile elements (the built-in game's own objective type for those)
    for (const e of grounds) if (n.get(e.id)) objectives.push({ type: 'clear_ground', ground: e.id });
    for (const e of covers) if (n.get(e.id)) objectives.push({ type: 'clear_cover', cover: e.id });
    for (const e of tiles) if (n.get(e.id)) objectives.push(g === DEFAULT_GAME ? ({ type: 'clear_crates' } as ObjectiveT) : ({ type: 'clear', element: e.id } as ObjectiveT));
    if (!objectives.length) {
      const color = COLORS[Math.floor(rand() * colors)];
      // about one colour tile per move and a bit: reachable but not trivial
      const count = Math.max(5, Math.min(999, Math.round((moves * 1.4 * 6) / colors)));
      objectives.push({ type: 'collect', color, count });
    }
    objectives = objectives.slice(0, LIMITS.objectives.max);
  }
  // canonical key order: `rules` sits after `seed` even when the level had none before
  const result: LevelT = canonicalLevel({ ...draft, objectives });
  const voidCells = cellCounts(result).voids;
  const placed = elementCounts(result);
  const parts = [`${width}×${height}`, `${moves} moves`, `${colors} colours`];
  if (voidCells) parts.push(`${voidCells} voids`);
  for (const e of [...tiles, ...covers, ...grounds]) if (placed.get(e.id)) parts.push(`${e.id} on ${plural(placed.get(e.id)!, 'cell')}`);
  const capped = (a.void_ratio ?? 0) > MAX_VOID_SHARE ? ` (void_ratio capped at ${MAX_VOID_SHARE})` : '';
  return {
    level: result,
    summary: `Generated a level with seed ${seed}: ${parts.join(', ')}${capped}. Objectives: ${objectives.map(describeObjective).join('; ')}.`,
  };
}
