// Words for what the stores say happened (src/core/notice.ts): read when the UI renders, so a
// language switch rewords toasts, the editor's line and undo labels already on screen.
import type { GameDef } from '../core/game/types.ts';
import type { Notice, StepLabel } from '../core/notice.ts';
import { t } from './index.svelte.ts';
import { brushValueLabel, coverNeedsTileText } from './elementLabel.ts';
import { levelDisplayName, packDisplayName } from './sampleNames.ts';
import { nameList } from './list.ts';

type BrushValue = Parameters<typeof brushValueLabel>[0];

/**
 * Notices whose words need more than the catalogue: the level's game names its elements. `game`: the
 * open level's game (the editor's `game`), for the notices and steps about it.
 */
const special: Record<string, (p: Record<string, string | number>, game: GameDef | undefined) => string> = {
  // a brush, rectangle or fill stroke: the tool and what it painted ("Brush: Red")
  'step.paint': (p, game) => t('step.paint', { tool: t(String(p.tool)), value: brushValueLabel(JSON.parse(String(p.value)) as BrushValue, game) }),
  'name.level': (p) => levelDisplayName(String(p.id), String(p.name)),
  'name.pack': (p) => packDisplayName(String(p.name), String(p.ids).split(' ')),
  'paint.coverNeedsTile': (p, game) => (game ? coverNeedsTileText(String(p.tile), String(p.cell), game) : t('paint.coverNeedsTile', p)),
};

/** A `quotedNames` param (a JSON list of names: levels, files) is said as a list of them quoted, in the language shown. */
const quotedList = (v: string | number) => nameList((JSON.parse(String(v)) as string[]).map((n) => `“${n}”`));

/** A Notice (or a label that is words already) in the current language. */
export function say(n: StepLabel, game?: GameDef): string {
  if (typeof n === 'string') return n;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(n.params ?? {})) params[k] = typeof v === 'object' ? say(v, game) : k === 'quotedNames' ? quotedList(v) : v;
  return special[n.key]?.(params, game) ?? t(n.key, params);
}

/** Whether two notices say the same (a test's or a toast's comparison without wording). */
export const sameNotice = (a: Notice, b: Notice): boolean => JSON.stringify(a) === JSON.stringify(b);
