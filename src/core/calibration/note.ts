// What the copilot's analysis tools add when a players' calibration exists: the predicted player
// figures, in the tool's text (for the model) and its data (for the chat and the UI).
import type { SimCounts } from '../sim/analysis/counts.ts';
import type { FittedModel } from './fit.ts';
import { playerFiguresOf, type PlayerFigures } from './player.ts';

const pc = (x: number) => `${(x * 100).toFixed(0)}%`;

export function playersNote(model: FittedModel | null | undefined, counts: readonly SimCounts[]): { text: string; data: { player?: PlayerFigures } } {
  const player = playerFiguresOf(model ?? null, Object.fromEntries(counts.map((c) => [c.tier, c])));
  if (!player) return { text: '', data: {} };
  return {
    text: `\n\nPlayers (a prediction from the studio's calibration to this game's players, not a measurement): about ${pc(player.passRate)} of attempts pass, 95% prediction interval ${pc(player.low)}–${pc(player.high)}, ${player.attemptsPerSuccess.toFixed(1)} attempts per success.`,
    data: { player },
  };
}
