// Why a tuning missed its band: a catalogue key with parameters. The English lives here (the model, the
// CLI and the log read it); the studio's catalogue holds the same keys in each language. No imports: the
// studio's words of a tuning's result load this (src/i18n/catalog/lazy/tuneReasons.ts), the search itself
// loads on first use.

/**
 * Why the band was missed, as a catalogue key with its parameters: the English text (for the model,
 * the CLI and the log) comes from REASON_TEXT, the designer's language from the studio's catalogue
 * under the same key. Tiers and levers are passed as catalogue keys ("@tier.average").
 */
export interface TuneReason {
  key: string;
  params: Record<string, string | number>;
  /** The levers, each a catalogue key (tune.lever.*). */
  list: { key: string }[];
}

/** The English of each reason (the studio's catalogue holds the same keys in every language). */
export const REASON_TEXT: Record<string, string> = {
  'tune.reason.budget': 'the game budget ({budget}) ran out; the closest level found wins {est} (target {target} ± {tol})',
  'tune.reason.confirm': 'the search’s own games put it inside {lo}–{hi} ({search}), but the confirmation on fresh games measured {after}; run it again or widen the tolerance',
  'tune.reason.jump': 'on the search’s games the win rate jumps from {a} at {m} moves to {b} at {m1}: no move limit lands in {lo}–{hi} and the other levers ({list}) did not bridge it; allow more levers (obstacles, objective_counts)',
  'tune.reason.hardObjective': 'even with {moves} moves the {tier} bot wins {est} with the levers {list}: {objective} is the bottleneck (left incomplete in {share} of lost games)',
  'tune.reason.hardObjectiveAt': 'at the level’s {moves} moves (Moves was not a lever) the {tier} bot wins {est} with the levers {list}: {objective} is the bottleneck (left incomplete in {share} of lost games); allow Moves, or more levers',
  'tune.reason.hard': 'even with {moves} moves the {tier} bot wins {est} with the levers {list}: no lever left makes it easier',
  'tune.reason.hardAt': 'at the level’s {moves} moves (Moves was not a lever) the {tier} bot wins {est} with the levers {list}: no lever left makes it easier; allow Moves, or more levers',
  'tune.reason.easy': 'even with {moves} moves the {tier} bot wins {est}: the level is too easy for the levers {list}',
  'tune.reason.bounds': 'the bounds ({bounds}) stop it: the closest level inside them wins {est} with the levers {list} (target {target} ± {tol}); widen the bounds to go further',
  'tune.reason.closest': 'the closest level found wins {est} with the levers {list} (target {target} ± {tol})',
};

/** A reason in English: the template filled, catalogue-key parameters written as their plain names. */
export function reasonText(r: TuneReason): string {
  const plain = (v: string | number) => (typeof v === 'string' && v.startsWith('@') ? v.slice(v.lastIndexOf('.') + 1) : String(v));
  const params: Record<string, string> = { list: r.list.map((l) => l.key.slice(l.key.lastIndexOf('.') + 1)).join(', ') };
  for (const [k, v] of Object.entries(r.params)) params[k] = plain(v);
  return REASON_TEXT[r.key].replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);
}
