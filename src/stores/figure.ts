// One figure per level: the win rate the list badge, the Analysis panel, the pack table and the copilot
// show for a level all come from the same stored report (AnalysisStore.reports, one per level, saved in
// IndexedDB), read through figureOf. A report made for another version of the level (content or rules:
// levelHash covers both) is still shown, marked stale. Pure: no state, no words.
import { levelHash, type LevelT } from '../core/level/index.ts';
import type { Difficulty } from '../core/sim/analysis/summary.ts';

/** What a view needs of a level's report: the average bot's win rate, its interval, and whether it is current. */
export interface Figure {
  winRate: number;
  low: number;
  high: number;
  games: number;
  difficulty: Difficulty | null;
  /** True when the report was made for an older version of the level (its figures no longer describe it). */
  stale: boolean;
  /** The level's hash the report was made for. */
  hash: string;
}

/** The subset of a Report figureOf reads (kept structural, so a stored summary row can be read the same way). */
export interface FigureSource {
  hash: string;
  main: { winRate: number; games: number; ci95: { low: number; high: number } };
  deep: { difficulty: Difficulty | null };
}

export function figureOf(report: FigureSource | null | undefined, level: LevelT | null | undefined): Figure | null {
  return level ? figureAt(report, levelHash(level)) : null;
}

/** The same, against the hash of the level as it is now (the list has it from its stored summary, without loading the level). */
export function figureAt(report: FigureSource | null | undefined, currentHash: string | null | undefined): Figure | null {
  if (!report || !currentHash) return null;
  return {
    winRate: report.main.winRate,
    low: report.main.ci95.low,
    high: report.main.ci95.high,
    games: report.main.games,
    difficulty: report.deep.difficulty,
    stale: report.hash !== currentHash,
    hash: report.hash,
  };
}

/** A target band for a level: the pack curve's (target ± tolerance) or one the designer set when tuning. */
export interface TargetBand {
  lo: number;
  hi: number;
  source: 'pack' | 'designer';
}
