// How a person names a cell: the board's rulers read columns as letters from the left (A, B, … P) and
// rows as numbers from the top (1, 2, … 16), so the cell at x = 1, y = 2 of the level file is "B3".
// One function, used wherever a person reads a cell (warnings, report, heat map, copilot summaries,
// play-test, the cells' accessible names). Letters and numbers cannot be mistaken for the file's 0-based
// x/y pairs, which the model and the level file keep using (docs/editor.md, "Naming cells").

/** Widest board side (RULES.md §1); A..P covers it with one letter. */
const LETTERS = 'ABCDEFGHIJKLMNOP';

/** The ruler's label for column `x` (0-based): A, B, … */
export function columnName(x: number): string {
  if (!Number.isInteger(x) || x < 0) return String(x);
  return x < LETTERS.length ? LETTERS[x] : columnName(Math.floor(x / 26) - 1) + String.fromCharCode(65 + (x % 26));
}

/** The ruler's label for row `y` (0-based): 1, 2, … */
export function rowName(y: number): string {
  return String(y + 1);
}

/** The cell at x, y as the rulers name it: "B3". */
export function cellName(x: number, y: number): string {
  return columnName(x) + rowName(y);
}

/** A rectangle of cells, in any corner order: "B3" for one cell, "B3–D5" for more. */
export function cellSpan(x1: number, y1: number, x2 = x1, y2 = y1): string {
  const a = cellName(Math.min(x1, x2), Math.min(y1, y2)), b = cellName(Math.max(x1, x2), Math.max(y1, y2));
  return a === b ? a : `${a}–${b}`;
}

/**
 * A cell for text that both a person and the model read (tool summaries): the ruler name first, then the
 * file's 0-based coordinates the model uses in calls. "B3 (x 1, y 2)", or for a span "B3–D5 (x 1–3, y 2–4)".
 */
export function cellRef(x1: number, y1: number, x2 = x1, y2 = y1): string {
  const lo = (a: number, b: number) => Math.min(a, b), hi = (a: number, b: number) => Math.max(a, b);
  const axis = (n: string, a: number, b: number) => (a === b ? `${n} ${a}` : `${n} ${lo(a, b)}–${hi(a, b)}`);
  return `${cellSpan(x1, y1, x2, y2)} (${axis('x', x1, x2)}, ${axis('y', y1, y2)})`;
}

/** Where cell names sit in a text ("B3", "B3–D5"), for turning them into links back to the board. */
export const CELL_NAME_PATTERN = /\b([A-P])(1[0-6]|[1-9])(?:–([A-P])(1[0-6]|[1-9]))?\b/g;

/** Parses "B3" or "B3–D5" back into a 0-based rectangle; null when it is not a cell name. */
export function parseCellSpan(s: string): { x1: number; y1: number; x2: number; y2: number } | null {
  const m = /^([A-P])(1[0-6]|[1-9])(?:–([A-P])(1[0-6]|[1-9]))?$/.exec(s);
  if (!m) return null;
  const x1 = LETTERS.indexOf(m[1]), y1 = Number(m[2]) - 1;
  const x2 = m[3] ? LETTERS.indexOf(m[3]) : x1, y2 = m[4] ? Number(m[4]) - 1 : y1;
  return { x1: Math.min(x1, x2), y1: Math.min(y1, y2), x2: Math.max(x1, x2), y2: Math.max(y1, y2) };
}
