// `match3 analyze --md`: one level's report as Markdown, for a pipeline's summary page or a review:
// the tiers' win rates, the objectives, what stops players (the studio's bottleneck, with a version 2
// level's countdowns, gates, emitters, portals and belts by the game's element names) and the warnings.
import { intervalText, pct } from '../core/format.ts';
import type { LevelT } from '../core/level/index.ts';
import { bottleneck, bottleneckLines, deepSummary, hotCells, objectiveLines, type SimCounts } from '../core/sim/analysis/index.ts';
import type { Tier } from '../core/sim/bots/types.ts';

/** What the Markdown reads beside the report: the level as analysed and its tiers' counts. */
export interface MarkdownSource {
  level: LevelT;
  counts: SimCounts[];
}

/** What the Markdown reads of a level's report (report.ts's LevelReport has it: said here, so the two files import one way). */
export interface ReportForMarkdown {
  file: string;
  level: { name: string; game?: string };
  rulesVersion: number;
  warnings: string[];
  results: {
    tier: Tier;
    bot: string;
    games: number;
    winRate: number;
    winRateCI95: [number, number];
    difficulty: string;
    avgMovesLeftOnWin: number | null;
    lostToCountdown?: number;
    lostToCountdownOfLost?: number | null;
  }[];
}

export function levelMarkdown(r: ReportForMarkdown, src: MarkdownSource): string {
  const v2 = r.results.some((t) => t.lostToCountdown !== undefined);
  const lines = [
    `## ${r.file} — ${r.level.name}`,
    '',
    `${r.level.game ? `Game \`${r.level.game}\`, rules` : 'Rules'} v${r.rulesVersion}, ${r.results[0]?.games ?? 0} games per tier.`,
    '',
    `| tier | win rate (95% CI) | difficulty | moves left on a win |${v2 ? ' lost to a countdown (of lost games) |' : ''}`,
    `|---|---|---|---|${v2 ? '---|' : ''}`,
  ];
  for (const t of r.results) {
    const ci = intervalText({ low: t.winRateCI95[0], high: t.winRateCI95[1] }, 1);
    const left = t.avgMovesLeftOnWin == null ? '–' : t.avgMovesLeftOnWin.toFixed(1);
    const cd = t.lostToCountdown === undefined ? '' : ` ${pct(t.lostToCountdown)} (${t.lostToCountdownOfLost == null ? '–' : pct(t.lostToCountdownOfLost)}) |`;
    lines.push(`| ${t.tier} (${t.bot}) | ${pct(t.winRate)} (${ci}) | ${t.difficulty} | ${left} |${cd}`);
  }
  const d = deepSummary(src.counts);
  const basis = d.tiers.average ?? d.tiers.expert ?? d.tiers.novice;
  if (basis) lines.push('', `**Objectives** (${basis.tier} bot):`, '', ...objectiveLines(src.level, basis).map((l) => l.replace(/^ {2}/, '')));
  const b = bottleneck(src.level, src.counts);
  lines.push('', `**What stops players** (${b.tier} bot, ${b.games} games, win rate ${pct(b.winRate)}):`, '', ...bottleneckLines(b));
  const zero = d.heat?.countdownPerLoss ? hotCells(d.heat.countdownPerLoss, 5) : '';
  if (zero) lines.push(`- Where countdowns reached 0 (pieces per lost game, ${d.heat!.tier} bot): ${zero}`);
  if (r.warnings.length) lines.push('', '**Warnings:**', '', ...r.warnings.map((w) => `- ${w}`));
  return lines.join('\n') + '\n';
}
