// Board notation for the version 2 fidelity tests (RULES §12): gameNotation.ts's cells, plus the
// colour and countdown of a coloured element and the cells of a multi-cell piece; the level's
// board-layout fields (§12.3) come as options. Rows are separated by "/", cells by spaces.
//
// A cell is TILE[:hp][=C][#n][+COVER[:layers]][^GROUND[:layers]][!]
//   TILE: R G B Y P O (colours), H V X @ (rocket_h, rocket_v, bomb, rainbow), _ void, ? random
//         (levels only), . empty (printed boards only), & a non-anchor cell of a multi-cell piece
//         (a level cell with no tile; printed: a cell whose anchor is elsewhere), or an element id;
//   :hp      a tile element's hp (default 1);
//   =C       a coloured element's colour (a colour letter);
//   #n       a coloured element's countdown (printed whenever the piece has one);
//   +id:n    a cover element with n layers (default 1);
//   ^id:n    a ground element with n layers (default 1);
//   !        an exit cell.
// In an expected board a tile `*` stands for any colour tile and `~` for any cell.
import { expect } from 'vitest';
import type { LevelT } from '../../../src/core/level/index.ts';
import { createGame, playMove, snapshot, legalMoves, type Move, type PlayGame } from '../../../src/core/sim/play.ts';

const LETTER_NAME: Record<string, string> = {
  R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'orange',
  H: 'rocket_h', V: 'rocket_v', X: 'bomb', '@': 'rainbow', _: 'void', '?': 'random',
};
const NAME_LETTER: Record<string, string> = Object.fromEntries(Object.entries(LETTER_NAME).map(([k, v]) => [v, k]));
const COLOUR_LETTERS = new Set(['R', 'G', 'B', 'Y', 'P', 'O']);
export const COLOUR_OF: Record<string, string> = { R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'orange' };

const TOKEN =
  /^([RGBYPOHVX@_?.*~&]|[a-z][a-z0-9_]*)(?::(\d+))?(?:=([RGBYPO]))?(?:#(\d+))?(?:\+([a-z][a-z0-9_]*)(?::(\d))?)?(?:\^([a-z][a-z0-9_]*)(?::(\d))?)?(!)?$/;

export interface Tok {
  tile: string;
  hp: number | null;
  color: string | null;
  countdown: number | null;
  cover: { type: string; layers: number } | null;
  ground: { type: string; layers: number } | null;
  exit: boolean;
}

export function parseTok(tok: string): Tok {
  const m = TOKEN.exec(tok);
  if (!m) throw new Error(`bad cell "${tok}"`);
  return {
    tile: m[1],
    hp: m[2] !== undefined ? Number(m[2]) : null,
    color: m[3] ?? null,
    countdown: m[4] !== undefined ? Number(m[4]) : null,
    cover: m[5] ? { type: m[5], layers: Number(m[6] ?? 1) } : null,
    ground: m[7] ? { type: m[7], layers: Number(m[8] ?? 1) } : null,
    exit: !!m[9],
  };
}

const isElementTile = (t: string) => /^[a-z]/.test(t);

/** A token in canonical form (a plain element's hp written out). */
export function canon(t: Tok): string {
  let s = t.tile;
  if (isElementTile(t.tile)) s += t.color ? `=${t.color}` : `:${t.hp ?? 1}`;
  if (t.countdown !== null) s += `#${t.countdown}`;
  if (t.cover) s += `+${t.cover.type}:${t.cover.layers}`;
  if (t.ground) s += `^${t.ground.type}:${t.ground.layers}`;
  if (t.exit) s += '!';
  return s;
}

export function rows(text: string): string[][] {
  return text.split(/[/\n]/).map((r) => r.trim()).filter(Boolean).map((r) => r.split(/\s+/));
}

export interface V2Opts {
  /** The level file's version (default 2). */
  version?: 1 | 2;
  moves?: number;
  colors?: number;
  seed?: number;
  rules?: 1 | 2;
  objectives?: unknown[];
  spawn?: { element: string; chance: number; max: number; total: number }[];
  portals?: { from: [number, number]; to: [number, number] }[];
  belts?: { cells: [number, number][] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: [number, number]; spawn: { element: string; chance: number; max: number; total: number }[] }[];
  hidden?: { at: [number, number]; size: [number, number] }[];
}

/** One level cell (JSON) from a token. */
export function cellOf(tok: string): Record<string, unknown> {
  const p = parseTok(tok);
  const c: Record<string, unknown> = {};
  if (p.tile !== '?' && p.tile !== '&') c.tile = LETTER_NAME[p.tile] ?? p.tile;
  if (p.hp !== null) c.hp = p.hp;
  if (p.color) c.color = COLOUR_OF[p.color];
  if (p.countdown !== null) c.countdown = p.countdown;
  if (p.cover) c.cover = { type: p.cover.type, layers: p.cover.layers };
  if (p.ground) c.ground = { type: p.ground.type, layers: p.ground.layers };
  if (p.exit) c.exit = true;
  return c;
}

let ids = 0;
/** A level (file version 2 unless asked) of game `game` from text. */
export function v2Level(game: string | undefined, text: string, opts: V2Opts = {}): LevelT {
  const rs = rows(text);
  const w = rs[0].length;
  rs.forEach((r, y) => {
    if (r.length !== w) throw new Error(`row ${y} has ${r.length} cells, expected ${w}`);
  });
  const level: Record<string, unknown> = {
    format: 'match3-level',
    version: opts.version ?? 2,
    id: `v2-test-${++ids}`,
    name: 'v2 test',
    ...(game !== undefined ? { game } : {}),
    width: w,
    height: rs.length,
    moves: opts.moves ?? 1,
    colors: opts.colors ?? 6,
    seed: opts.seed ?? 42,
    ...(opts.rules === 2 ? { rules: 2 } : {}),
    cells: rs.map((r) => r.map(cellOf)),
    objectives: opts.objectives ?? [{ type: 'score', target: 1_000_000 }],
  };
  for (const k of ['spawn', 'portals', 'belts', 'walls', 'spawners', 'hidden'] as const) if (opts[k]) level[k] = opts[k];
  return level as unknown as LevelT;
}

/** Starts a game of the level; refill off unless asked, so boards after gravity are exact. */
export function start(level: LevelT, opts: { refill?: boolean; seed?: number } = {}): PlayGame {
  const g = createGame(level, { seed: opts.seed ?? 7, record: false });
  if (!(opts.refill ?? false)) g.sim.board.refill = false;
  return g;
}

/** "x,y" a tap, "x,yr" / "x,yl" / "x,yd" / "x,yu" a swap of (x,y) with its right / left / lower / upper neighbour. */
export function mv(s: string): Move {
  const m = /^(\d+),(\d+)([rldu]?)$/.exec(s);
  if (!m) throw new Error(`bad move ${s}`);
  const x = Number(m[1]), y = Number(m[2]);
  if (!m[3]) return { kind: 'tap', at: { x, y } };
  const [dx, dy] = { r: [1, 0], l: [-1, 0], d: [0, 1], u: [0, -1] }[m[3] as 'r']!;
  return { kind: 'swap', from: { x, y }, to: { x: x + dx, y: y + dy } };
}

/** Plays a move that must be accepted. */
export function play(g: PlayGame, move: string) {
  const r = playMove(g, mv(move));
  if (!r.ok) throw new Error(`move ${move} refused: ${r.error}`);
  return r;
}

/** How many times the move list holds the swap of the pair {a, b} (either direction). */
export function pairCount(g: PlayGame, a: [number, number], b: [number, number]): number {
  const same = (p: { x: number; y: number }, q: [number, number]) => p.x === q[0] && p.y === q[1];
  return legalMoves(g).filter((m) => m.kind === 'swap' && ((same(m.from, a) && same(m.to, b)) || (same(m.from, b) && same(m.to, a)))).length;
}

type AnyCell = any;

/** One snapshot cell in the notation. */
export function cellText(c: AnyCell, x: number, y: number): string {
  let s: string;
  if (c.tile === null || c.tile === undefined) s = '.';
  else if (c.anchor && (c.anchor.x !== x || c.anchor.y !== y)) s = '&';
  else if (NAME_LETTER[c.tile] !== undefined) s = NAME_LETTER[c.tile];
  else if (c.color) s = `${c.tile}=${NAME_LETTER[c.color]}`;
  else s = `${c.tile}:${c.hp}`;
  if (c.countdown !== undefined && c.countdown !== null) s += `#${c.countdown}`;
  if (c.cover) s += `+${c.cover.type}:${c.cover.layers ?? 1}`;
  if (c.ground) s += `^${c.ground.type}:${c.ground.layers}`;
  if (c.exit) s += '!';
  return s;
}

/** The board of a game as text (from its snapshot). */
export function show(g: PlayGame): string {
  return snapshot(g).cells.map((r, y) => r.map((c, x) => cellText(c, x, y)).join(' ')).join(' / ');
}

/** Expected text in canonical form; `*` tiles take the colour shown in `got`, `~` cells take the whole cell. */
export function expected(text: string, got: string): string {
  const g = rows(got);
  return rows(text)
    .map((r, y) =>
      r
        .map((tok, x) => {
          if (tok === '~') return g[y]?.[x] ?? '~';
          const p = parseTok(tok);
          if (p.tile === '*') {
            const gt = g[y]?.[x] ? parseTok(g[y][x]) : null;
            if (gt && COLOUR_LETTERS.has(gt.tile)) p.tile = gt.tile;
          }
          return canon(p);
        })
        .join(' '),
    )
    .join(' / ');
}

export function expectBoard(g: PlayGame, text: string): void {
  const got = show(g);
  expect(got).toBe(expected(text, got));
}

/** The cell at (x, y) of the snapshot, in notation. */
export function at(g: PlayGame, x: number, y: number): string {
  return cellText(snapshot(g).cells[y][x], x, y);
}

/** How many cells hold tile element `id` (a multi-cell piece: each of its cells). */
export function countTile(g: PlayGame, id: string): number {
  let n = 0;
  for (const r of snapshot(g).cells) for (const c of r) if (c.tile === id) n++;
  return n;
}

/** A level counter (RULES §12.2) of the snapshot. */
export function counter(g: PlayGame, name: string): number | undefined {
  return (snapshot(g) as unknown as { counters?: Record<string, number> }).counters?.[name];
}

/** Hidden rectangles found (RULES §12.3). */
export function found(g: PlayGame): number | undefined {
  return (snapshot(g) as unknown as { found?: number }).found;
}

/** Plays the moves on a fresh game of the level (refill off) and returns the game. */
export function after(level: LevelT, ...moves: string[]): PlayGame {
  const g = start(level);
  for (const m of moves) play(g, m);
  return g;
}
