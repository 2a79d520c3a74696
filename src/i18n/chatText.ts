// The copilot's conversation in the designer's language: notices stored as catalogue keys, tool results
// as sentences, validation messages. The model and the logs keep the English; the designer reads these.
import type { LevelT } from '../core/level/index.ts';
import { getTool, type Intent } from '../core/tools/index.ts';
import type { Note } from '../ai/messages.ts';
import { addCatalogPart, t } from './index.svelte.ts';
import { problemText } from './problemText.ts';
import { intentLabel, type LabelPlace } from './intentLabel.ts';
import { translatePresetLabel } from './presetLabel.ts';
import { slashHelp } from '../ai/slash.ts';
import { CLASSIC_ID } from '../core/game/types.ts';
import { elementLabel, gameForWords } from './elementLabel.ts';
import copilotStrings from '../i18n/catalog/lazy/copilot.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(copilotStrings); // the copilot's strings load with its code, not with the first page
import copilotClarity from '../i18n/catalog/lazy/copilotClarity.ts'; // CORS hints, the provider's words, Retry
import { nameList } from './list.ts';
import { intlLocale } from './index.svelte.ts';
addCatalogPart(copilotClarity);

/** The paint tools /help words by the level's game: a workspace game's covers and grounds by their names, never the classic blockers. */
const GAME_HELP: Record<string, { key: string; layer: 'cover' | 'ground' }> = {
  paint_cover: { key: 'help.game.paint_cover', layer: 'cover' },
  paint_cover_region: { key: 'help.game.paint_cover_region', layer: 'cover' },
  paint_ground: { key: 'help.game.paint_ground', layer: 'ground' },
  paint_ground_region: { key: 'help.game.paint_ground_region', layer: 'ground' },
};

/**
 * /help in the designer's language (tool names and parameters stay as typed). `level`: the level the
 * conversation is about; on a workspace game's level the paint tools name that game's covers and grounds.
 */
export function helpText(level?: { game?: string }): string {
  const game = gameForWords(level);
  const ofGame = !!game && game.id !== CLASSIC_ID;
  return slashHelp({
    intro: t('slash.helpIntro'),
    game,
    describe: (name, english) => {
      const own = ofGame ? GAME_HELP[name] : undefined;
      if (own) {
        const names = game!.elements.filter((e) => e.layer === own.layer).map((e) => elementLabel(e.id, game));
        return t(own.key, { names: nameList(names) || '—' });
      }
      const key = 'help.' + name;
      const s = t(key);
      return s === key ? english : s;
    },
  });
}

/**
 * The empty conversation's invitation: its example asks for double jelly on a classic level; on a
 * workspace game's level it asks for that game's first ground (else cover, else tile element), by name.
 */
export function emptyChatText(level?: { game?: string } | null): string {
  const game = gameForWords(level);
  if (!game || game.id === CLASSIC_ID) return t('chat.empty');
  const el = (['ground', 'cover', 'tile'] as const).map((layer) => game.elements.find((e) => e.layer === layer)).find((e) => e !== undefined);
  return t('chat.emptyGame', { element: el ? elementLabel(el.id, game) : t('layer.ground') });
}

/** What the copilot's analysis tools hand to the Analysis panel. */
export type { AnalysisPublish } from '../ai/briefs.ts';

/**
 * A stored note in the current language. String params starting with "@" are catalogue keys themselves.
 * `level`: the level the conversation is about, whose game names the elements an edit paints.
 */
export function noteText(note: Note, level?: LabelPlace): string {
  if (note.key === 'slash.help') return helpText(level);
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
  // a validation message stored as the registry said it (`problem`), and notes said within this one
  if (typeof params.problem === 'string') params.error = problemText(params.problem);
  for (const [k, n] of Object.entries(note.notes ?? {})) params[k] = noteText(n, level);
  if (typeof params.provider === 'string') params.provider = translatePresetLabel(params.provider);
  // the provider's own words, introduced in the designer's language (the stored `said` is English)
  if ('said' in params) params.said = String(params.msg ?? '').trim() ? t('err.providerSaid', { msg: String(params.msg).trim() }) : '';
  if (note.list) params.list = note.list.map((n) => noteText(n, level)).join('; ');
  // the commands an unknown one may have meant, as "/a, /b or /c" in the language shown
  if (note.key === 'slash.unknownNear') params.near = orList(String(params.near).split(' ').map((n) => '/' + n));
  return t(note.key, params);
}

// the notes of a tool's result are data (ai/briefs.ts); kept here for their callers
export { analysisBrief, toolBrief } from '../ai/briefs.ts';

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

/** Validation messages in the designer's language (moved to ./problemText.ts; kept here for its callers). */
export { problemText };

const either = new Map<string, Intl.ListFormat>();

/** `names` as alternatives: "/a, /b or /c" in English, "/a、/b或/c" in 简体中文. */
export function orList(names: readonly string[]): string {
  const locale = intlLocale();
  if (typeof Intl.ListFormat !== 'function') return names.join(locale.startsWith('zh') ? '、' : ', ');
  let f = either.get(locale);
  if (!f) either.set(locale, (f = new Intl.ListFormat(locale, { type: 'disjunction' })));
  return f.format(names);
}
