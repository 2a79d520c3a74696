// Figures from counts: rates, intervals, the difficulty label and the win-rate curve.
import type { Tier } from '../bots/types.ts';
import type { SimCounts } from './counts.ts';

export type Difficulty = 'easy' | 'medium' | 'hard' | 'very hard' | 'extreme' | 'impossible';

export interface ObjectiveSummary {
  index: number;
  /** Share of all games in which the objective was complete at the end. */
  completionRate: number;
  /** Lost games: share in which it was incomplete, average share of it done, average units short. null without lost games. */
  incompleteOnLossRate: number | null;
  avgProgressOnLoss: number | null;
  avgShortOnLoss: number | null;
}

export interface Summary {
  tier: Tier;
  games: number;
  wins: number;
  winRate: number;
  ci95: { low: number; high: number };
  /** Label of RULES §4 from this tier's win rate (the level's label is the average tier's). */
  difficulty: Difficulty;
  avgMovesLeftOnWin: number | null;
  deadlock: {
    reshufflesPerGame: number;
    /** Share of games with at least one reshuffle. */
    gamesWithReshuffle: number;
    /** Share of games lost as unsolvable, and their number. */
    unsolvable: number;
    unsolvableGames: number;
  };
  objectives: ObjectiveSummary[];
  /** Win rate if the move limit were `moves`, from about half the limit to twice it (empty without a curve). */
  curve: { moves: number; winRate: number }[];
  /** A level whose game or file is version 2 (RULES §4, §12.5): the share of all games lost by a countdown. */
  lostToCountdown?: number;
  /** The same games as a share of the lost games (null when none was lost). */
  lostToCountdownOfLost?: number | null;
}

/** 95% Wilson score interval of wins / games. */
export function wilson(wins: number, games: number, z = 1.959964): { low: number; high: number } {
  if (games === 0) return { low: 0, high: 1 };
  const p = wins / games, z2 = z * z, d = 1 + z2 / games;
  const centre = (p + z2 / (2 * games)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / d;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function difficultyOf(wins: number, games: number): Difficulty {
  if (wins === 0) return 'impossible';
  const r = wins / games;
  if (r >= 0.8) return 'easy';
  if (r >= 0.5) return 'medium';
  if (r >= 0.25) return 'hard';
  if (r >= 0.05) return 'very hard';
  return 'extreme';
}

/** Win rate with a move limit of m (m ≤ curveMax), from the curve counts. */
export function winRateAt(c: SimCounts, m: number): number {
  if (c.games === 0) return 0;
  let w = 0;
  for (let k = 1; k <= m && k < c.curveWins.length; k++) w += c.curveWins[k];
  return w / c.games;
}

export function summarize(c: SimCounts): Summary {
  const g = c.games, lost = c.games - c.wins;
  const curve: Summary['curve'] = [];
  if (c.curveMax > c.moveLimit && g > 0) {
    let w = 0;
    const from = Math.max(1, Math.ceil(c.moveLimit / 2));
    for (let m = 1; m <= c.curveMax; m++) {
      w += c.curveWins[m];
      if (m >= from) curve.push({ moves: m, winRate: w / g });
    }
  }
  return {
    tier: c.tier,
    games: g,
    wins: c.wins,
    winRate: g ? c.wins / g : 0,
    ci95: wilson(c.wins, g),
    difficulty: difficultyOf(c.wins, g),
    avgMovesLeftOnWin: c.wins ? c.movesLeftOnWin / c.wins : null,
    deadlock: {
      reshufflesPerGame: g ? c.reshuffles / g : 0,
      gamesWithReshuffle: g ? c.gamesWithReshuffle / g : 0,
      unsolvable: g ? c.unsolvable / g : 0,
      unsolvableGames: c.unsolvable,
    },
    objectives: c.objCompleted.map((done, index) => ({
      index,
      completionRate: g ? done / g : 0,
      incompleteOnLossRate: lost ? c.objIncompleteOnLoss[index] / lost : null,
      avgProgressOnLoss: lost ? (c.objTotalOnLoss[index] ? c.objDoneOnLoss[index] / c.objTotalOnLoss[index] : 1) : null,
      avgShortOnLoss: lost ? (c.objTotalOnLoss[index] - c.objDoneOnLoss[index]) / lost : null,
    })),
    curve,
    ...(c.lostToCountdown !== undefined ? { lostToCountdown: g ? c.lostToCountdown / g : 0, lostToCountdownOfLost: lost ? c.lostToCountdown / lost : null } : {}),
  };
}

export interface DeepSummary {
  tiers: Partial<Record<Tier, Summary>>;
  /** The level's label: from the average tier (else the best tier available). */
  difficulty: Difficulty | null;
  /** Expert − novice win rate (null unless both were played). */
  skillSensitivity: number | null;
  /** Per cell, rows from the top: hits per game, and objective stuff left per lost game (average tier, else the first given). */
  heat: {
    tier: Tier;
    clearsPerGame: number[][];
    leftPerLoss: number[][];
    /** Version 2 levels: per lost game, the countdown pieces that reached 0 in each cell (the games a countdown ended). */
    countdownPerLoss?: number[][];
  } | null;
}

export function deepSummary(list: readonly SimCounts[]): DeepSummary {
  const tiers: Partial<Record<Tier, Summary>> = {};
  for (const c of list) tiers[c.tier] = summarize(c);
  const basis = tiers.average ?? tiers.expert ?? tiers.novice ?? null;
  const hc = list.find((c) => c.tier === 'average') ?? list[0];
  let heat: DeepSummary['heat'] = null;
  if (hc) {
    const lost = hc.games - hc.wins;
    const grid = (a: number[], d: number) =>
      Array.from({ length: hc.height }, (_, y) => Array.from({ length: hc.width }, (_, x) => (d ? a[y * hc.width + x] / d : 0)));
    heat = { tier: hc.tier, clearsPerGame: grid(hc.heatClears, hc.games), leftPerLoss: grid(hc.heatLeft, lost) };
    if (hc.heatCountdown) heat.countdownPerLoss = grid(hc.heatCountdown, lost);
  }
  return {
    tiers,
    difficulty: basis ? basis.difficulty : null,
    skillSensitivity: tiers.expert && tiers.novice ? tiers.expert.winRate - tiers.novice.winRate : null,
    heat,
  };
}
