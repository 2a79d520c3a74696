// The layout tools' code and words (RULES §12.3: the Wall, Portal, Belt, Spawn and Hidden tools, their
// registry bodies, their notices and §12's reasons), loaded together where the level or its game is
// version 2 — the palette asks for them — never with the first page (docs/performance.md, "First load").
import { loadLayoutTools } from '../core/tools/registry.ts';
import { loadWords } from './words.ts';

type Module = typeof import('./layoutTools.svelte.ts');

class LayoutLoad {
  /** The tools' state machine, once loaded (null before). */
  module = $state.raw<Module | null>(null);
}
export const layoutLoad = new LayoutLoad();

let loading: Promise<void> | undefined;
/** Loads them once; a failed load (offline before the service worker had the files) is tried again next time. */
export function loadLayoutEditing(): Promise<void> {
  return (loading ??= Promise.all([import('./layoutTools.svelte.ts'), loadLayoutTools(), loadWords('layoutTools')])
    .then(([m]) => {
      layoutLoad.module = m;
    })
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}
