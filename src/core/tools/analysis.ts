// The analysis tools: each runs the simulator through ctx.runner and returns Markdown with the figures
// for the model and the chat, and the counts for the UI. The Analyze buttons, the copilot, slash
// commands and `match3 analyze` all come here.
import * as z from 'zod/mini';
import { ANALYSIS_GAMES, DEFAULT_TIER, TIERS } from '../facts.ts';
// direct module imports, not the analysis barrel: its playGames would pull the whole engine into the page's first load
import { deepSummary, summarize } from '../sim/analysis/summary.ts';
import { toolBody, int, oneOf, type ToolContext } from './define.ts';
import type { SimCounts } from '../sim/analysis/counts.ts';

/** The Markdown reports and the bottleneck search: loaded with the first analysis that needs them, not with the page (docs/performance.md, "First load"). */
const reporting = async () => {
  const [markdown, { bottleneck }] = await Promise.all([import('../sim/analysis/markdown.ts'), import('../sim/analysis/bottleneck.ts')]);
  return { ...markdown, bottleneck };
};

/** With a players' calibration: its predicted figures (the code loads only then, not with the page). */
const playersNote = async (model: ToolContext['calibration'], counts: SimCounts[]) =>
  model ? (await import('../calibration/note.ts')).playersNote(model, counts) : { text: '', data: {} };

export const TIER_PARAM = oneOf(TIERS, `Bot skill tier: novice (random), average (greedy, default), expert`);
const GAMES = (what: string) =>
  z._default(
    int(ANALYSIS_GAMES.min, ANALYSIS_GAMES.max, `Number of simulated games${what}, ${ANALYSIS_GAMES.min}..${ANALYSIS_GAMES.max} (default ${ANALYSIS_GAMES.default})`),
    ANALYSIS_GAMES.default,
  );

export const analyzeLevel = toolBody({
  kind: 'analysis',
  params: z.object({ games: GAMES(''), tier: z._default(TIER_PARAM, DEFAULT_TIER) }),
  async run(level, a, ctx) {
    const t0 = Date.now();
    const counts = await ctx.runner.tier(level, a.tier, a.games, { signal: ctx.signal, onProgress: ctx.onProgress, onPartial: ctx.onPartial });
    const { formatAnalyzeLevel } = await reporting();
    const s = summarize(counts);
    const gps = Math.round(a.games / Math.max(0.001, (Date.now() - t0) / 1000));
    return { summary: formatAnalyzeLevel(level, s, { gamesPerSecond: gps }), data: { kind: 'analyze', counts: [counts], summary: s } };
  },
});

export const deepAnalyze = toolBody({
  kind: 'analysis',
  params: z.object({ games: GAMES(' per tier') }),
  async run(level, a, ctx) {
    const counts = await ctx.runner.deep(level, a.games, { signal: ctx.signal, onProgress: ctx.onProgress });
    const { bottleneck, formatBottleneck, formatDeepAnalyze } = await reporting();
    const d = deepSummary(counts);
    // the complete picture in one call: what stops players comes from the same games
    const b = bottleneck(level, counts);
    const players = await playersNote(ctx.calibration, counts);
    return { summary: `${formatDeepAnalyze(level, d)}\n\n${formatBottleneck(level, b)}${players.text}`, data: { kind: 'deep', counts, summary: d, bottleneck: b, ...players.data } };
  },
});

export const getBottleneck = toolBody({
  kind: 'analysis',
  params: z.object({ games: GAMES(' per tier') }),
  async run(level, a, ctx) {
    const counts = await ctx.runner.deep(level, a.games, { signal: ctx.signal, onProgress: ctx.onProgress });
    const { bottleneck, formatBottleneck } = await reporting();
    const b = bottleneck(level, counts);
    const players = await playersNote(ctx.calibration, counts);
    return { summary: formatBottleneck(level, b) + players.text, data: { kind: 'bottleneck', counts, bottleneck: b, ...players.data } };
  },
});
