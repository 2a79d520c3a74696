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
  /** Cells a spreading element reached: a tile element (after the move) or a ground (this step). */
  spread: { cell: number; element: string }[];
  /** Specials that went off, in order; `color` for a rainbow. `combo` names the partner when two were swapped together. */
  fired: { cell: number; tile: TileName; color?: ColorName; combo?: TileName }[];
  /** Specials made by this step's groups, placed after its clears. */
  created: { cell: number; tile: TileName }[];
  /** Gravity after the step: tiles that fell. */
  falls: { from: number; to: number }[];
  /** New tiles from the top of each column (listed bottom-up per column, columns left to right). */
  refills: { cell: number; tile: TileName }[];
  /**
   * Rules version 2 only (RULES §2.6b): after the falls and refills above, the diagonal slides in
   * order, each with the falls and refills that followed it. Empty under version 1.
   */
  slides: SlideEvent[];
  /** Points of this step (10 × step per removed tile, special and destroyed crate). */
  score: number;
}

/** One diagonal slide: the tile at `from` moved into the empty cell `to`, then its two columns settled. */
export interface SlideEvent {
  from: number;
  to: number;
  falls: { from: number; to: number }[];
  refills: { cell: number; tile: TileName }[];
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

  take(): StepEvent[] {
    const s = this.steps;
    this.steps = [];
    this.cur = null;
    return s;
  }
}
