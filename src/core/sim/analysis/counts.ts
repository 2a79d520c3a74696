// The result of playing games: integer counts only, so that any split of games [0, N) into
// chunks merges back to exactly the same figures.
import type { Tier } from '../bots/types.ts';

export interface SimCounts {
  rulesVersion: number;
  levelHash: string;
  tier: Tier;
  width: number;
  height: number;
  moveLimit: number;
  /** Games keep playing past the limit up to this many moves for the curve (= moveLimit without a curve). */
  curveMax: number;
  objectives: number;

  games: number;
  wins: number;
  /** Sum over won games of the moves left. */
  movesLeftOnWin: number;
  /** Reshuffles (one per deadlock, the start one included) up to the end of each game at the real limit. */
  reshuffles: number;
  gamesWithReshuffle: number;
  /** Games lost because no reshuffle worked. */
  unsolvable: number;
  /** Per objective: games in which it was complete at the end. */
  objCompleted: number[];
  /** Per objective, lost games only: games in which it was incomplete, units done and units needed. */
  objIncompleteOnLoss: number[];
  objDoneOnLoss: number[];
  objTotalOnLoss: number[];
  /** Per cell (y * width + x): hits (tiles cleared, covers, jelly, crates), all games up to the real limit. */
  heatClears: number[];
  /** Per cell: objective stuff left (jelly layers, cover layers, crate hp of open objectives) when games are lost. */
  heatLeft: number[];
  /** curveWins[m]: games first winning at move m (m = 1 .. curveMax). */
  curveWins: number[];
  /** Levels of a game with spreading elements only: spreading events, all games up to the real limit. */
  spreads?: number;
  /** Levels whose game or file is version 2 only (RULES §4, §12.5): games lost by a countdown. */
  lostToCountdown?: number;
  /** Version 2 only, per element of the game: pieces its emitters placed, all games up to the real limit. */
  emitted?: number[];
  /** Version 2 only, per element: lost games that ended with its gate still closed (0 for an element without a gate). */
  gateClosedOnLoss?: number[];
  /** Version 2 only, per level counter (the game's counter order): its sum over lost games at their end. */
  counterOnLoss?: number[];
  /**
   * Version 2 only, per cell: in the games a countdown ended (those of `lostToCountdown`), the pieces
   * whose countdown reached 0 there (the heat map's countdown layer).
   */
  heatCountdown?: number[];
}

export function emptyCounts(meta: Pick<SimCounts, 'rulesVersion' | 'levelHash' | 'tier' | 'width' | 'height' | 'moveLimit' | 'curveMax' | 'objectives'>): SimCounts {
  const n = meta.width * meta.height, k = meta.objectives;
  return {
    ...meta,
    games: 0, wins: 0, movesLeftOnWin: 0, reshuffles: 0, gamesWithReshuffle: 0, unsolvable: 0,
    objCompleted: new Array(k).fill(0),
    objIncompleteOnLoss: new Array(k).fill(0),
    objDoneOnLoss: new Array(k).fill(0),
    objTotalOnLoss: new Array(k).fill(0),
    heatClears: new Array(n).fill(0),
    heatLeft: new Array(n).fill(0),
    curveWins: new Array(meta.curveMax + 1).fill(0),
  };
}

const addArrays = (a: number[], b: number[]) => a.map((v, i) => v + b[i]);

const SUMS = ['games', 'wins', 'movesLeftOnWin', 'reshuffles', 'gamesWithReshuffle', 'unsolvable'] as const;
const ARRAYS = ['objCompleted', 'objIncompleteOnLoss', 'objDoneOnLoss', 'objTotalOnLoss', 'heatClears', 'heatLeft', 'curveWins'] as const;
/** Counts only some levels carry: summed when either side has them (a runner's merge starts from emptyCounts, which has none: its games counted nothing). */
const OPTIONAL_SUMS = ['spreads', 'lostToCountdown'] as const;
const OPTIONAL_ARRAYS = ['emitted', 'gateClosedOnLoss', 'counterOnLoss', 'heatCountdown'] as const;

/** Sum of two results for the same level, tier and rules. Throws when they do not belong together. */
export function mergeCounts(a: SimCounts, b: SimCounts): SimCounts {
  for (const key of ['rulesVersion', 'levelHash', 'tier', 'width', 'height', 'moveLimit', 'curveMax', 'objectives'] as const) {
    if (a[key] !== b[key]) throw new Error(`mergeCounts: ${key} differs (${String(a[key])} vs ${String(b[key])})`);
  }
  // a's keys in a's order, then what only b has (the order JSON of the counts keeps)
  const out: SimCounts = { ...a };
  for (const k of SUMS) out[k] = a[k] + b[k];
  for (const k of ARRAYS) out[k] = addArrays(a[k], b[k]);
  for (const k of OPTIONAL_SUMS) if (a[k] !== undefined || b[k] !== undefined) out[k] = (a[k] ?? 0) + (b[k] ?? 0);
  for (const k of OPTIONAL_ARRAYS) {
    const x = a[k], y = b[k];
    if (x && y) out[k] = addArrays(x, y);
    else if (x || y) out[k] = [...(x ?? y)!];
  }
  return out;
}

/** Merges any number of results (at least one). */
export function mergeAll(list: readonly SimCounts[]): SimCounts {
  if (list.length === 0) throw new Error('mergeAll: nothing to merge');
  return list.slice(1).reduce(mergeCounts, list[0]);
}
