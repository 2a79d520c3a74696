// Which of a game's elements tune_level's blocker levers turn (RULES §11, docs/games.md "Tuning a level
// of your game"). Chosen by element data — layer, hit points, damage — never by name, so the classic
// game's four blockers are found exactly as any game's elements are:
//   ice     every cover of several layers that some event damages: layers added or taken off
//   jelly   every ground of several layers that some event damages: layers added or taken off
//   crates  every tile element of several hit points that some event damages (not an item): hp added or taken off
//   chains  every cover of one layer: a share of the cells under it uncovered, top rows first
// The lever names are the tuning's own (the dialog, the CLI, tune_level's arguments) and stay the same in
// every game; what each one turns on a level is the list below.
import { elementsOn, hpOf } from './elements.ts';
import { DEFAULT_DAMAGE, type BlockerLever, type ElementDef, type GameDef, type Layer } from './types.ts';

// (the ids themselves are in types.ts, so facts.ts's LEVERS reads them without this module)
export { BLOCKER_LEVERS, type BlockerLever } from './types.ts';

/** The layer each blocker lever reaches, and whether it changes layers/hp (`several`) or removes one-layer covers. */
export const BLOCKER_LEVER_KINDS: Record<BlockerLever, { layer: Layer; several: boolean }> = {
  ice: { layer: 'cover', several: true },
  chains: { layer: 'cover', several: false },
  jelly: { layer: 'ground', several: true },
  crates: { layer: 'tile', several: true },
};

/** Whether some event takes a hit or a layer off the element (an item takes none, whatever its list says). */
export function damageable(e: ElementDef): boolean {
  return !e.exit && (e.damage ?? DEFAULT_DAMAGE[e.layer]).length > 0;
}

/** The elements of game `g` that `lever` turns, in the definition's order. */
export function leverElements(g: GameDef, lever: BlockerLever): ElementDef[] {
  const { layer, several } = BLOCKER_LEVER_KINDS[lever];
  return elementsOn(g, layer).filter((e) => (several ? hpOf(e) > 1 && damageable(e) : hpOf(e) === 1));
}
