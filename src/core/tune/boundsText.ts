// Bounds in words ("moves 16–29, colours 3–5") for tune_level's result, the CLI and the log. No runtime
// imports: the tool registry (first load) uses it, the bounds' logic (bounds.ts) loads with the search.
import type { Lever } from '../facts.ts';

type Range = { from: number; to: number };
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

const UNIT: Record<Lever, (r: Range) => string> = {
  moves: (r) => `moves ${r.from}–${r.to}`,
  colors: (r) => `colours ${r.from}–${r.to}`,
  ice: (r) => `ice layers ${signed(r.from)}…${signed(r.to)}`,
  jelly: (r) => `jelly layers ${signed(r.from)}…${signed(r.to)}`,
  crates: (r) => `crate hit points ${signed(r.from)}…${signed(r.to)}`,
  chains: (r) => `chains removed ${r.from}–${r.to}%`,
  objective_counts: (r) => `objective counts ${r.from}–${r.to}%`,
  spawn_chance: (r) => `spawn chances ${r.from}–${r.to}%`,
  spawn_total: (r) => `spawn totals ${r.from}–${r.to}%`,
};

export function boundsText(b: Partial<Record<Lever, Range>>, levers: readonly Lever[]): string {
  return levers.flatMap((l) => (b[l] ? [UNIT[l](b[l]!)] : [])).join(', ');
}
