// A tuning's changes and bounds in the designer's language (the Tune dialog and the pack review share them).
// The keys live in the tune dialog's and pack tuning's catalogue parts: the components that call these load them.
import { LEVERS, type Lever } from '../../core/facts.ts';
import type { Bounds } from '../../core/tune/bounds.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import tuneDialogStrings from '../../i18n/catalog/lazy/tuneDialog.ts'; // the change words (a game level's too)
addCatalogPart(tuneDialogStrings);

const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

/**
 * "moves 22 → 18", "ice layers +1", … On a level of a workspace game a blocker lever's change names the
 * elements it turned (`names`, as the designer wrote them): "Meringue hit points +1".
 */
export function changeText(c: { lever: string; from: number; to: number }, names?: string): string {
  const to = c.lever === 'ice' || c.lever === 'jelly' || c.lever === 'crates' ? signed(c.to) : c.to;
  if (names) {
    const key = c.lever === 'crates' ? 'tune.change.gameHp' : c.lever === 'chains' ? 'tune.change.gameRemoved' : 'tune.change.gameLayers';
    return t(key, { names, from: c.from, to });
  }
  return t('tune.change.' + c.lever, { from: c.from, to });
}

/** "moves 16–29, colours 3–5" for the levers given. */
export function boundsWords(b: Bounds, levers: readonly Lever[] = LEVERS): string {
  const obstacle = (l: Lever) => l === 'ice' || l === 'jelly' || l === 'crates';
  return levers
    .flatMap((l) => {
      const r = b[l];
      if (!r) return [];
      return [t('ptune.b.' + l, { from: obstacle(l) ? signed(r.from) : r.from, to: obstacle(l) ? signed(r.to) : r.to })];
    })
    .join(', ');
}
