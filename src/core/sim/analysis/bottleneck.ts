// What stops players: the objective most often left open in lost games, where its stuff stays,
// and changes whose effect can be read off the simulated win-rate curve.
import { describeObjective, type LevelT } from '../../level/index.ts';
import type { Tier } from '../bots/types.ts';
import { objectiveUnit } from '../objectives.ts';
import type { SimCounts } from './counts.ts';
import { winRateAt } from './summary.ts';

export interface Suggestion {
  kind: 'moves' | 'objective' | 'cells';
  text: string;
  /** true when the effect was simulated (read off the curve); false for a hint to check with a new analysis. */
  simulated: boolean;
  from?: number;
  to?: number;
  winRateFrom?: number;
  winRateTo?: number;
}

export interface Bottleneck {
  tier: Tier;
  games: number;
  lostGames: number;
  winRate: number;
  /** null when no game was lost. */
  objective: {
    index: number;
    description: string;
    unit: string;
    /** Share of lost games in which it was incomplete. */
    incompleteRate: number;
    /** Average units short in lost games, and the average share done. */
    avgShort: number;
    avgProgress: number;
  } | null;
  /** Cells where objective stuff is most often left in lost games (per lost game). */
  stallCells: { x: number; y: number; leftPerLoss: number }[];
  suggestions: Suggestion[];
}

const pct = (r: number) => `${Math.round(r * 100)}%`;
const BANDS = [0.05, 0.25, 0.5, 0.8];

/** Uses the average tier's counts when given, else the first. */
export function bottleneck(level: LevelT, list: readonly SimCounts[]): Bottleneck {
  const c = list.find((x) => x.tier === 'average') ?? list[0];
  if (!c) throw new Error('bottleneck: no counts');
  const lost = c.games - c.wins, L = c.moveLimit;
  const rate = c.games ? c.wins / c.games : 0;
  let objective: Bottleneck['objective'] = null;
  if (lost > 0) {
    let best = -1;
    for (let k = 0; k < c.objectives; k++) {
      const score = c.objIncompleteOnLoss[k] + (c.objTotalOnLoss[k] ? 1 - c.objDoneOnLoss[k] / c.objTotalOnLoss[k] : 0);
      if (best < 0 || score > c.objIncompleteOnLoss[best] + (c.objTotalOnLoss[best] ? 1 - c.objDoneOnLoss[best] / c.objTotalOnLoss[best] : 0)) best = k;
    }
    const o = level.objectives[best];
    objective = {
      index: best,
      description: o ? describeObjective(o) : `objective ${best}`,
      unit: o ? objectiveUnit(o) : 'units',
      incompleteRate: c.objIncompleteOnLoss[best] / lost,
      avgShort: (c.objTotalOnLoss[best] - c.objDoneOnLoss[best]) / lost,
      avgProgress: c.objTotalOnLoss[best] ? c.objDoneOnLoss[best] / c.objTotalOnLoss[best] : 1,
    };
  }
  const stallCells: Bottleneck['stallCells'] = [];
  if (lost > 0) {
    const order = c.heatLeft.map((v, i) => [v, i] as const).filter(([v]) => v > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [v, i] of order.slice(0, 6)) stallCells.push({ x: i % c.width, y: Math.floor(i / c.width), leftPerLoss: v / lost });
  }

  const suggestions: Suggestion[] = [];
  if (c.curveMax > L && c.games > 0) {
    if (rate < 0.8) {
      // fewest extra moves that reach the next difficulty band up (or the most the curve knows)
      const target = BANDS.find((t) => t > rate) ?? 0.8;
      let to = -1;
      for (let m = L + 1; m <= c.curveMax; m++)
        if (winRateAt(c, m) >= target) {
          to = m;
          break;
        }
      if (to < 0) {
        const best = winRateAt(c, c.curveMax);
        if (best > rate) to = c.curveMax;
      }
      if (to > 0) {
        const r = winRateAt(c, to);
        suggestions.push({
          kind: 'moves', simulated: true, from: L, to, winRateFrom: rate, winRateTo: r,
          text: `moves ${L} → ${to} raises the win rate from ${pct(rate)} to ${pct(r)}`,
        });
      } else {
        suggestions.push({
          kind: 'moves', simulated: true, from: L, to: c.curveMax, winRateFrom: rate, winRateTo: rate,
          text: `even ${c.curveMax} moves leave the win rate at ${pct(rate)}: more moves alone will not fix it`,
        });
      }
    } else {
      // easy: the most moves that still bring it down to medium
      let to = -1;
      for (let m = L - 1; m >= Math.ceil(L / 2) && m >= 1; m--)
        if (winRateAt(c, m) < 0.8) {
          to = m;
          break;
        }
      if (to > 0) {
        const r = winRateAt(c, to);
        suggestions.push({
          kind: 'moves', simulated: true, from: L, to, winRateFrom: rate, winRateTo: r,
          text: `moves ${L} → ${to} lowers the win rate from ${pct(rate)} to ${pct(r)}`,
        });
      }
    }
  }
  if (objective && rate < 0.8) {
    const o = level.objectives[objective.index];
    if (o?.type === 'collect' && objective.avgShort >= 1) {
      const to = Math.max(1, o.count - Math.ceil(objective.avgShort));
      suggestions.push({
        kind: 'objective', simulated: false, from: o.count, to,
        text: `collect ${o.color} ${o.count} → ${to} (lost games end ${objective.avgShort.toFixed(1)} short on average; not simulated, re-run analyze_level)`,
      });
    } else if (o?.type === 'score' && objective.avgShort >= 1) {
      const to = Math.max(1, Math.round((o.target - objective.avgShort) / 10) * 10);
      suggestions.push({
        kind: 'objective', simulated: false, from: o.target, to,
        text: `score target ${o.target} → ${to} (not simulated, re-run analyze_level)`,
      });
    } else if (stallCells.length) {
      const cells = stallCells.slice(0, 3).map((s) => `(${s.x}, ${s.y})`).join(', ');
      suggestions.push({
        kind: 'cells', simulated: false,
        text: `${objective.description} stalls at ${cells}: lighten those cells (fewer layers, or put a rocket or bomb next to them); not simulated`,
      });
    }
  }
  return { tier: c.tier, games: c.games, lostGames: lost, winRate: rate, objective, stallCells, suggestions };
}
