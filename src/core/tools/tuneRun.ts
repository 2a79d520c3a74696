// tune_level's work, loaded with the first tuning (the registry's entry, tune.ts, keeps the name and the
// parameters on the first page): runs the search and shapes its result as one adjust_difficulty intent
// with the before → after report the copilot must quote.
import { intervalText, pct } from '../format.ts';
import type { LevelT } from '../level/index.ts';
import { boundsText } from '../tune/boundsText.ts';
import type { TuneResult } from '../tune/search.ts';
import type { Lever } from '../facts.ts';
import type { PlayerTargetData } from './tunePlayers.ts';
import type { RunResult, SimRunner, ToolContext } from './define.ts';
import type { TuneArgs } from './tune.ts';

const interval = (c: { low: number; high: number }) => `95% CI ${intervalText(c, 1)}`;

/** The Markdown the model and the chat get: before → after with intervals, the changes, games, and why when missed. */
export function formatTune(level: LevelT, r: TuneResult): string {
  const head = r.hit
    ? `**tune_level** — "${level.name}": **in the band** ${pct(r.target - r.tolerance)}–${pct(r.target + r.tolerance)} (${r.tier} bot)`
    : `**tune_level** — "${level.name}": **target not reached** (${pct(r.target)} ± ${pct(r.tolerance)}, ${r.tier} bot); closest found`;
  const lines = [
    head,
    `- Before: ${pct(r.before.winRate)} (${interval(r.before.ci95)}), ${r.before.moves} moves, ${r.before.games} games`,
    `- After (confirmation on the same ${r.after.games} games an analysis plays, not used by the search): **${pct(r.after.winRate)}** (${interval(r.after.ci95)}), ${r.after.moves} moves`,
    `- Changes: ${r.changes.length ? r.changes.map((c) => c.text).join('; ') : 'none'}`,
    `- Bounds kept: ${boundsText(r.bounds, r.levers) || 'none'}`,
    `- Games simulated: ${r.games} (${r.candidates} candidates; levers allowed: ${r.levers.join(', ')})`,
  ];
  if (r.reason) lines.push(`- Why not in the band: ${r.reason}`);
  return lines.join('\n');
}

/** Runs the search and shapes it as a tool result: the new level lands as one adjust_difficulty intent. */
export async function runTune(level: LevelT, a: TuneArgs, ctx: ToolContext & { runner: SimRunner }): Promise<RunResult & { result: TuneResult }> {
  // the search loads on first use: the studio's first load does not carry it (docs/performance.md)
  const { tuneLevel } = await import('../tune/search.ts');
  // the players' side loads only for a players' target (src/core/tools/tunePlayers.ts)
  const tp = a.target_pass_rate === undefined ? null : await import('./tunePlayers.ts');
  const players = tp && a.target_pass_rate !== undefined ? await tp.playerTarget(level, a.target_pass_rate, a.tier, a.tolerance, ctx) : null;
  const target = players?.botTarget ?? a.target_win_rate;
  if (target === undefined || (players && a.target_win_rate !== undefined)) throw new Error('tune_level: give target_win_rate (a bot\'s) or target_pass_rate (players\'), one of them');
  const r = await tuneLevel(level, ctx.runner, {
    target,
    tier: a.tier,
    // a players' target: its tolerance is the players' too, translated (the bot band inside the players' band)
    tolerance: players?.botTolerance ?? a.tolerance,
    levers: [...new Set(a.levers)],
    bounds: a.bounds as Partial<Record<Lever, { from: number; to: number }>> | undefined,
    maxGames: a.max_games,
    signal: ctx.signal,
    onProgress: ctx.onProgress,
  });
  const intents = Object.keys(r.args).length ? [{ tool: 'adjust_difficulty', args: r.args as Record<string, unknown> }] : [];
  const { level: _l, counts, ...rest } = r;
  const after = tp && players ? tp.playersAfter(players, a.tier, counts) : null;
  const summary = formatTune(level, r) + (players ? `\n${players.note}${after ? `\n${after.note}` : ''}` : '');
  const playerData: PlayerTargetData | null = players ? { target: players.target, tolerance: players.tolerance, botTarget: players.botTarget, botTolerance: players.botTolerance, before: players.before, measured: !!players.measured, after: after?.figures ?? null } : null;
  return { summary, data: { kind: 'tune', ...rest, counts: [counts], ...(playerData ? { playerTarget: playerData } : {}) }, intents, result: r };
}

