// A game's levels written again after its definition changed (src/stores/games.svelte.ts), loaded
// with the first game change: new summaries (the game's play hash is in a level's hash, so reports
// read as measured on an older game); a level whose content changed is what memory and the editor
// show from now on.
import { summarize } from '../core/catalogue/summary.ts';
import type { LevelT } from '../core/level/index.ts';
import type { Storage } from '../db/storageTypes.ts';
import type { CatalogueStore } from './catalogue.svelte.ts';
import type { EditorStore } from './editor.svelte.ts';

/** What it needs of the workspace. */
export interface GameLevelsHost {
  readonly storage: Storage | null;
  readonly catalogue: CatalogueStore;
  readonly editor: EditorStore;
  readonly cache: Map<string, LevelT>;
  remember(level: LevelT): void;
}

export async function writeGameLevels(ws: GameLevelsHost, levels: readonly LevelT[]) {
  if (!levels.length) return;
  const summaries = ws.storage ? await ws.storage.putLevels(levels) : levels.map((l) => summarize(l));
  ws.catalogue.putMany(summaries);
  for (const l of levels) {
    if (ws.cache.has(l.id)) ws.remember(l);
    const open = ws.editor.level;
    if (open?.id !== l.id) continue;
    // the open level is shown as written: the game change is its own step of the toolbar's Undo, not
    // one of the level's history (undoing it there would leave the level out of step with its game)
    ws.editor.showWritten({ ...l });
  }
}
