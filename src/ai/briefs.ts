// What the chat says of a tool's result, as notes (`{ key, params }`) the UI words in the designer's
// language when it shows them (i18n/chatText.ts, noteText): an edit by its intent, an analysis in one
// sentence. Data only, so the stores that make them need no words.
import type { LevelT } from '../core/level/index.ts';
import type { Intent } from '../core/tools/index.ts';
import { analyzeLevel, deepAnalyze, getBottleneck } from '../core/tools/heads.ts';
import type { Note } from './messages.ts';

/** An analysis the copilot ran, for the Analysis panel. */
export interface AnalysisPublish {
  tool: string;
  level: LevelT;
  data: unknown;
  games: number;
  durationMs?: number;
  /** Measured on the copilot's draft, not on the level: it is the level's figure only once the level is that version. */
  draft?: boolean;
}

/** An edit as a note (rendered with intentLabel in whatever language is current when it is read). */
export function toolBrief(intent: Intent, summary = ''): Note {
  return { key: 'intent', params: { tool: intent.tool, args: JSON.stringify(intent.args), summary } };
}

const pct = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '–');
const obj = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});

/** An analysis tool's data in one sentence (null when the shape is unknown). */
export function analysisBrief(tool: string, data: unknown): Note | null {
  const d = obj(data);
  if (tool === analyzeLevel.name && d.summary) {
    const s = obj(d.summary);
    return { key: 'brief.analyze', params: { games: Number(s.games) || 0, tier: `@tier.${s.tier}`, rate: pct(s.winRate), difficulty: `@diff.${s.difficulty}` } };
  }
  if (tool === deepAnalyze.name && d.summary) {
    const s = obj(d.summary);
    const avg = obj(obj(s.tiers).average);
    return { key: 'brief.deep', params: { rate: pct(avg.winRate), difficulty: `@diff.${s.difficulty}` } };
  }
  if (tool === getBottleneck.name && d.bottleneck) {
    const b = obj(d.bottleneck);
    const o = b.objective ? obj(b.objective) : null;
    return o
      ? { key: 'brief.bottleneck', params: { n: Number(o.index) + 1, share: pct(o.incompleteRate), rate: pct(b.winRate) } }
      : { key: 'brief.noBottleneck', params: { rate: pct(b.winRate) } };
  }
  return null;
}
