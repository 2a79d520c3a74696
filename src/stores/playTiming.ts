// How long each beat of a play-test move's animation lasts: the engine's steps drawn in about a second
// whatever the board (issue 34, item 3). A blocker level under rules version 2 made a move take 12–18 s
// at 1×: each cascade step took 480 ms and each diagonal slide another 320 ms, one slide at a time.
// Now a step's slides are drawn together, and when the beats of a move add up to more than the budget
// they are all shortened by one factor (the order of what happens is kept; only its pace changes).

/** A move's animation at 1×, in ms: the swap, then its steps. */
export const MOVE_BUDGET_MS = 1000;

/** Each beat at its natural length (ms at 1×): what a short move still shows at this pace. */
export const BEATS = {
  swap: 160, clear: 220, fall: 20, settle: 240, slide: 150, slideFall: 20, slideSettle: 150,
  // version 2 (RULES §12.5): a wave of effects or gates, the belts' shift, the emitters' (and spreading's) placements, the countdowns' tick
  wave: 180, belt: 260, emit: 220, tick: 240,
} as const;
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

/** What of a step its beats depend on (a StepEvent; the version 2 fields may be absent). */
export interface StepShape {
  slides: readonly unknown[];
  kind?: 'belts' | 'end';
  waves?: readonly unknown[];
  falls?: readonly unknown[];
  refills?: readonly unknown[];
  spread?: readonly unknown[];
  emitted?: readonly unknown[];
  countdowns?: readonly unknown[];
}

/** A beat of a step's animation; 'slides' is one beat for all of a step's slides (slide + slideFall + slideSettle). */
export type StepBeat = 'clear' | 'wave' | 'fall' | 'settle' | 'slides' | 'belt' | 'emit' | 'tick';

/**
 * The beats of one step, in order. A clear step: its clear (wave 0), each later wave, a fall and a
 * settle, one beat for its slides, one for what spread in it. Version 2's belts: the shift, then a fall and a settle when
 * anything falls; its end: the placements (spreading, emitters), then the countdowns' tick.
 */
export function stepBeats(s: StepShape): StepBeat[] {
  const moves = (s.falls?.length ?? 0) + (s.refills?.length ?? 0) > 0;
  if (s.kind === 'belts') return moves ? ['belt', 'fall', 'settle'] : ['belt'];
  if (s.kind === 'end') {
    const out: StepBeat[] = [];
    if ((s.spread?.length ?? 0) + (s.emitted?.length ?? 0) > 0) out.push('emit');
    if (s.countdowns?.length) out.push('tick');
    return out;
  }
  const out: StepBeat[] = ['clear'];
  for (let k = 0; k < (s.waves?.length ?? 0); k++) out.push('wave');
  out.push('fall', 'settle');
  if (s.slides.length) out.push('slides');
  // a step's spreading (a ground through its matches; version 1 also records a tile's growth after the move on its last step)
  if (s.spread?.length) out.push('emit');
  return out;
}

/** A beat's natural length (ms at 1×). */
export const beatMs = (b: StepBeat): number => (b === 'slides' ? BEATS.slide + BEATS.slideFall + BEATS.slideSettle : BEATS[b]);

/** The natural length of a move: the swap (when there is one), and each step's beats (stepBeats). */
export function naturalMs(steps: readonly StepShape[], swap: boolean): number {
  let ms = swap ? BEATS.swap : 0;
  for (const s of steps) for (const b of stepBeats(s)) ms += beatMs(b);
  return ms;
}

/** The pace of a move: its beats shortened together so that the whole fits MOVE_BUDGET_MS. */
export function movePace(steps: readonly StepShape[], swap: boolean, budgetMs = MOVE_BUDGET_MS): MovePace {
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
