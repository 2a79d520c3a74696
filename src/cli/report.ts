// What `match3 analyze` prints for a level (and `match3 merge` too, from shard files): the report
// built from a level's counts, and its three renderings (table, one JSON object per line, CSV).
import { csvField } from '../core/csv.ts';
import { intervalText, pct } from '../core/format.ts';
import { bottleneck, summarize, type SimCounts } from '../core/sim/analysis/index.ts';
import type { LevelT } from '../core/level/index.ts';
import { levelMarkdown, type MarkdownSource } from './markdown.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import type { Io } from './io.ts';
import { featuresOf, type PlayerFigures } from '../core/calibration/index.ts';

const BOT: Record<Tier, string> = { novice: 'random', average: 'greedy', expert: 'expert' };
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** A level as the report names it: where it came from, its identity, and its warnings. */
export interface LevelHeader {
  /** `FILE`, or `FILE#levels[i]` inside a pack or workspace. */
  file: string;
  /** `game`: the level's game, for a level of a game other than the built-in one. */
  level: { id: string; name: string; hash: string; game?: string };
  warnings: string[];
}

/** One tier's counts and the time spent playing them. */
export interface TierRun {
  counts: SimCounts;
  seconds: number;
}

export function tierResult(counts: SimCounts, seconds: number, withCurve: boolean) {
  const s = summarize(counts);
  return {
    tier: s.tier,
    bot: BOT[s.tier],
    games: s.games,
    wins: s.wins,
    winRate: round(s.winRate),
    winRateCI95: [round(s.ci95.low, 3), round(s.ci95.high, 3)] as [number, number],
    difficulty: s.difficulty,
    avgMovesLeftOnWin: s.avgMovesLeftOnWin == null ? null : round(s.avgMovesLeftOnWin, 2),
    deadlock: {
      reshufflesPerGame: round(s.deadlock.reshufflesPerGame),
      gamesWithReshuffle: round(s.deadlock.gamesWithReshuffle),
      unsolvable: s.deadlock.unsolvableGames,
    },
    objectives: s.objectives.map((o) => ({ index: o.index, completionRate: round(o.completionRate), avgProgressOnLoss: o.avgProgressOnLoss == null ? null : round(o.avgProgressOnLoss) })),
    // version 2 levels only (RULES §12.1): the share of games a countdown ended, and of the lost games
    ...(s.lostToCountdown !== undefined
      ? { lostToCountdown: round(s.lostToCountdown), lostToCountdownOfLost: s.lostToCountdownOfLost == null ? null : round(s.lostToCountdownOfLost) }
      : {}),
    ...(withCurve ? { curve: s.curve.map((p) => ({ moves: p.moves, winRate: round(p.winRate) })) } : {}),
    gamesPerSecond: Math.round(s.games / Math.max(seconds, 1e-3)),
  };
}

export type TierResult = ReturnType<typeof tierResult>;

export interface LevelReport extends LevelHeader {
  rulesVersion: number;
  results: TierResult[];
  /** The calibration's features (docs/calibration.md), when every tier was played. */
  features?: number[];
  /** Version 2 levels (analyze only): what stops players, from the average tier's counts (else the first tier's). */
  whatStops?: WhatStops;
  /** Predicted player figures (`--model`); null when the model is not useful. */
  player?: PlayerFigures | null;
  durationMs: number;
}

/** The version 2 advice kinds (RULES §12): a countdown, a gate, an emitter, a portal or belt. */
const V2_KINDS = new Set(['countdown', 'gate', 'emitter', 'layout']);

/** What stops players on a version 2 level, for `--json`: the games countdowns ended and the hints with their figures. */
export interface WhatStops {
  tier: Tier;
  lostGames: number;
  lostToCountdown: number;
  hints: Record<string, unknown>[];
}

function whatStopsField(level: LevelT | undefined, tiers: TierRun[]): { whatStops?: WhatStops } {
  if (!level || !tiers.length || tiers[0].counts.lostToCountdown === undefined) return {};
  const b = bottleneck(level, tiers.map((t) => t.counts));
  const hints = b.suggestions.filter((s) => V2_KINDS.has(s.kind)).map((s) => {
    const { kind, text, simulated, ...figures } = s;
    const rounded = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]));
    return { kind, ...rounded, simulated, text };
  });
  return { whatStops: { tier: b.tier, lostGames: b.lostGames, lostToCountdown: b.lostToCountdown ?? 0, hints } };
}

/** The report of one level, keys in the order `--json` prints them; `level` (analyze) adds a version 2 level's `whatStops`. */
export function levelReport(header: LevelHeader, tiers: TierRun[], withCurve: boolean, durationMs: number, level?: LevelT): LevelReport {
  return {
    file: header.file,
    level: header.level,
    // the level's own rules version, as every tier's counts carry it (analyze always plays a tier)
    rulesVersion: tiers[0]?.counts.rulesVersion ?? 1,
    results: tiers.map((t) => tierResult(t.counts, t.seconds, withCurve)),
    ...featuresField(tiers),
    ...whatStopsField(level, tiers),
    warnings: header.warnings,
    durationMs: Math.round(durationMs),
  };
}

/** Features when every tier was played (so sharded runs carry them into merge and calibrate). */
function featuresField(tiers: TierRun[]): { features?: number[] } {
  const f = featuresOf(Object.fromEntries(tiers.map((t) => [t.counts.tier, t.counts])));
  return f ? { features: f.map((v) => Math.round(v * 1e6) / 1e6) } : {};
}

export type OutputFormat = 'table' | 'json' | 'csv' | 'md';

/**
 * Prints reports one level at a time in the chosen format (the CSV header comes first, once). Markdown
 * reads the level and its counts too (`src`); without them it prints the table.
 */
export function reportPrinter(format: OutputFormat, withCurve: boolean, io: Io, withPlayer = false): (r: LevelReport, src?: MarkdownSource) => void {
  if (format === 'json') return (r) => io.out(JSON.stringify(r));
  if (format === 'md') return (r, src) => (src ? io.out(levelMarkdown(r, src)) : printTable(r, io, withCurve));
  if (format === 'table') return (r) => printTable(r, io, withCurve);
  io.out([...CSV_COLUMNS, ...(withPlayer ? PLAYER_CSV_COLUMNS : [])].join(','));
  return (r) => {
    for (const row of csvRows(r)) io.out(withPlayer ? `${row},${playerCsvFields(r)}` : row);
  };
}

/** `--model`: the predicted player figures, repeated on each tier's row of the level. */
export const PLAYER_CSV_COLUMNS = ['player_pass_rate', 'player_low', 'player_high'] as const;
const playerCsvFields = (r: LevelReport) => (r.player ? [r.player.passRate, r.player.low, r.player.high] : ['', '', '']).join(',');

function printTable(r: LevelReport, io: Io, curve: boolean) {
  io.out(`${r.file} — ${r.level.name}${r.level.game ? `, game ${r.level.game}` : ''}, rules v${r.rulesVersion} (${r.durationMs} ms)`);
  io.out('  tier     bot      games  win rate  95% CI          difficulty  moves left  reshuffles/game  games/s');
  for (const t of r.results) {
    io.out(
      `  ${t.tier.padEnd(8)} ${t.bot.padEnd(8)} ${String(t.games).padStart(5)}  ${pct(t.winRate).padStart(8)}  ${intervalText({ low: t.winRateCI95[0], high: t.winRateCI95[1] }, 1).padEnd(14)}  ${t.difficulty.padEnd(10)}  ${(t.avgMovesLeftOnWin == null ? '–' : t.avgMovesLeftOnWin.toFixed(1)).padStart(10)}  ${t.deadlock.reshufflesPerGame.toFixed(3).padStart(15)}  ${String(t.gamesPerSecond).padStart(7)}`,
    );
    t.objectives.forEach((o) => io.out(`      objective ${o.index}: completed in ${pct(o.completionRate)} of games`));
    if (t.lostToCountdown !== undefined)
      io.out(`      lost to a countdown: ${pct(t.lostToCountdown)} of games${t.lostToCountdownOfLost == null ? '' : ` (${pct(t.lostToCountdownOfLost)} of lost games)`}`);
    if (curve && t.curve) io.out('      curve: ' + t.curve.filter((_, i) => i % 3 === 0).map((p) => `${p.moves}→${pct(p.winRate)}`).join('  '));
  }
  if (r.player) io.out(`  players, predicted: ${pct(r.player.passRate, 0)} (${intervalText(r.player)}) · ${r.player.attemptsPerSuccess.toFixed(1)} attempts per success`);
  for (const w of r.warnings) io.out(`  warning: ${w}`);
}

/**
 * The CSV summary: one row per level and tier. Timings are left out on purpose, so two runs of the
 * same analysis give the same file (a pipeline can diff it). `lost_to_countdown` (the share of games a
 * countdown ended, RULES §12.5) is empty for a version 1 level and game.
 */
export const CSV_COLUMNS = [
  'file', 'level_id', 'level_name', 'level_hash', 'rules_version', 'tier', 'bot', 'games', 'wins', 'win_rate',
  'win_rate_ci95_low', 'win_rate_ci95_high', 'difficulty', 'avg_moves_left_on_win', 'reshuffles_per_game',
  'games_with_reshuffle', 'unsolvable_games', 'warnings', 'lost_to_countdown',
] as const;

export { csvField };

function csvRows(r: LevelReport): string[] {
  return r.results.map((t) =>
    [
      r.file, r.level.id, r.level.name, r.level.hash, r.rulesVersion, t.tier, t.bot, t.games, t.wins, t.winRate,
      t.winRateCI95[0], t.winRateCI95[1], t.difficulty, t.avgMovesLeftOnWin, t.deadlock.reshufflesPerGame,
      t.deadlock.gamesWithReshuffle, t.deadlock.unsolvable, r.warnings.join('; '), t.lostToCountdown ?? null,
    ].map(csvField).join(','),
  );
}
