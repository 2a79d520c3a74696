// tune_level: the simulator as judge. Searches the allowed levers for a level whose win rate lands in
// the target band, confirms it on fresh games, and returns it as one adjust_difficulty intent (one
// transaction, one undo step), with before → after figures the copilot must quote.
import * as z from 'zod/mini';
import { intervalText, pct } from '../format.ts';
import type { LevelT } from '../level/index.ts';
import { ANALYSIS_GAMES, CLASSIC_LEVERS, DEFAULT_TIER, LEVERS, TUNING, type Lever } from '../facts.ts';
import { countdownElements, emitterElements } from '../game/levers.ts';
import type { GameDef } from '../game/types.ts';
import { boundsText } from '../tune/boundsText.ts';
import type { TuneResult } from '../tune/search.ts';
import type { PlayerTargetData } from './tunePlayers.ts';
import { coerceNumber, toolBody, int, oneOf, type RunResult, type SimRunner, type ToolContext, described, preprocess } from './define.ts';
import { TIER_PARAM } from './analysis.ts';

const interval = (c: { low: number; high: number }) => `95% CI ${intervalText(c, 1)}`;

/**
 * The bounds argument: an object { moves: { from, to } | [from, to] | "from..to", … } or a string
 * "moves=18..26,colors=4..5". Normalised to { lever: { from, to } }; anything else is left for the schema
 * to refuse with its message.
 */
export function parseBoundsArg(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  const range = (x: unknown): unknown => {
    if (Array.isArray(x) && x.length === 2) return { from: coerceNumber(x[0]), to: coerceNumber(x[1]) };
    if (typeof x === 'string') {
      const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:\.\.|–|to)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(x);
      return m ? { from: Number(m[1]), to: Number(m[2]) } : x;
    }
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      return { from: coerceNumber(o.from ?? o.min), to: coerceNumber(o.to ?? o.max) };
    }
    return x;
  };
  if (typeof v === 'string') {
    const out: Record<string, unknown> = {};
    for (const part of v.split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
      const [k, r] = part.split(/[=:]/);
      if (r === undefined) return v;
      out[k.trim()] = range(r);
    }
    return out;
  }
  if (typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, range(x)]));
  return v;
}

const rangeSchema = z.object(
  { from: z.number({ error: 'from must be a number' }), to: z.number({ error: 'to must be a number' }) },
  { error: 'must be { from, to } or "from..to"' },
);
const boundsParamOf = (LEVERS: readonly [Lever, ...Lever[]]) => described(
  z.optional(
    preprocess(
      parseBoundsArg,
      z.optional(z.strictObject(Object.fromEntries(LEVERS.map((l) => [l, z.optional(rangeSchema)])) as Record<Lever, z.ZodMiniOptional<typeof rangeSchema>>, { error: `must name levers (${LEVERS.join(', ')}) with { from, to }` })),
    ),
  ),
  'How far each lever may go, e.g. {"moves": {"from": 18, "to": 26}, "colors": {"from": 4, "to": 5}} or "moves=18..26,colors=4..5". ' +
    "Units: moves and colors as values; the element levers as layers or hit points added (+) or removed (−), a one-layer cover's as percent removed (0..100); objective_counts, spawn_chance and spawn_total as percent of today (50..200; spawn levers only on levels with spawn entries). " +
    "Default: each lever's valid range on the level." +
    // a game with emitters: their levers' units (the classic game's text stays the same bytes)
    (LEVERS.includes('emit_every') || LEVERS.includes('emit_count') ? ' emit_every as moves added (+) or removed (−) to each emitter\'s every (1..20), emit_count as pieces added or removed (1..5): a change to the game, for every level that plays it.' : ''),
);

export const targetParam = (description: string) =>
  described(
    preprocess(
      coerceNumber,
      z
        .number({ error: `must be a number from ${TUNING.target.min} to ${TUNING.target.max}` })
        .check(z.gte(TUNING.target.min, { error: `must be ${TUNING.target.min}..${TUNING.target.max}` }), z.lte(TUNING.target.max, { error: `must be ${TUNING.target.min}..${TUNING.target.max}` })),
    ),
    description,
  );

/**
 * tune_level's levers for a level of `g`: the classic game's, the countdown where `g` has pieces that count
 * down, and the emitter levers where it has emitters (RULES §12.1; never in the default set: they change the game).
 */
export function leversOf(g: GameDef): readonly [Lever, ...Lever[]] {
  const extra: Lever[] = [];
  if (countdownElements(g).length) extra.push('countdown');
  if (emitterElements(g, 'every').length) extra.push('emit_every');
  if (emitterElements(g, 'count').length) extra.push('emit_count');
  return extra.length ? (LEVERS.filter((l) => CLASSIC_LEVERS.includes(l) || extra.includes(l)) as unknown as readonly [Lever, ...Lever[]]) : CLASSIC_LEVERS;
}

const levelParamsOf = (LEVERS: readonly [Lever, ...Lever[]]) => z.object({
  target_win_rate: z.optional(targetParam(`Target win rate as a fraction, ${TUNING.target.min}..${TUNING.target.max} (0.3 = 30% of games won)`)),
  // issue 19: a players' target, translated to the bot's through the calibration (src/core/calibration/playerTarget.ts)
  target_pass_rate: z.optional(targetParam(`Instead of target_win_rate: the players' pass rate per attempt to reach, ${TUNING.target.min}..${TUNING.target.max}; needs a players' calibration, which translates it into the bot's win rate`)),
  tier: z._default(TIER_PARAM, DEFAULT_TIER),
  tolerance: described(
    z._default(
      preprocess(
        coerceNumber,
        z
          .number({ error: 'must be a number' })
          .check(z.gte(TUNING.tolerance.min, { error: `must be ${TUNING.tolerance.min}..${TUNING.tolerance.max}` }), z.lte(TUNING.tolerance.max, { error: `must be ${TUNING.tolerance.min}..${TUNING.tolerance.max}` })),
      ),
      TUNING.tolerance.default,
    ),
    `Accepted distance from the target, ${TUNING.tolerance.min}..${TUNING.tolerance.max} (default ${TUNING.tolerance.default}); with target_pass_rate it is in players' pass rate, translated like the target`,
  ),
  levers: described(
    z._default(
      preprocess(
        (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v),
        z.array(oneOf(LEVERS, 'A lever'), { error: 'must be a list of levers' }).check(z.minLength(1, { error: 'must name at least one lever' })),
      ),
      [...TUNING.defaultLevers],
    ),
    `What may change, in order: any of ${LEVERS.join(', ')} (default ${TUNING.defaultLevers.join(', ')})`,
  ),
  bounds: boundsParamOf(LEVERS),
  max_games: z._default(
    int(TUNING.maxGames.min, TUNING.maxGames.max, `Simulated games budget, ${TUNING.maxGames.min}..${TUNING.maxGames.max} (default ${TUNING.maxGames.default})`),
    TUNING.maxGames.default,
  ),
});
// the classic game's schema is the same bytes as before the version 2 levers
const levelParams = levelParamsOf(CLASSIC_LEVERS);
export type TuneArgs = z.infer<typeof levelParams>;

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
    `- Bounds kept: ${boundsText(r.bounds, r.levers, level) || 'none'}`,
    `- Games simulated: ${r.games} (${r.candidates} candidates; levers allowed: ${r.levers.join(', ')})`,
  ];
  if (r.gameChange)
    lines.push(
      `- Game change (the game "${r.gameChange.name}", every level that plays it): ${r.gameChange.changes.map((c) => `${c.element} emit ${c.field} ${c.from} → ${c.to}`).join('; ')}. ` +
        'Not applied by this call: a change to the game waits for the designer\'s review (with the level\'s changes, if any), in the copilot\'s review or the Tune dialog, or `match3 tune --game-out FILE`',
    );
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
    levers: [...new Set(a.levers as Lever[])],
    bounds: a.bounds as Partial<Record<Lever, { from: number; to: number }>> | undefined,
    maxGames: a.max_games,
    signal: ctx.signal,
    onProgress: ctx.onProgress,
  });
  const intents = Object.keys(r.args).length ? [{ tool: 'adjust_difficulty', args: r.args as Record<string, unknown> }] : [];
  const { level: _l, counts, ...rest } = r;
  const after = tp && players ? tp.playersAfter(players, a.tier, counts) : null;
  // a missed band is never applied on its own: the closest level is held for the designer's choice; nor is
  // a result with a game change (its level edits alone were not what was measured)
  const held = (!r.hit || !!r.gameChange) && intents.length > 0;
  // a change to the game (emitter levers) is proposed for review when the band is hit; a missed one is said, with the calls that would make it
  const gameProposals = r.gameChange ? emitterProposals(r.gameChange) : [];
  const calls = [...(held ? intents : []), ...gameProposals.map((p) => p.intent)].map((i) => `${i.tool} with ${JSON.stringify(i.args)}`).join(' and ');
  const summary =
    formatTune(level, r) +
    (!r.hit && calls ? `\n- Not applied: the band was missed. Tell the designer the confirmed figure; if they want the closest level anyway, call ${calls}` : '') +
    (players ? `\n${players.note}${after ? `\n${after.note}` : ''}` : '');
  const playerData: PlayerTargetData | null = players ? { target: players.target, tolerance: players.tolerance, botTarget: players.botTarget, botTolerance: players.botTolerance, before: players.before, measured: !!players.measured, after: after?.figures ?? null } : null;
  const proposed = r.hit && gameProposals.length ? { gameProposals } : {};
  return { summary, data: { kind: 'tune', ...rest, counts: [counts], ...(playerData ? { playerTarget: playerData } : {}) }, intents, ...(held ? { held } : {}), ...proposed, result: r };
}

/**
 * A tuning's change to the game as the registry's game tool calls that make it: one update_element a
 * changed emitter, its whole `emit` as the tuned game has it (what the confirmation measured), with the
 * line that names it. The copilot proposes them for review like any game change; the Tune dialog
 * stores the game itself.
 */
export function emitterProposals(change: NonNullable<TuneResult['gameChange']>): { intent: { tool: string; args: Record<string, unknown> }; summary: string }[] {
  const ids = [...new Set(change.changes.map((c) => c.element))];
  return ids.flatMap((id) => {
    const emit = change.game.elements.find((e) => e.id === id)?.emit;
    const what = change.changes.filter((c) => c.element === id).map((c) => `emit ${c.field} ${c.from} → ${c.to}`).join(', ');
    return emit ? [{ intent: { tool: 'update_element', args: { id, emit: { ...emit } } }, summary: `tune_level: change element ${id} of the game "${change.name}": ${what}` }] : [];
  });
}

export type { PlayerTargetData } from './tunePlayers.ts';

export const tuneLevelTool = toolBody({
  kind: 'analysis',
  params: levelParams,
  paramsFor: (g) => levelParamsOf(leversOf(g)),
  run: (level, a, ctx) => runTune(level, a, ctx),
});
