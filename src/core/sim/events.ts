// What a move did, step by step, for the play-test and "watch a bot" animations. Only recorded
// when a game asks for it; the analysis path never allocates these.
import type { ColorName } from '../level/index.ts';

/** A colour, a special, `void`, or a tile element's id (RULES §11). */
export type TileName = string;

/** One clear step: the player's own clear is step 1, cascades are 2, 3, … Cells are indices y * width + x. */
export interface StepEvent {
  step: number;
  /** Cells of the match groups of this step (covered ones included). */
  matched: number[];
  /** Tiles removed (colour tiles, specials, destroyed tile elements), in the order they went. */
  removed: { cell: number; tile: TileName }[];
  /** Covers that lost a layer (`cover`: the element's id); `left` is what remains (0 = gone). */
  coverHits: { cell: number; cover: string; left: number }[];
  /** Grounds that lost a layer (`ground`: the element's id). */
  groundHits: { cell: number; ground: string; left: number }[];
  /** Tile elements that lost hp (`hp` 0 means destroyed; it is also in `removed`). */
  elementHits: { cell: number; element: string; hp: number }[];
  /** Items taken out at exit cells after this step's gravity. */
  exited: { cell: number; element: string }[];
  /** Cells a spreading element reached: a tile element (after the move) or a ground (this step, `ground`). */
  spread: { cell: number; element: string; ground?: true }[];
  /** Specials that went off, in order; `color` for a rainbow. `combo` names the partner when two were swapped together. */
  fired: { cell: number; tile: TileName; color?: ColorName; combo?: TileName }[];
  /** Specials made by this step's groups, placed after its clears. */
  created: { cell: number; tile: TileName }[];
  /** Gravity after the step: tiles that fell. */
  falls: { from: number; to: number }[];
  /** New tiles from the top of each column (listed bottom-up per column, columns left to right). */
  refills: { cell: number; tile: TileName; color?: ColorName; countdown?: number }[];
  /**
   * Rules version 2 only (RULES §2.6b): after the falls and refills above, the diagonal slides in
   * order, each with the falls and refills that followed it. Empty under version 1.
   */
  slides: SlideEvent[];
  /** Points of this step (10 × step per removed tile, special and destroyed crate). */
  score: number;
  /**
   * Version 2 (RULES §12.5) only, fields absent elsewhere. `kind` absent: a clear step. `'belts'`: the
   * belts' shift after the cascades (`shifted`), then its gravity (`falls`, `refills`); `step` is the
   * number of the first clear after it. `'end'`: after the last clear, the `when-none-hit` spreading
   * (`spread`), the emitters (`emitted`) and the countdowns (`countdowns`).
   */
  kind?: 'belts' | 'end';
  /** Belts: every slot that held something moved from → to, all at once. */
  shifted?: { from: number; to: number }[];
  /** Waves after wave 0 (RULES §12.2): where each wave's records start in the lists above, and the gates (element ids) it opened. */
  waves?: WaveMark[];
  /** Emitters: `tile` placed on `cell` by the piece anchored at `by`. */
  emitted?: { cell: number; tile: TileName; by: number }[];
  /** Countdowns after a move that did not win: each piece that ticked and what it has left (0: the game is lost). */
  countdowns?: { cell: number; left: number }[];
}

/** The start of a wave after wave 0 in a step's lists (their lengths when it began), and the gates it opened. */
export interface WaveMark {
  removed: number;
  coverHits: number;
  elementHits: number;
  groundHits: number;
  gates: string[];
}

/**
 * One diagonal slide: the tile at `from` moved into the empty cell `to`, then its two columns settled.
 * Each gravity that follows items taken at exit cells is also recorded here, in order (the classic
 * gravity's before that gravity's own slides): `from` and `to` are -1, `exited` the cells the items
 * left, then that gravity's falls and refills.
 */
export interface SlideEvent {
  from: number;
  to: number;
  exited?: number[];
  falls: { from: number; to: number }[];
  refills: { cell: number; tile: TileName; color?: ColorName; countdown?: number }[];
}

export class Recorder {
  steps: StepEvent[] = [];
  cur: StepEvent | null = null;

  begin(step: number): StepEvent {
    const e: StepEvent = {
      step, matched: [], removed: [], coverHits: [], groundHits: [], elementHits: [], exited: [], spread: [],
      fired: [], created: [], falls: [], refills: [], slides: [], score: 0,
    };
    this.steps.push(e);
    this.cur = e;
    return e;
  }

  /** Version 2: opens the belts' entry (`step`: the next clear's number). */
  belts(step: number): StepEvent {
    const e = this.begin(step);
    e.kind = 'belts';
    e.shifted = [];
    return e;
  }

  /** Version 2: the move's end entry (spreading, emitters, countdowns), opened on first use. */
  end(): StepEvent {
    const c = this.cur;
    if (c !== null && c.kind === 'end') return c;
    const e = this.begin(c !== null ? c.step + 1 : 1);
    e.kind = 'end';
    e.emitted = [];
    e.countdowns = [];
    return e;
  }

  take(): StepEvent[] {
    const s = this.steps;
    this.steps = [];
    this.cur = null;
    return s;
  }
}
