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

type OptionalArray = 'emitted' | 'gateClosedOnLoss' | 'counterOnLoss' | 'heatCountdown';

/**
 * A version 2 count array of either side: summed when both have it, else the one there is (a runner's
 * merge starts from emptyCounts, which has none: its games counted nothing).
 */
function addOptional(a: SimCounts, b: SimCounts, key: OptionalArray): Partial<Pick<SimCounts, OptionalArray>> {
  const x = a[key], y = b[key];
  if (x && y) return { [key]: addArrays(x, y) };
  const one = x ?? y;
  return one ? { [key]: [...one] } : {};
}

/** Sum of two results for the same level, tier and rules. Throws when they do not belong together. */
export function mergeCounts(a: SimCounts, b: SimCounts): SimCounts {
  for (const key of ['rulesVersion', 'levelHash', 'tier', 'width', 'height', 'moveLimit', 'curveMax', 'objectives'] as const) {
    if (a[key] !== b[key]) throw new Error(`mergeCounts: ${key} differs (${String(a[key])} vs ${String(b[key])})`);
  }
  return {
    ...a,
    games: a.games + b.games,
    wins: a.wins + b.wins,
    movesLeftOnWin: a.movesLeftOnWin + b.movesLeftOnWin,
    reshuffles: a.reshuffles + b.reshuffles,
    gamesWithReshuffle: a.gamesWithReshuffle + b.gamesWithReshuffle,
    unsolvable: a.unsolvable + b.unsolvable,
    objCompleted: addArrays(a.objCompleted, b.objCompleted),
    objIncompleteOnLoss: addArrays(a.objIncompleteOnLoss, b.objIncompleteOnLoss),
    objDoneOnLoss: addArrays(a.objDoneOnLoss, b.objDoneOnLoss),
    objTotalOnLoss: addArrays(a.objTotalOnLoss, b.objTotalOnLoss),
    heatClears: addArrays(a.heatClears, b.heatClears),
    heatLeft: addArrays(a.heatLeft, b.heatLeft),
    curveWins: addArrays(a.curveWins, b.curveWins),
    ...(a.spreads !== undefined || b.spreads !== undefined ? { spreads: (a.spreads ?? 0) + (b.spreads ?? 0) } : {}),
    ...(a.lostToCountdown !== undefined || b.lostToCountdown !== undefined ? { lostToCountdown: (a.lostToCountdown ?? 0) + (b.lostToCountdown ?? 0) } : {}),
    ...addOptional(a, b, 'emitted'),
    ...addOptional(a, b, 'gateClosedOnLoss'),
    ...addOptional(a, b, 'counterOnLoss'),
    ...addOptional(a, b, 'heatCountdown'),
  };
}

/** Merges any number of results (at least one). */
export function mergeAll(list: readonly SimCounts[]): SimCounts {
  if (list.length === 0) throw new Error('mergeAll: nothing to merge');
  return list.slice(1).reduce(mergeCounts, list[0]);
}
