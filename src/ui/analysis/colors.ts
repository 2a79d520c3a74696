// Colours the report, the level list and the heat map share.
import type { Difficulty } from '../../core/sim/analysis/summary.ts';

export const TIER_COLOR: Record<string, string> = { novice: '#f5b84a', average: '#6aa6ff', expert: '#4cc38a' };

/** One colour per difficulty label, from easy (green) to impossible (red). */
export const DIFFICULTY_COLOR: Record<Difficulty, string> = {
  easy: '#4cc38a',
  medium: '#a3e635',
  hard: '#f5b84a',
  'very hard': '#fb923c',
  extreme: '#f06a6a',
  impossible: '#e5484d',
};

/** The CSS class suffix of a difficulty ('very hard' → 'very-hard'). */
export const difficultyClass = (d: Difficulty | null | undefined) => (d ? d.replace(' ', '-') : 'none');

// A dark-to-bright sequential scale (after viridis/inferno): readable over the pink of jelly and the pale blue
// of ice because the heat is drawn opaque in an outlined inset, and its lightness alone orders the values.
const STOPS: [number, number, number][] = [
  [40, 11, 84],
  [101, 21, 110],
  [159, 42, 99],
  [212, 72, 66],
  [245, 125, 21],
  [250, 193, 39],
  [252, 255, 164],
];

/** The scale's colour at t (0..1). */
export function heatColor(t: number): string {
  const x = Math.max(0, Math.min(1, t)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x)), f = x - i;
  const c = STOPS[i].map((v, k) => Math.round(v + (STOPS[i + 1][k] - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** A CSS gradient of the whole scale, for the legend. */
export const HEAT_GRADIENT = `linear-gradient(to right, ${STOPS.map((_, i) => heatColor(i / (STOPS.length - 1))).join(', ')})`;
