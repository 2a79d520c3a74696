// An edit in the designer's language, from the intent itself (the tools' own summaries are English,
// written for the model). Falls back to the tool's summary for anything without a template.
import { objectiveFromArgs, type Intent } from '../core/tools/index.ts';
import { t } from './index.svelte.ts';
import { cellName, cellSpan, columnName, rowName } from '../core/cellName.ts';
import { objectiveLabel } from './objectiveLabel.ts';

/** The seed call a paint_cells call stands for (core/tools/compact.ts; not imported: it would weigh on the first load). */
function paintCellsSeed(a: Record<string, unknown>): Intent {
  const layer = String(a.layer);
  return { tool: `paint_${layer}_region`, args: { x1: a.x1, y1: a.y1, x2: a.x2 ?? a.x1, y2: a.y2 ?? a.y1, [layer]: a.value, [layer === 'tile' ? 'hp' : 'layers']: a.layers } };
}

/** A set_level call as the seed edits it makes ("Resize the board to 9×9; Set the move limit to 20"). */
function setLevelLabel(a: Record<string, unknown>, fallback: string, size?: { width: number; height: number }): string {
  const parts: Intent[] = [];
  if (a.width !== undefined || a.height !== undefined) parts.push({ tool: 'set_grid_size', args: { width: a.width ?? size?.width ?? '…', height: a.height ?? size?.height ?? '…' } });
  if (a.moves !== undefined) parts.push({ tool: 'set_move_limit', args: { moves: a.moves } });
  if (a.colors !== undefined) parts.push({ tool: 'set_colors', args: { colors: a.colors } });
  if (a.name !== undefined) parts.push({ tool: 'rename_level', args: { name: a.name } });
  if (a.rules !== undefined) parts.push({ tool: 'set_rules_version', args: { rules: a.rules } });
  return parts.length ? parts.map((p) => intentLabel(p, fallback)).join('; ') : t('op.set_level');
}

/** The objective an objective tool sets, complete ("clear all ice", "collect 30 red"), or its type alone. */
function objectiveWords(args: Record<string, unknown>): string {
  try {
    return objectiveLabel(objectiveFromArgs(args as Parameters<typeof objectiveFromArgs>[0], null));
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

/** A coordinate of a call, -1 meaning the centre (place_bomb); NaN when absent. */
function coordinate(v: unknown, size: number | undefined): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (n === -1) return size ? Math.floor((size - 1) / 2) : -1;
  return n;
}

/** The cell (or rectangle) a call names, as the board's rulers read it (core's cellName). */
function cellWords(args: Record<string, unknown>, size?: { width: number; height: number }): { cell?: string; cells?: string } {
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
 * An edit in the designer's language. `size` (the level's width and height) turns the centre of a
 * place_bomb call (-1) into the cell it lands on; without it the label says "the centre".
 */
export function intentLabel(intent: Intent, fallback: string, size?: { width: number; height: number }): string {
  // the compact set's tools say what the seed tools they stand for would say
  if (intent.tool === 'paint_cells') return intentLabel(paintCellsSeed(intent.args), fallback, size);
  if (intent.tool === 'set_level') return setLevelLabel(intent.args, fallback, size);
  const a = { ...intent.args, ...cellWords(intent.args, size) } as Record<string, string | number>;
  if (a.tile !== undefined) a.tile = a.tile === 'crate' ? t('value.crate', { hp: a.hp ?? 1 }) : word('value', a.tile);
  if (a.color !== undefined) a.color = word('color', a.color);
  if (a.cover !== undefined) a.cover = a.cover === 'ice' ? t('value.ice', { n: a.layers ?? 1 }) : a.cover === 'chain' ? t('value.chain') : t('value.noCover');
  if (a.ground !== undefined) a.ground = a.ground === 'jelly' ? t('value.jelly', { n: a.layers ?? 1 }) : t('value.noGround');
  if (a.type !== undefined) a.type = objectiveWords(intent.args);
  if (typeof a.index === 'number') a.index = a.index + 1;
  const key = 'op.' + intent.tool;
  const s = t(key, a);
  return s === key || /\{\w+\}/.test(s) ? fallback : s;
}
