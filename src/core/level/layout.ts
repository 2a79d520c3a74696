// The board layout of a level file version 2 (RULES §12.3): portals, belts, walls, spawners and
// hidden rectangles, as zod shapes (any game's), and the checks that need the whole board: fall paths
// (paths.ts), cells on the board, no void, no cell twice. A §12 field in a version 1 level is refused
// naming it (`portals: needs "version": 2`).
import * as z from 'zod/mini';
import { LIMITS } from '../facts.ts';
import { intIn } from './basics.ts';
import { CLOSED_LOOP, fallPaths } from './paths.ts';
import { cellName } from '../cellName.ts';

/** Limits of the layout fields (RULES §12.3). */
export const LAYOUT_LIMITS = {
  portals: { max: 16 },
  belts: { max: 8 },
  beltCells: { min: 2, max: 64 },
  walls: { max: 128 },
  hidden: { max: 16 },
} as const;

/** The layout fields, in file (canonical) order. */
export const LAYOUT_FIELDS = ['portals', 'belts', 'walls', 'spawners', 'hidden'] as const;
export type LayoutField = (typeof LAYOUT_FIELDS)[number];

const XY_MSG = `must be [x, y] (each 0..${LIMITS.size.max - 1})`;
const coord = () => z.tuple([intIn(0, LIMITS.size.max - 1), intIn(0, LIMITS.size.max - 1)], { error: XY_MSG });
const most = (max: number, what: string) => z.maxLength(max, { error: `must have at most ${max} ${what}` });
const list = <T extends z.ZodMiniType>(item: T, max: number, what: string) => z.array(item, { error: 'must be an array' }).check(most(max, what));

export const portalShape = () => z.strictObject({ from: coord(), to: coord() }, { error: 'must be an object {"from": [x, y], "to": [x, y]}' });
export const beltShape = () =>
  z.strictObject(
    {
      cells: z
        .array(coord(), { error: 'must be an array of [x, y]' })
        .check(
          z.minLength(LAYOUT_LIMITS.beltCells.min, { error: `must have ${LAYOUT_LIMITS.beltCells.min}..${LAYOUT_LIMITS.beltCells.max} cells` }),
          z.maxLength(LAYOUT_LIMITS.beltCells.max, { error: `must have ${LAYOUT_LIMITS.beltCells.min}..${LAYOUT_LIMITS.beltCells.max} cells` }),
        ),
    },
    { error: 'must be an object {"cells": [[x, y], …]}' },
  );
export const wallShape = () =>
  z.strictObject(
    { x: intIn(0, LIMITS.size.max - 1), y: intIn(0, LIMITS.size.max - 1), side: z.enum(['right', 'bottom'], { error: 'must be "right" or "bottom"' }) },
    { error: 'must be an object {"x", "y", "side"}' },
  );
export const hiddenShape = () =>
  z.strictObject({ at: coord(), size: z.tuple([intIn(1, LIMITS.size.max), intIn(1, LIMITS.size.max)], { error: `must be [w, h] (each 1..${LIMITS.size.max})` }) }, { error: 'must be an object {"at": [x, y], "size": [w, h]}' });
/** A spawner: its entries are the level's spawn entries' shape (gameSchema.ts gives the list). */
export const spawnerShape = <S extends z.ZodMiniType>(spawn: S) => z.strictObject({ at: coord(), spawn }, { error: 'must be an object {"at": [x, y], "spawn": [ … ]}' });

/** The layout fields' schemas, a spawner's entries given. */
export function layoutFields<S extends z.ZodMiniType>(spawn: S) {
  return {
    portals: z.optional(list(portalShape(), LAYOUT_LIMITS.portals.max, 'portals')),
    belts: z.optional(list(beltShape(), LAYOUT_LIMITS.belts.max, 'belts')),
    walls: z.optional(list(wallShape(), LAYOUT_LIMITS.walls.max, 'walls')),
    spawners: z.optional(z.array(spawnerShape(spawn), { error: 'must be an array' })),
    hidden: z.optional(list(hiddenShape(), LAYOUT_LIMITS.hidden.max, 'hidden rectangles')),
  };
}

type XY = [number, number];
/** What the layout checks read of a level. */
export interface LayoutLevel {
  version: number;
  width: number;
  height: number;
  cells: { tile?: string }[][];
  portals?: { from: XY; to: XY }[];
  belts?: { cells: XY[] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: XY }[];
  hidden?: { at: XY; size: XY }[];
}

export type AddProblem = (path: PropertyKey[], message: string, key?: string, params?: Record<string, string | number>) => void;

export const NEEDS_V2 = 'needs "version": 2';

/** A version 1 level names each layout field it uses. */
export function checkLayoutVersion(l: LayoutLevel, add: AddProblem): void {
  if (l.version !== 1) return;
  for (const f of LAYOUT_FIELDS) if (l[f] !== undefined) add([f], NEEDS_V2, 'needsVersion2', {});
}

const onBoard = (l: LayoutLevel, [x, y]: XY) => x < l.width && y < l.height;
const offBoard = (l: LayoutLevel) => `must be on the board (x 0..${l.width - 1}, y 0..${l.height - 1})`;
/** The key and params of "must be on the board" (the UI words it: problem.layoutOffBoard). */
const offBoardKey = (l: LayoutLevel) => ['layoutOffBoard', { x: l.width - 1, y: l.height - 1 }] as const;
const at = ([x, y]: XY) => cellName(x, y);
const isVoid = (l: LayoutLevel, [x, y]: XY) => l.cells[y]?.[x]?.tile === 'void';

/** Belts (RULES §12.3): cells on the board, not void, consecutive ones orthogonal neighbours, no cell on two belts (`pieceAt`: the anchor of a multi-cell piece covering a cell, if any). */
function checkBelts(l: LayoutLevel, add: AddProblem, pieceAt: (x: number, y: number) => string | null) {
  const owner = new Map<number, number>();
  l.belts?.forEach((b, i) => {
    b.cells.forEach((c, k) => {
      const path = ['belts', i, 'cells', k];
      if (!onBoard(l, c)) return add(path, offBoard(l), ...offBoardKey(l));
      if (isVoid(l, c)) return add(path, 'must not be a void cell', 'beltVoid', { cell: at(c) });
      const piece = pieceAt(c[0], c[1]);
      if (piece) return add(path, `holds ${piece}: a belt carries no multi-cell piece`, 'beltPiece', { cell: at(c), piece });
      const prev = b.cells[k - 1];
      if (prev && Math.abs(prev[0] - c[0]) + Math.abs(prev[1] - c[1]) !== 1) add(path, `must be an orthogonal neighbour of cells[${k - 1}]`, 'beltNeighbour', { cell: at(c), prev: at(prev) });
      const key = c[1] * l.width + c[0];
      const before = owner.get(key);
      if (before !== undefined) add(path, before === i ? 'is already on this belt' : `is already on belts[${before}]`, before === i ? 'beltRepeat' : 'beltTwice', { cell: at(c), n: before + 1 });
      else owner.set(key, i);
    });
  });
}

/** Walls: an edge inside the board, each once. */
function checkWalls(l: LayoutLevel, add: AddProblem) {
  const seen = new Map<string, number>();
  l.walls?.forEach((w, i) => {
    if (w.x >= l.width || w.y >= l.height) return add(['walls', i], `(${w.x}, ${w.y}) is off the board`, ...offBoardKey(l));
    if (w.side === 'right' ? w.x + 1 >= l.width : w.y + 1 >= l.height) return add(['walls', i], `the ${w.side} edge of (${w.x}, ${w.y}) is the board's edge`, 'wallEdge', { cell: at([w.x, w.y]) });
    const key = `${w.x},${w.y},${w.side}`;
    const before = seen.get(key);
    if (before !== undefined) add(['walls', i], `repeats walls[${before}]`, 'wallRepeat', { cell: at([w.x, w.y]) });
    else seen.set(key, i);
  });
}

/** Hidden rectangles: inside the board, not overlapping. */
function checkHidden(l: LayoutLevel, add: AddProblem) {
  const owner = new Map<number, number>();
  l.hidden?.forEach((h, i) => {
    const [x0, y0] = h.at;
    const [w, hh] = h.size;
    if (x0 + w > l.width || y0 + hh > l.height) return add(['hidden', i], 'must be inside the board', 'hiddenOutside', {});
    let overlap = -1;
    for (let y = y0; y < y0 + hh; y++)
      for (let x = x0; x < x0 + w; x++) {
        const before = owner.get(y * l.width + x);
        if (before !== undefined && overlap < 0) overlap = before;
        owner.set(y * l.width + x, i);
      }
    if (overlap >= 0) add(['hidden', i], `overlaps hidden[${overlap}]`, 'hiddenOverlap', { n: overlap + 1 });
  });
}

/** The key and params of a portal's refusal by fall paths (paths.ts says it in English). */
function portalKey(l: LayoutLevel, message: string): [string, Record<string, string | number>] {
  const twice = /^is already the "(from|to)" of portals\[(\d+)\]/.exec(message);
  if (twice) return [twice[1] === 'from' ? 'portalTwiceFrom' : 'portalTwiceTo', { n: Number(twice[2]) + 1 }];
  if (message.startsWith('must be on the board')) return [...offBoardKey(l)];
  if (message === 'must not be a void cell') return ['portalVoid', {}];
  if (message.startsWith('must not be the same cell')) return ['portalSame', {}];
  return ['portalEnd', {}];
}

/** Portals (through fall paths) and spawners: each spawner on the first cell of a fall path, one per path. */
function checkPathsAndSpawners(l: LayoutLevel, add: AddProblem) {
  const r = fallPaths(l);
  if (!r.ok) {
    const [field, ...rest] = r.path.split('.');
    const m = /^(\w+)\[(\d+)\]$/.exec(field)!;
    return r.message === CLOSED_LOOP ? add([m[1], Number(m[2])], r.message, 'closedLoop', {}) : add([m[1], Number(m[2]), ...rest], r.message, ...portalKey(l, r.message));
  }
  const starts = new Set(r.paths.paths.map((p) => p[0]));
  const seen = new Map<number, number>();
  l.spawners?.forEach((s, i) => {
    if (!onBoard(l, s.at)) return add(['spawners', i, 'at'], offBoard(l), ...offBoardKey(l));
    const c = s.at[1] * l.width + s.at[0];
    if (!starts.has(c)) return add(['spawners', i, 'at'], 'must be the first cell of a fall path', 'spawnerNotStart', {});
    const before = seen.get(c);
    if (before !== undefined) add(['spawners', i, 'at'], `repeats the cell of spawners[${before}]`, 'spawnerRepeat', { cell: at(s.at) });
    else seen.set(c, i);
  });
}

/** Every board check of the layout fields (the board's size and rows valid). */
export function checkLayout(l: LayoutLevel, add: AddProblem, pieceAt: (x: number, y: number) => string | null = () => null): void {
  checkPathsAndSpawners(l, add);
  checkBelts(l, add, pieceAt);
  checkWalls(l, add);
  checkHidden(l, add);
}

/**
 * Whether a level's board layout is editable (the Wall and Portal tools, the model's layout tools): the
 * level or its game is version 2 (RULES §12: a version 1 level of a version 2 game takes its first
 * layout field by becoming version 2).
 */
export const layoutToolsOn = (level: { version?: number } | null | undefined, game: { version?: number } | null | undefined): boolean => level?.version === 2 || game?.version === 2;

/**
 * A find objective above the hidden rectangles `left` follows them down (removing one, clearing a block
 * over some); with none left it stays as it is and the level warns. `lowered` says whether one moved.
 */
export function findFollowsHidden<O extends { type: string }>(objectives: readonly O[], left: number): { objectives: O[]; lowered: boolean } {
  const above = (o: O) => o.type === 'find' && left > 0 && (o as O & { count: number }).count > left;
  if (!objectives.some(above)) return { objectives: [...objectives], lowered: false };
  return { objectives: objectives.map((o) => (above(o) ? { ...o, count: left } : o)), lowered: true };
}
