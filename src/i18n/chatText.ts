// The copilot's conversation in the designer's language: notices stored as catalogue keys, tool results
// as sentences, validation messages. The model and the logs keep the English; the designer reads these.
import type { LevelT } from '../core/level/index.ts';
import { getTool, type Intent } from '../core/tools/index.ts';
import type { Note } from '../ai/messages.ts';
import { addCatalogPart, i18n, t } from './index.svelte.ts';
import { intentLabel, type LabelPlace } from './intentLabel.ts';
import { translatePresetLabel } from './presetLabel.ts';
import { elementLabel } from './elementLabel.ts';
import { slashHelp } from '../ai/slash.ts';
import copilotStrings from '../i18n/catalog/lazy/copilot.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(copilotStrings); // the copilot's strings load with its code, not with the first page
import copilotClarity from '../i18n/catalog/lazy/copilotClarity.ts'; // CORS hints, the provider's words, Retry
addCatalogPart(copilotClarity);

/** /help in the designer's language (tool names and parameters stay as typed). */
export function helpText(): string {
  return slashHelp({
    intro: t('slash.helpIntro'),
    describe: (name, english) => {
      const key = 'help.' + name;
      const s = t(key);
      return s === key ? english : s;
    },
  });
}

/** What the copilot's analysis tools hand to the Analysis panel. */
export interface AnalysisPublish {
  tool: string;
  level: LevelT;
  data: unknown;
  games: number;
  durationMs?: number;
}

/**
 * A stored note in the current language. String params starting with "@" are catalogue keys themselves.
 * `level`: the level the conversation is about, whose game names the elements an edit paints.
 */
export function noteText(note: Note, level?: LabelPlace): string {
  if (note.key === 'slash.help') return helpText();
  if (note.key === 'intent' && note.params) {
    const p = note.params;
    try {
      return intentLabel({ tool: String(p.tool), args: JSON.parse(String(p.args)) as Record<string, unknown> }, String(p.summary ?? ''), level);
    } catch {
      return String(p.summary ?? '');
    }
  }
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(note.params ?? {})) params[k] = typeof v === 'string' && v.startsWith('@') ? t(v.slice(1)) : v;
  if (typeof params.provider === 'string') params.provider = translatePresetLabel(params.provider);
  // the provider's own words, introduced in the designer's language (the stored `said` is English)
  if ('said' in params) params.said = String(params.msg ?? '').trim() ? t('err.providerSaid', { msg: String(params.msg).trim() }) : '';
  if (note.list) params.list = note.list.map((n) => noteText(n, level)).join('; ');
  return t(note.key, params);
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
  if (tool === 'analyze_level' && d.summary) {
    const s = obj(d.summary);
    return { key: 'brief.analyze', params: { games: Number(s.games) || 0, tier: `@tier.${s.tier}`, rate: pct(s.winRate), difficulty: `@diff.${s.difficulty}` } };
  }
  if (tool === 'deep_analyze' && d.summary) {
    const s = obj(d.summary);
    const avg = obj(obj(s.tiers).average);
    return { key: 'brief.deep', params: { rate: pct(avg.winRate), difficulty: `@diff.${s.difficulty}` } };
  }
  if (tool === 'get_bottleneck' && d.bottleneck) {
    const b = obj(d.bottleneck);
    const o = b.objective ? obj(b.objective) : null;
    return o
      ? { key: 'brief.bottleneck', params: { n: Number(o.index) + 1, share: pct(o.incompleteRate), rate: pct(b.winRate) } }
      : { key: 'brief.noBottleneck', params: { rate: pct(b.winRate) } };
  }
  return null;
}

/** One tool call of the conversation as a sentence: the edit (named in `level`'s game), the analysis brief, or the error. */
export function toolLine(c: { name: string; arguments: string; ok?: boolean; result?: string; brief?: Note }, level?: LabelPlace): string {
  const first = (c.result ?? '').split('\n')[0].replace(/^Error:\s*/, '');
  if (c.ok === false) return problemText(first);
  if (c.brief) return noteText(c.brief, level);
  const kind = getTool(c.name)?.kind;
  if (kind === 'edit') {
    try {
      return intentLabel({ tool: c.name, args: JSON.parse(c.arguments || '{}') as Record<string, unknown> }, first, level);
    } catch {
      return first;
    }
  }
  if (kind === 'read') return t('tool.read');
  return first.replace(/\*\*/g, '');
}

// Validation messages from the registry and the level schema, in Chinese. The rest of a message (field
// names, tool names, values) is kept as it is: the designer needs to recognise them.
const ZH: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [/must be an integer from (\S+) to (\S+)/g, '必须是 $1 到 $2 之间的整数'],
  [/must be a number from (\S+) to (\S+)/g, '必须是 $1 到 $2 之间的数'],
  [/must be (-?\d+)\.\.(-?\d+)/g, '必须在 $1..$2 之间'],
  [/must be one of ([^;.]+)/g, '必须是以下之一：$1'],
  [/must be true or false/g, '必须是 true 或 false'],
  [/is required|Required|required/g, '必填'],
  [/no such command\. Type \/help for the list\./g, '没有这个命令。输入 /help 查看列表。'],
  [/too many values \(it takes ([^)]*)\)/g, '值太多（它接受 $1）'],
  [/the JSON arguments are not valid \(([^)]*)\)/g, 'JSON 参数无效（$1）'],
  [/the JSON arguments must be an object/g, 'JSON 参数必须是一个对象'],
  [/ ?\(the board is (\d+) wide\)/g, '（棋盘宽 $1 格）'],
  [/ ?\(the board is (\d+) high\)/g, '（棋盘高 $1 格）'],
  [/ ?\(the level has (\d+) objectives?\)/g, '（关卡有 $1 个目标）'],
  [/only allowed with tile "([^"]+)"/g, (_, id: string) => `只能用于${elementLabel(id)}（tile "${id}"）`],
  [/required for a collect objective \(one of ([^)]*)\)/g, '收集目标必须指定（可选：$1）'],
  [/the level already has 4 objectives, the most allowed/g, '关卡已有 4 个目标，已达上限'],
  [/a level needs at least one objective/g, '关卡至少需要一个目标'],
  [/analysis is not available yet/g, '分析功能尚不可用'],
  [/arguments must be a JSON object/g, '参数必须是 JSON 对象'],
  [/unknown tool "([^"]+)"\. Available tools: /g, '未知工具 "$1"。可用工具：'],
  [/outside the board/g, '超出棋盘'],
  [/unknown parameter/g, '未知参数'],
];

/** A validation or refusal message in the designer's language (English stays as it is). */
export function problemText(msg: string): string {
  if (i18n.locale !== 'zh') return msg;
  return ZH.reduce((s, [re, zh]) => (typeof zh === 'string' ? s.replace(re, zh) : s.replace(re, zh)), msg);
}
