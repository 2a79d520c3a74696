// The pack curve in players' terms: each level's players' pass rate (their own where there is data,
// else the calibration's prediction with its 95% interval) in place of the bot's win rate, the same
// target curve read as players' pass rates, and spikes, dips and off-target levels found on the players'
// figures. Pure: the pack view draws it with the same chart and the same table.
import { flagsOf, type PackRow } from '../pack/curve.ts';
import type { PlayerFigures } from './player.ts';

export interface PlayerPackRow extends PackRow {
  /** True: the players' own rate; false: a prediction; null: no figure. */
  measured: boolean | null;
}

export function playerRows(rows: readonly PackRow[], figuresOf: (id: string) => (PlayerFigures & { measured: boolean }) | null, tolerance: number): PlayerPackRow[] {
  const figures = rows.map((r) => figuresOf(r.id));
  const flags = flagsOf(figures.map((f) => f?.passRate ?? null));
  return rows.map((r, i) => {
    const f = figures[i];
    return {
      ...r,
      winRate: f?.passRate ?? null,
      low: f?.low ?? null,
      high: f?.high ?? null,
      staleWinRate: null,
      flag: flags[i],
      offTarget: r.target !== null && !!f && Math.abs(f.passRate - r.target) > tolerance,
      measured: f ? f.measured : null,
    };
  });
}
