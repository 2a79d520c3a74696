// An edit in the designer's language, from the intent itself (the tools' own summaries are English,
// written for the model). Falls back to the tool's summary for anything without a template.
import { objectiveFromArgs, type Intent } from '../core/tools/index.ts';
import { t } from './index.svelte.ts';
import { cellName, cellSpan, columnName, rowName } from '../core/cellName.ts';
import { objectiveLabel } from './objectiveLabel.ts';
import { elementValueInText, gameForWords, objectiveTypeLabel } from './elementLabel.ts';
import type { GameDef } from '../core/game/types.ts';

/**
 * Where an edit is made: the level's size (the centre of a place_bomb call) and its game (whose
 * elements the edit names). A level passes as it is; without one the edit is read as on a classic level.
 */
export type LabelPlace = { width: number; height: number; game?: string };

/** The seed call a paint_cells call stands for (core/tools/compact.ts; not imported: it would weigh on the first load). */
function paintCellsSeed(a: Record<string, unknown>): Intent {
  const layer = String(a.layer);
  return { tool: `paint_${layer}_region`, args: { x1: a.x1, y1: a.y1, x2: a.x2 ?? a.x1, y2: a.y2 ?? a.y1, [layer]: a.value, [layer === 'tile' ? 'hp' : 'layers']: a.layers } };
}

/** A set_level call as the seed edits it makes ("Resize the board to 9×9; Set the move limit to 20"). */
function setLevelLabel(a: Record<string, unknown>, fallback: string, size?: LabelPlace): string {
  const parts: Intent[] = [];
  if (a.width !== undefined || a.height !== undefined) parts.push({ tool: 'set_grid_size', args: { width: a.width ?? size?.width ?? '…', height: a.height ?? size?.height ?? '…' } });
  if (a.moves !== undefined) parts.push({ tool: 'set_move_limit', args: { moves: a.moves } });
  if (a.colors !== undefined) parts.push({ tool: 'set_colors', args: { colors: a.colors } });
  if (a.name !== undefined) parts.push({ tool: 'rename_level', args: { name: a.name } });
  if (a.rules !== undefined) parts.push({ tool: 'set_rules_version', args: { rules: a.rules } });
  return parts.length ? parts.map((p) => intentLabel(p, fallback, size)).join('; ') : t('op.set_level');
}

/** The objective an objective tool sets, complete ("clear all ice", "collect 30 red"), or its type alone. */
function objectiveWords(args: Record<string, unknown>, game: GameDef | undefined): string {
  try {
    return objectiveLabel(objectiveFromArgs(args as Parameters<typeof objectiveFromArgs>[0], game ?? null), game);
  } catch {
    return objectiveTypeLabel(String(args.type), game, args as Partial<Record<'ground' | 'cover', string>>);
  }
}

/**
 * A painted value: one of the game's elements with its hits or layers (elementValueInText: the classic
 * game's translated, another game's as written and set off as a name in a sentence is — in 简体中文
 * “Meringue”，2 点耐久), none, or a tile word (a colour, a special, random, void).
 * In a game the studio does not know (yet), every value but none is read as an element.
 */
function valueWords(layer: 'tile' | 'cover' | 'ground', v: unknown, n: unknown, game: GameDef | undefined): string {
  const id = String(v ?? '');
  if (layer !== 'tile' && (id === 'none' || id === '')) return t(layer === 'cover' ? 'value.noCover' : 'value.noGround');
  if (game && !game.elements.some((e) => e.id === id)) return word('value', id);
  return elementValueInText(id, game, typeof n === 'number' ? n : Number(n ?? 1) || 1);
}

function word(kind: 'value' | 'color', v: unknown): string {
  const s = String(v ?? '');
  const key = `${kind}.${s}`;
  const out = t(key);
  return out === key ? s : out;
}

/** A coordinate of a call, -1 meaning the centre (place_bomb); NaN when absent. */
function coordinate(v: unknown, size: number | undefined): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (n === -1) return size ? Math.floor((size - 1) / 2) : -1;
  return n;
}

/** The cell (or rectangle) a call names, as the board's rulers read it (core's cellName). */
function cellWords(args: Record<string, unknown>, size?: LabelPlace): { cell?: string; cells?: string } {
  const x = coordinate(args.x, size?.width), y = coordinate(args.y, size?.height);
  const out: { cell?: string; cells?: string } = {};
  if (Number.isInteger(x) && Number.isInteger(y)) {
    if (x >= 0 && y >= 0) out.cell = cellName(x, y);
    else if (x < 0 && y < 0) out.cell = t('cell.centre');
    else out.cell = x < 0 ? t('cell.centreColumn', { row: rowName(y) }) : t('cell.centreRow', { col: columnName(x) });
  }
  const [x1, y1, x2, y2] = [args.x1, args.y1, args.x2, args.y2].map((v) => coordinate(v, undefined));
  if ([x1, y1, x2, y2].every((v) => Number.isInteger(v) && v >= 0)) out.cells = cellSpan(x1, y1, x2, y2);
  return out;
}

/**
 * An edit in the designer's language. `size` (the level the edit is made on) turns the centre of a
 * place_bomb call (-1) into the cell it lands on — without it the label says "the centre" — and names
 * the elements of the level's game (the classic game's when left out).
 */
export function intentLabel(intent: Intent, fallback: string, size?: LabelPlace): string {
  // the compact set's tools say what the seed tools they stand for would say
  if (intent.tool === 'paint_cells') return intentLabel(paintCellsSeed(intent.args), fallback, size);
  if (intent.tool === 'set_level') return setLevelLabel(intent.args, fallback, size);
  const game = gameForWords(size);
  const a = { ...intent.args, ...cellWords(intent.args, size) } as Record<string, string | number>;
  if (a.tile !== undefined) a.tile = valueWords('tile', a.tile, a.hp, game);
  if (a.color !== undefined) a.color = word('color', a.color);
  if (a.cover !== undefined) a.cover = valueWords('cover', a.cover, a.layers, game);
  if (a.ground !== undefined) a.ground = valueWords('ground', a.ground, a.layers, game);
  if (a.type !== undefined) a.type = objectiveWords(intent.args, game);
  if (typeof a.index === 'number') a.index = a.index + 1;
  const key = 'op.' + intent.tool;
  const s = t(key, a);
  return s === key || /\{\w+\}/.test(s) ? fallback : s;
}
