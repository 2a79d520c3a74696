// Cell references in text ("B3", "B3–D5") as links back to the board. The App provides what a click
// does (outline the cells on the board) through this context; text outside the editor shows plain names.
import { getContext, setContext } from 'svelte';
import { CELL_NAME_PATTERN, parseCellSpan } from '../../core/cellName.ts';
import type { Rect } from '../../core/edit/index.ts';

const KEY = Symbol('cell-outline');
export type ShowCells = (r: Rect) => void;

export function provideShowCells(show: ShowCells) {
  setContext(KEY, show);
}
export function showCellsContext(): ShowCells | undefined {
  return getContext<ShowCells | undefined>(KEY);
}

export type Piece = { text: string; rect?: Rect };

/** Splits a text into plain runs and cell references (each with its 0-based rectangle). */
export function splitCellRefs(text: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(CELL_NAME_PATTERN)) {
    const rect = parseCellSpan(m[0]);
    if (!rect) continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[0], rect });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
