// Short Markdown with the figures, for the model's context and the chat (analyze_level,
// deep_analyze, get_bottleneck).
import { intervalText, pct } from '../../format.ts';
import { cellName } from '../../cellName.ts';
import { describeObjective, rulesOf, type LevelT } from '../../level/index.ts';
import type { Tier } from '../bots/types.ts';
import type { Bottleneck } from './bottleneck.ts';
import type { DeepSummary, Summary } from './summary.ts';

const BOT: Record<Tier, string> = { novice: 'novice (random)', average: 'average (greedy)', expert: 'expert' };
const num = (v: number, d = 1) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });

export function objectiveLines(level: LevelT, s: Summary): string[] {
  return s.objectives.map((o) => {
    const def = level.objectives[o.index];
    let line = `  ${o.index + 1}. ${def ? describeObjective(def) : 'objective'}: completed in ${pct(o.completionRate)} of games`;
    if (o.avgProgressOnLoss !== null && o.avgShortOnLoss !== null && o.avgShortOnLoss > 0)
      line += `; lost games reach ${pct(o.avgProgressOnLoss)} of it (${num(o.avgShortOnLoss)} short on average)`;
    return line;
  });
}

function deadlockLine(s: Summary): string {
  const d = s.deadlock;
  return `- Deadlocks: ${num(d.reshufflesPerGame, 3)} reshuffles per game, ${pct(d.gamesWithReshuffle)} of games reshuffled, ${d.unsolvableGames} unsolvable (${pct(d.unsolvable)})`;
}

/** Version 2 levels: the games a countdown ended, of all games and of the lost ones. */
export function countdownLine(s: Summary): string[] {
  if (s.lostToCountdown === undefined) return [];
  const ofLost = s.lostToCountdownOfLost == null ? '' : ` (${pct(s.lostToCountdownOfLost)} of lost games)`;
  return [`- Lost to a countdown: ${pct(s.lostToCountdown)} of games${ofLost}`];
}

export function formatAnalyzeLevel(level: LevelT, s: Summary, extra: { gamesPerSecond?: number } = {}): string {
  const lines = [
    `**analyze_level** — "${level.name}", ${num(s.games, 0)} games, ${BOT[s.tier]} bot, rules v${rulesOf(level)}`,
    `- Win rate: **${pct(s.winRate)}** (95% CI ${intervalText(s.ci95, 1)}) → ${s.difficulty}${s.tier === 'average' ? '' : ' (labels are defined on the average tier)'}`,
    `- Moves left on a win: ${s.avgMovesLeftOnWin === null ? 'no wins' : num(s.avgMovesLeftOnWin)} of ${level.moves}`,
    deadlockLine(s),
    ...countdownLine(s),
    `- Objectives:`,
    ...objectiveLines(level, s),
  ];
  if (extra.gamesPerSecond) lines.push(`- Speed: ${num(extra.gamesPerSecond, 0)} games/s`);
  return lines.join('\n');
}

function curveLine(level: LevelT, s: Summary): string {
  if (!s.curve.length) return '';
  const L = level.moves;
  const picks = [Math.ceil(L / 2), Math.round(L * 0.75), L, Math.round(L * 1.25), Math.round(L * 1.5), 2 * L];
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const m of picks) {
    const p = s.curve.find((c) => c.moves === m);
    if (!p || seen.has(m)) continue;
    seen.add(m);
    parts.push(`${m}: ${pct(p.winRate)}`);
  }
  return parts.join(', ');
}

export function hotCells(grid: number[][], n: number): string {
  const cells: { x: number; y: number; v: number }[] = [];
  grid.forEach((row, y) => row.forEach((v, x) => v > 0 && cells.push({ x, y, v })));
  cells.sort((a, b) => b.v - a.v || a.y - b.y || a.x - b.x);
  return cells.slice(0, n).map((c) => `${cellName(c.x, c.y)} ${num(c.v, 2)}`).join(', ');
}

export function formatDeepAnalyze(level: LevelT, d: DeepSummary, extra: { gamesPerSecond?: number } = {}): string {
  const order: Tier[] = ['novice', 'average', 'expert'];
  const rows = order.filter((t) => d.tiers[t]).map((t) => {
    const s = d.tiers[t]!;
    return `| ${t} | ${num(s.games, 0)} | ${pct(s.winRate)} (${intervalText(s.ci95, 1)}) | ${s.avgMovesLeftOnWin === null ? '–' : num(s.avgMovesLeftOnWin)} | ${num(s.deadlock.reshufflesPerGame, 3)} / ${s.deadlock.unsolvableGames} |`;
  });
  const lines = [
    `**deep_analyze** — "${level.name}", ${level.moves} moves, rules v${rulesOf(level)}`,
    `- Difficulty (average tier): **${d.difficulty ?? 'unknown'}**`,
    ...(d.skillSensitivity === null ? [] : [`- Skill sensitivity (expert − novice win rate): ${(d.skillSensitivity * 100).toFixed(1)} pts`]),
    '',
    '| tier | games | win rate (95% CI) | moves left on win | reshuffles/game / unsolvable |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ];
  for (const t of order) {
    const s = d.tiers[t];
    if (!s) continue;
    const c = curveLine(level, s);
    if (c) lines.push(`- Win rate by move limit (${t}): ${c}`);
  }
  const avg = d.tiers.average ?? d.tiers.expert ?? d.tiers.novice;
  if (avg) lines.push(`- Objectives (${avg.tier}):`, ...objectiveLines(level, avg));
  if (d.heat) {
    const hot = hotCells(d.heat.clearsPerGame, 5);
    const left = hotCells(d.heat.leftPerLoss, 5);
    if (hot) lines.push(`- Most cleared cells (hits per game, ${d.heat.tier}): ${hot}`);
    if (left) lines.push(`- Where objective stuff is left in lost games (per loss): ${left}`);
    const zero = d.heat.countdownPerLoss ? hotCells(d.heat.countdownPerLoss, 5) : '';
    if (zero) lines.push(`- Where countdowns reached 0 (pieces per lost game): ${zero}`);
  }
  if (extra.gamesPerSecond) lines.push(`- Speed: ${num(extra.gamesPerSecond, 0)} games/s`);
  return lines.join('\n');
}

export function formatBottleneck(level: LevelT, b: Bottleneck): string {
  const head = `**get_bottleneck** — "${level.name}", ${BOT[b.tier]} bot, ${num(b.games, 0)} games, rules v${rulesOf(level)}, win rate ${pct(b.winRate)}`;
  return [head, ...bottleneckLines(b)].join('\n');
}

/** What stops players as Markdown list lines (get_bottleneck's, and `match3 analyze --md`'s). */
export function bottleneckLines(b: Bottleneck): string[] {
  const lines: string[] = [];
  if (!b.objective) lines.push('- No game was lost: there is no bottleneck.');
  else {
    const o = b.objective;
    lines.push(
      `- Bottleneck: objective ${o.index + 1}, ${o.description}: incomplete in ${pct(o.incompleteRate)} of ${num(b.lostGames, 0)} lost games, ` +
        `${num(o.avgShort)} ${o.unit} short on average (${pct(o.avgProgress)} done)`,
    );
    if (b.stallCells.length)
      lines.push(`- Stalls at: ${b.stallCells.map((c) => `${cellName(c.x, c.y)} ${num(c.leftPerLoss, 2)} left per loss`).join(', ')}`);
    if (b.starvation)
      lines.push(
        `- Refill starvation: ${pct(b.starvation.share)} of what lost games leave is in cells no new tile reaches while these blockers stand: ` +
          b.starvation.groups.map((g) => `${g.blocker} at ${g.at} → ${g.cellRuns.join(', ')}`).join('; '),
      );
  }
  if (b.lostToCountdown && b.lostGames) lines.push(`- Lost to a countdown: ${num(b.lostToCountdown, 0)} games (${pct(b.lostToCountdown / b.lostGames)} of lost games)`);
  if (b.spreading) lines.push(`- Spreading: ${b.spreading.elements.join(', ')} took ${num(b.spreading.perGame, 1)} cells a game on average`);
  if (b.suggestions.length) {
    lines.push('- Suggestions:');
    for (const s of b.suggestions) lines.push(`  - ${s.text}${s.simulated ? ' (simulated)' : ''}`);
  }
  return lines;
}
