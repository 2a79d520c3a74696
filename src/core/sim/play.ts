// The game as a person (play-test) or a watched bot plays it: moves as coordinates, a readable
// snapshot, and the steps of each move for the animation.
import type { ColorName, LevelT, ObjectiveT } from '../level/index.ts';
import type { Bot } from './bots/types.ts';
import { ELEM0, tileName } from './codes.ts';
import { Recorder, type StepEvent, type TileName } from './events.ts';
import { LOST, PLAYING, REASON_COUNTDOWN, REASON_MOVES, REASON_UNSOLVABLE, SimGame, WON, advance, defaultSeed, startGame } from './game.ts';
import { moveValid2 } from './v2/lines.ts';
import { COLORS } from '../level/index.ts';
import { DOWN, LEFT, RIGHT, TAP, UP, moveCode, moveValid } from './moves.ts';
import { swapRefusal } from './refusal.ts';

export interface XY {
  x: number;
  y: number;
}
/** A tap on a special, or a swap of a tile with an orthogonal neighbour (`to` is where the dragged tile goes). */
export type Move = { kind: 'tap'; at: XY } | { kind: 'swap'; from: XY; to: XY };

export type GameStatus = 'playing' | 'won' | 'lost';
export type LostReason = 'moves' | 'unsolvable' | 'countdown';

export interface CellView {
  /** null: an empty cell (under a blocker or covered tile until it goes). A tile element by its id. */
  tile: TileName | null;
  /** The cover element's id and its layers left. */
  cover: { type: string; layers: number } | null;
  /** The ground element's id and its layers left. */
  ground: { type: string; layers: number } | null;
  /** A tile element's hp (0 for anything else). */
  hp: number;
  /** An exit cell (RULES §11.1). */
  exit: boolean;
  /** A coloured element's colour (RULES §12.1). */
  color?: ColorName;
  /** A coloured element's moves left. */
  countdown?: number;
  /** On every cell of a multi-cell piece (RULES §12.4): its anchor (tile and hp are reported on every cell). */
  anchor?: XY;
}

export interface ObjectiveProgress {
  index: number;
  objective: ObjectiveT;
  /** Units done and needed (tiles, layers, pieces, hit points or points). */
  done: number;
  target: number;
  complete: boolean;
}

export interface GameSnapshot {
  width: number;
  height: number;
  /** Rows from the top; cells[y][x]. */
  cells: CellView[][];
  moveLimit: number;
  movesUsed: number;
  movesLeft: number;
  score: number;
  status: GameStatus;
  reason: LostReason | null;
  reshuffles: number;
  objectives: ObjectiveProgress[];
  /** Level counters of RULES §12.2 (every counter the game names; 0 at the start). */
  counters: Record<string, number>;
  /** Hidden rectangles found (RULES §12.3). */
  found: number;
}

export interface PlayGame {
  readonly level: LevelT;
  readonly seed: number;
  /** The engine's game (for bots and tests). */
  readonly sim: SimGame;
  readonly recorder: Recorder | null;
}

export type MoveOutcome =
  | {
      ok: true;
      /** Step 1 is the move's own clear, then the cascades. Empty unless the game records. */
      steps: StepEvent[];
      /** The board was deadlocked after the move and reshuffled (or the game was lost as unsolvable). */
      reshuffled: boolean;
      status: GameStatus;
      reason: LostReason | null;
      movesLeft: number;
      score: number;
    }
  | { ok: false; error: string };

/**
 * A game of `level`. The default seed gives the same game as analysis game 0. With `record`
 * (default true) each move returns its steps for animation.
 */
export function createGame(level: LevelT, opts: { seed?: number; record?: boolean } = {}): PlayGame {
  const sim = new SimGame(level);
  const seed = opts.seed ?? defaultSeed(level);
  startGame(sim, seed);
  const recorder = opts.record === false ? null : new Recorder();
  sim.board.rec = recorder;
  return { level, seed: seed >>> 0, sim, recorder };
}

function toCode(g: PlayGame, m: Move): number | string {
  const { w, h } = g.sim.board;
  const inside = (p: XY) => Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.y >= 0 && p.x < w && p.y < h;
  if (m.kind === 'tap') {
    if (!inside(m.at)) return `(${m.at.x}, ${m.at.y}) is off the board`;
    return moveCode(m.at.y * w + m.at.x, TAP);
  }
  if (!inside(m.from) || !inside(m.to)) return 'a swap must stay on the board';
  const dx = m.to.x - m.from.x, dy = m.to.y - m.from.y;
  const kind = dx === 1 && dy === 0 ? RIGHT : dx === -1 && dy === 0 ? LEFT : dx === 0 && dy === 1 ? DOWN : dx === 0 && dy === -1 ? UP : -1;
  if (kind < 0) return 'a swap must be between orthogonal neighbours';
  return moveCode(m.from.y * w + m.from.x, kind);
}

function fromCode(w: number, code: number): Move {
  const a = code >> 3, x = a % w, y = (a / w) | 0;
  switch (code & 7) {
    case TAP: return { kind: 'tap', at: { x, y } };
    case RIGHT: return { kind: 'swap', from: { x, y }, to: { x: x + 1, y } };
    case LEFT: return { kind: 'swap', from: { x, y }, to: { x: x - 1, y } };
    case DOWN: return { kind: 'swap', from: { x, y }, to: { x, y: y + 1 } };
    default: return { kind: 'swap', from: { x, y }, to: { x, y: y - 1 } };
  }
}

const statusName = (s: number): GameStatus => (s === WON ? 'won' : s === LOST ? 'lost' : 'playing');
const reasonName = (r: number): LostReason | null => (r === REASON_MOVES ? 'moves' : r === REASON_UNSOLVABLE ? 'unsolvable' : r === REASON_COUNTDOWN ? 'countdown' : null);

/** Whether a move is valid on the board (version 2's walls, coloured pieces and rules, or the classic test). */
function validOn(b: SimGame['board'], code: number): boolean {
  return b.x !== null ? moveValid2(b, b.x, code) : moveValid(b, code);
}

/** The valid moves now (the RULES move list: taps, then each neighbour pair once). Empty when the game is over. */
export function legalMoves(g: PlayGame): Move[] {
  const b = g.sim.board;
  if (g.sim.status !== PLAYING) return [];
  const out: Move[] = [];
  for (let k = 0; k < b.moveCount; k++) out.push(fromCode(b.w, b.moves[k]));
  return out;
}

export function isLegal(g: PlayGame, m: Move): boolean {
  const code = toCode(g, m);
  return g.sim.status === PLAYING && typeof code === 'number' && validOn(g.sim.board, code);
}

/** Plays a move; an invalid move changes nothing and returns `ok: false` with the reason. */
export function playMove(g: PlayGame, m: Move): MoveOutcome {
  const sim = g.sim;
  if (sim.status !== PLAYING) return { ok: false, error: `the game is over (${statusName(sim.status)})` };
  const code = toCode(g, m);
  if (typeof code === 'string') return { ok: false, error: code };
  if (!validOn(sim.board, code)) {
    return { ok: false, error: m.kind === 'tap' ? 'only a special can be tapped' : swapRefusal(sim.board, m.from.y * sim.board.w + m.from.x, m.to.y * sim.board.w + m.to.x) };
  }
  const before = sim.reshuffles;
  advance(sim, code);
  return {
    ok: true,
    steps: g.recorder ? g.recorder.take() : [],
    reshuffled: sim.reshuffles > before,
    status: statusName(sim.status),
    reason: reasonName(sim.reason),
    movesLeft: sim.moveLimit - sim.movesUsed,
    score: sim.board.score,
  };
}

/** The move a bot would play now (null when the game is over). The bot sees only the board. */
export function botMove(g: PlayGame, bot: Bot): Move | null {
  const b = g.sim.board;
  if (g.sim.status !== PLAYING || b.moveCount === 0) return null;
  return fromCode(b.w, bot.choose(b, g.sim.objectives));
}

export function snapshot(g: PlayGame): GameSnapshot {
  const sim = g.sim, b = sim.board, o = sim.objectives;
  const cells: CellView[][] = [];
  for (let y = 0; y < b.h; y++) {
    const row: CellView[] = [];
    for (let x = 0; x < b.w; x++) {
      const i = y * b.w + x, c = b.cover[i], gl = b.ground[i], g = b.game, v = b.x;
      const a = v !== null ? v.anchor[i] : -1;
      const cell: CellView = {
        tile: tileName(b.tile[i], g),
        cover: c === 0 ? null : { type: g.ids[b.coverKind[i]], layers: c },
        ground: gl === 0 ? null : { type: g.ids[b.groundKind[i]], layers: gl },
        hp: b.tile[i] >= ELEM0 ? b.hp[a >= 0 ? a : i] : 0,
        exit: b.exitCell[i] !== 0,
      };
      if (v !== null && b.tile[i] >= ELEM0 && v.pcolor[i] >= 0) {
        cell.color = COLORS[v.pcolor[i]];
        if (v.gt.countdown[b.tile[i] - ELEM0] > 0) cell.countdown = v.cd[i];
        cell.hp = 0;
      }
      if (a >= 0) cell.anchor = { x: a % b.w, y: (a / b.w) | 0 };
      row.push(cell);
    }
    cells.push(row);
  }
  return {
    width: b.w,
    height: b.h,
    cells,
    moveLimit: sim.moveLimit,
    movesUsed: sim.movesUsed,
    movesLeft: sim.moveLimit - sim.movesUsed,
    score: b.score,
    status: statusName(sim.status),
    reason: reasonName(sim.reason),
    reshuffles: sim.reshuffles,
    objectives: o.defs.map((objective, index) => {
      const target = o.total[index], left = o.remaining(b, index);
      return { index, objective, done: target - left < 0 ? 0 : target - left, target, complete: left === 0 };
    }),
    counters: Object.fromEntries((b.game.v2?.counters ?? []).map((name, k) => [name, b.x !== null ? b.x.counters[k] : 0])),
    found: b.x !== null ? b.x.foundCount : 0,
  };
}

/** Cell index (as in StepEvent) → coordinates. */
export function cellXY(g: PlayGame, cell: number): XY {
  return { x: cell % g.sim.board.w, y: (cell / g.sim.board.w) | 0 };
}

export type { StepEvent, TileName, ColorName };
