// An edit in the designer's language, from the intent itself (the tools' own summaries are English,
// written for the model). Falls back to the tool's summary for anything without a template.
import { objectiveFromArgs, type Intent } from '../core/tools/index.ts';
import { t } from './index.svelte.ts';
import { objectiveLabel } from './objectiveLabel.ts';

/** The objective an objective tool sets, complete ("clear all ice", "collect 30 red"), or its type alone. */
function objectiveWords(args: Record<string, unknown>): string {
  try {
    return objectiveLabel(objectiveFromArgs(args as Parameters<typeof objectiveFromArgs>[0]));
  } catch {
    return t('obj.type.' + String(args.type));
  }
}

function word(kind: 'value' | 'color', v: unknown): string {
  const s = String(v ?? '');
  const key = `${kind}.${s}`;
  const out = t(key);
  return out === key ? s : out;
}

export function intentLabel(intent: Intent, fallback: string): string {
  const a = { ...intent.args } as Record<string, string | number>;
  if (a.tile !== undefined) a.tile = a.tile === 'crate' ? t('value.crate', { hp: a.hp ?? 1 }) : word('value', a.tile);
  if (a.color !== undefined) a.color = word('color', a.color);
  if (a.cover !== undefined) a.cover = a.cover === 'ice' ? t('value.ice', { n: a.layers ?? 1 }) : a.cover === 'chain' ? t('value.chain') : t('value.noCover');
  if (a.ground !== undefined) a.ground = a.ground === 'jelly' ? t('value.jelly', { n: a.layers ?? 1 }) : t('value.noGround');
  if (a.type !== undefined) a.type = objectiveWords(intent.args);
  if (a.x === -1) a.x = t('op.centre');
  if (a.y === -1) a.y = t('op.centre');
  if (typeof a.index === 'number') a.index = a.index + 1;
  const key = 'op.' + intent.tool;
  const s = t(key, a);
  return s === key || /\{\w+\}/.test(s) ? fallback : s;
}
