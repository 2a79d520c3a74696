// Where the pack chart (PackChart.svelte) puts its words and marks, so that no two of them overlap
// (UI-CONTRACT "pack view"): the axis title above the plot, the level numbers and the axis' name under
// it, a spike's ▲ above its point's interval and a dip's ▼ below it. A ▼ under a level at 100% reaches
// below the plot: the level numbers sit under the room it takes (a band of MARK + GAP), and the plot starts
// under the axis title by the room a ▲ over a level at 0% takes. Marks narrow where points are close, so
// that two marks two levels apart never meet. Pure.

export interface Box { x: number; y: number; w: number; h: number }

/** A mark's height (▲/▼) and its distance from the interval it marks. */
export const MARK = 7;
export const MARK_GAP = 5;
/** The 10px labels' extent about their baseline (cap height and descenders, generous). */
const ASCENT = 8, DESCENT = 2.5;

export const W = 560;
/** The plot's padding: top (the axis title above, a spike's room), bottom (a dip's room, the numbers, the axis' name). */
export const P = { l: 40, r: 12, t: 30, b: 46 } as const;
export const H = 226;
/** Baselines: the axis title, the level numbers, the axis' name. */
export const TITLE_Y = 12;
export const LABEL_Y = H - P.b + MARK_GAP + MARK + 2 + ASCENT; // under the lowest ▼
export const NAME_Y = H - 4;

export const sx = (i: number, n: number) => P.l + (n <= 1 ? (W - P.l - P.r) / 2 : (i * (W - P.l - P.r)) / (n - 1));
/** Win rate → y: 0% at the top, 100% at the bottom (harder is higher). */
export const sy = (win: number) => P.t + win * (H - P.t - P.b);

/** Half a mark's width: 5, less where two levels apart are closer than two marks (never under 2). */
export function markHalf(n: number): number {
  if (n <= 1) return 5;
  const dx = (W - P.l - P.r) / (n - 1);
  return Math.max(2, Math.min(5, dx - 0.5));
}

/** A spike's ▲ above `low` (its interval's top on screen), or a dip's ▼ below `high`, at x. */
export function markPath(flag: 'spike' | 'dip', x: number, edge: number, half: number): string {
  const f = (v: number) => Math.round(v * 100) / 100;
  return flag === 'spike'
    ? `M${f(x - half)} ${f(sy(edge) - MARK_GAP)} l${f(half)} ${-MARK} l${f(half)} ${MARK} z`
    : `M${f(x - half)} ${f(sy(edge) + MARK_GAP)} l${f(half)} ${MARK} l${f(half)} ${-MARK} z`;
}

export function markBox(flag: 'spike' | 'dip', x: number, edge: number, half: number): Box {
  const y = flag === 'spike' ? sy(edge) - MARK_GAP - MARK : sy(edge) + MARK_GAP;
  return { x: x - half, y, w: 2 * half, h: MARK };
}

/** A 10px label's box (text-anchor: middle at x, or start), about 6 px a character. */
export function labelBox(text: string, x: number, baseline: number, anchor: 'middle' | 'start' = 'middle', perChar = 6): Box {
  const w = perChar * [...text].length;
  return { x: anchor === 'middle' ? x - w / 2 : x, y: baseline - ASCENT, w, h: ASCENT + DESCENT };
}

export const boxesMeet = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
