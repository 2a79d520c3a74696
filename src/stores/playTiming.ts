// How long each beat of a play-test move's animation lasts: the engine's steps drawn in about a second
// whatever the board (issue 34, item 3). A blocker level under rules version 2 made a move take 12–18 s
// at 1×: each cascade step took 480 ms and each diagonal slide another 320 ms, one slide at a time.
// Now a step's slides are drawn together, and when the beats of a move add up to more than the budget
// they are all shortened by one factor (the order of what happens is kept; only its pace changes).

/** A move's animation at 1×, in ms: the swap, then its steps. */
export const MOVE_BUDGET_MS = 1000;

/** Each beat at its natural length (ms at 1×): what a short move still shows at this pace. */
export const BEATS = { swap: 160, clear: 220, fall: 20, settle: 240, slide: 150, slideFall: 20, slideSettle: 150 } as const;
export type Beat = keyof typeof BEATS;

/** The longest a tile's CSS move lasts (ms at 1×): PlayTest's transition, shortened with the beats. */
export const TILE_MS = 200;

export interface MovePace {
  /** The factor every beat is multiplied by (1 for a move that fits the budget). */
  scale: number;
  /** The whole move at 1× after scaling, in ms. */
  totalMs: number;
  /** The same before scaling (what the move would take at its natural pace). */
  naturalMs: number;
}

/** The natural length of a move: the swap (when there is one), and per step a clear, a fall and a settle, plus one slide beat when it slides. */
export function naturalMs(steps: readonly { slides: readonly unknown[] }[], swap: boolean): number {
  let ms = swap ? BEATS.swap : 0;
  for (const s of steps) {
    ms += BEATS.clear + BEATS.fall + BEATS.settle;
    if (s.slides.length) ms += BEATS.slide + BEATS.slideFall + BEATS.slideSettle;
  }
  return ms;
}

/** The pace of a move: its beats shortened together so that the whole fits MOVE_BUDGET_MS. */
export function movePace(steps: readonly { slides: readonly unknown[] }[], swap: boolean, budgetMs = MOVE_BUDGET_MS): MovePace {
  const natural = naturalMs(steps, swap);
  const scale = natural > budgetMs ? budgetMs / natural : 1;
  return { scale, totalMs: natural * scale, naturalMs: natural };
}

/** The pace of the studio before issue 34 (every slide its own 320 ms, no budget): the benchmark's "before". */
export function oldMoveMs(steps: readonly { slides: readonly unknown[] }[], swap: boolean): number {
  let ms = swap ? BEATS.swap : 0;
  for (const s of steps) ms += BEATS.clear + BEATS.fall + BEATS.settle + s.slides.length * (BEATS.slide + BEATS.slideFall + BEATS.slideSettle);
  return ms;
}
