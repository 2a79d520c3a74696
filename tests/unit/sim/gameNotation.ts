// Board notation for the game-definition tests (RULES §11): levels of a game written as text, and
// the snapshot printed back in the same notation. Rows are separated by "/", cells by spaces.
//
// A cell is TILE[:hp][+COVER[:layers]][^GROUND[:layers]][!]
//   TILE: R G B Y P O (colours in palette order), H V X @ (rocket_h, rocket_v, bomb, rainbow),
//         _ void, ? random (levels only), . empty (printed boards only), or an element id;
//   :hp      a tile element's hp (default 1);
//   +id:n    a cover element with n layers (default 1);
//   ^id:n    a ground element with n layers (default 1);
//   !        an exit cell.
// In an expected board, a tile `*` stands for any colour tile (a refill) and `~` for any cell.
import type { LevelT } from '../../../src/core/level/index.ts';
import { createGame, playMove, snapshot, legalMoves, type Move, type PlayGame } from '../../../src/core/sim/play.ts';

const LETTER_NAME: Record<string, string> = {
  R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'orange',
  H: 'rocket_h', V: 'rocket_v', X: 'bomb', '@': 'rainbow', _: 'void', '?': 'random',
};
const NAME_LETTER: Record<string, string> = Object.fromEntries(Object.entries(LETTER_NAME).map(([k, v]) => [v, k]));
const COLOUR_LETTERS = new Set(['R', 'G', 'B', 'Y', 'P', 'O']);

const TOKEN = /^([RGBYPOHVX@_?.*~]|[a-z][a-z0-9_]*)(?::(\d))?(?:\+([a-z][a-z0-9_]*)(?::(\d))?)?(?:\^([a-z][a-z0-9_]*)(?::(\d))?)?(!)?$/;

export interface Tok {
  tile: string;
  hp: number | null;
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
    cover: m[3] ? { type: m[3], layers: Number(m[4] ?? 1) } : null,
    ground: m[5] ? { type: m[5], layers: Number(m[6] ?? 1) } : null,
    exit: !!m[7],
  };
}

const isElementTile = (t: string) => /^[a-z]/.test(t);

/** A token in canonical form (hp and layers written out). */
export function canon(t: Tok): string {
  let s = t.tile;
  if (isElementTile(t.tile)) s += `:${t.hp ?? 1}`;
  if (t.cover) s += `+${t.cover.type}:${t.cover.layers}`;
  if (t.ground) s += `^${t.ground.type}:${t.ground.layers}`;
  if (t.exit) s += '!';
  return s;
}

export function rows(text: string): string[][] {
  return text.split(/[/\n]/).map((r) => r.trim()).filter(Boolean).map((r) => r.split(/\s+/));
}

export interface GameLevelOpts {
  moves?: number;
  colors?: number;
  seed?: number;
  rules?: 1 | 2;
  objectives?: unknown[];
  spawn?: { element: string; chance: number; max: number; total: number }[];
}

let ids = 0;
/** A level of game `game` (undefined: no `game` field, the classic game) from text. */
export function gameLevel(game: string | undefined, text: string, opts: GameLevelOpts = {}): LevelT {
  const rs = rows(text);
  const w = rs[0].length;
  rs.forEach((r, y) => {
    if (r.length !== w) throw new Error(`row ${y} has ${r.length} cells, expected ${w}`);
  });
  const cells = rs.map((r) =>
    r.map((tok) => {
      const p = parseTok(tok);
      const c: Record<string, unknown> = {};
      if (p.tile !== '?') c.tile = LETTER_NAME[p.tile] ?? p.tile;
      if (p.hp !== null) c.hp = p.hp;
      if (p.cover) c.cover = p.cover.type === 'chain' ? { type: 'chain' } : { type: p.cover.type, layers: p.cover.layers };
      if (p.ground) c.ground = { type: p.ground.type, layers: p.ground.layers };
      if (p.exit) c.exit = true;
      return c;
    }),
  );
  const level: Record<string, unknown> = {
    format: 'match3-level',
    version: 1,
    id: `game-test-${++ids}`,
    name: 'game test',
    ...(game !== undefined ? { game } : {}),
    width: w,
    height: rs.length,
    moves: opts.moves ?? 1,
    colors: opts.colors ?? 6,
    seed: opts.seed ?? 42,
    ...(opts.rules === 2 ? { rules: 2 } : {}),
    cells,
    objectives: opts.objectives ?? [{ type: 'score', target: 1_000_000 }],
    ...(opts.spawn ? { spawn: opts.spawn } : {}),
  };
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

/** Whether the move list holds the swap of the pair {a, b} (either direction), and how many times. */
export function pairCount(g: PlayGame, a: [number, number], b: [number, number]): number {
  const same = (p: { x: number; y: number }, q: [number, number]) => p.x === q[0] && p.y === q[1];
  return legalMoves(g).filter((m) => m.kind === 'swap' && ((same(m.from, a) && same(m.to, b)) || (same(m.from, b) && same(m.to, a)))).length;
}

type AnyCell = any;

/** One snapshot cell in the notation. */
export function cellText(c: AnyCell): string {
  let s: string;
  if (c.tile === null || c.tile === undefined) s = '.';
  else if (NAME_LETTER[c.tile] !== undefined) s = NAME_LETTER[c.tile];
  else s = `${c.tile}:${c.hp}`;
  if (c.cover) s += `+${c.cover.type}:${c.cover.layers ?? 1}`;
  const ground = c.ground;
  if (ground) s += `^${ground.type}:${ground.layers}`;
  if (c.exit) s += '!';
  return s;
}

/** The board of a game as text (from its snapshot). */
export function show(g: PlayGame): string {
  return snapshot(g).cells.map((r) => r.map(cellText).join(' ')).join(' / ');
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

/** The cell at (x, y) of the snapshot, in notation. */
export function at(g: PlayGame, x: number, y: number): string {
  return cellText(snapshot(g).cells[y][x]);
}

/** How many cells hold tile element `id`. */
export function countTile(g: PlayGame, id: string): number {
  let n = 0;
  for (const r of snapshot(g).cells) for (const c of r) if (c.tile === id) n++;
  return n;
}
