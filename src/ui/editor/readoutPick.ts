// Which cell the board's readout (`[data-testid="cell-readout"]`) names: the one of the last input.
// Keys that moved the keyboard cursor (or the board taking the focus from the keyboard) give it to the
// cursor; the pointer moving onto another cell (or, with the Wall tool, onto another edge) gives it back
// to the cell under the pointer. The Wall tool's aim (the edge a click changes) is said only while the
// pointer has it, for every tool alike: the readout never names the pointer's cell while keys move the cursor.
type Cell = readonly [number, number];

export interface ReadoutInput {
  /** The board has the focus (its keyboard cursor is shown). */
  focused: boolean;
  cursor: Cell | null;
  hover: Cell | null;
  /** The last input on the board was a key (true) or the pointer (false). */
  keysLast: boolean;
  /** The Wall tool aims at an edge under the pointer. */
  aim?: boolean;
}

/** `aim`: the pointer's cell with the Wall tool's aim; `cursor` / `hover`: that cell and what it holds; null: none. */
export type ReadoutPick = 'aim' | 'cursor' | 'hover' | null;

export function readoutPick({ focused, cursor, hover, keysLast, aim = false }: ReadoutInput): ReadoutPick {
  if (focused && cursor && (keysLast || !hover)) return 'cursor';
  if (hover) return aim ? 'aim' : 'hover';
  return cursor ? 'cursor' : null;
}
