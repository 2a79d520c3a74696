// The heat map's layers (the report's radio group, the board's overlay): where tiles are hit, what lost
// games leave, and on a version 2 level where countdowns reached 0 in the games they ended.
import type { DeepSummary } from '../../core/sim/analysis/summary.ts';

export type HeatKind = 'off' | 'clears' | 'left' | 'countdown';

/** The grid a layer draws, or null (off, no heat, or a layer this report does not have). */
export function heatGrid(heat: DeepSummary['heat'], kind: HeatKind): number[][] | null {
  if (!heat || kind === 'off') return null;
  if (kind === 'clears') return heat.clearsPerGame;
  if (kind === 'left') return heat.leftPerLoss;
  return heat.countdownPerLoss ?? null;
}
