// The workspace's games (RULES §11): the game definitions stored with the levels (src/db: table
// `games`), registered in the runtime registry (src/core/game/known.ts) as they load and change, so
// the simulator, the analysis workers and the level model find them. Classic is built in: it is
// never stored, edited or removed (a copy under another id is). The operations return what happened
// in data (which levels break, and why); the UI words it.
import { CLASSIC_GAME } from '../core/game/classic.ts';
import { forgetGames, registerGames } from '../core/game/known.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import type { LevelT } from '../core/level/index.ts';
import type { OuterNext } from './editor.svelte.ts';

import type { BrokenLevel, GameResult, GameStep, GamesHost } from './gameTypes.ts';
export type { BrokenLevel, GameRefusal, GameResult, GameStep, GamesHost } from './gameTypes.ts';

// the operations that change games (validation, re-checking levels) load on first use (first-load budget)
const loadOps = () => import('./gameChanges.ts');

export class GamesStore {
  /** The workspace's stored games, in the order they were first stored (classic not among them). */
  list = $state.raw<GameDef[]>([]);
  /** A request to open the game editor for a game (the level properties' `Edit game`); the dialog clears it. */
  editRequest = $state.raw<{ id: string; seq: number } | null>(null);
  private seq = 0;
  /** Game changes, for undo and redo (each one step: the definition and the levels it changed); gameChanges.ts keeps them. */
  readonly done: GameStep[] = [];
  readonly undone: GameStep[] = [];
  /** Labels of the next undo and redo (null: nothing to undo or redo). */
  history = $state.raw<{ undo: string | null; redo: string | null }>({ undo: null, redo: null });

  constructor(readonly host: GamesHost) {}

  /** Classic first, then the workspace's games: what a level's `Game` select offers. */
  get all(): GameDef[] {
    return [CLASSIC_GAME, ...this.list];
  }

  /** A game of the workspace or classic; undefined when unknown. */
  byId(id: string): GameDef | undefined {
    return id === CLASSIC_ID ? CLASSIC_GAME : this.list.find((g) => g.id === id);
  }

  /** Reads the stored games and registers them (the workspace calls it before reading the catalogue). */
  async load(): Promise<void> {
    const stored = (await this.host.storage()?.games.list().catch(() => [])) ?? [];
    this.adopt(stored);
  }

  /** Takes `games` as the workspace's whole list (a load, another tab's write): the registry follows. */
  adopt(games: readonly GameDef[]) {
    const gone = this.list.filter((g) => !games.some((n) => n.id === g.id)).map((g) => g.id);
    if (gone.length) forgetGames(gone);
    if (games.length) registerGames(games);
    this.list = [...games];
  }

  /** Asks for the game editor on game `id` (the dialog, when it exists, watches editRequest). */
  requestEdit(id: string) {
    this.editRequest = { id, seq: ++this.seq };
  }

  /** Stores games that came with a file (already validated), replacing stored ones of the same ids. */
  async add(defs: readonly GameDef[]): Promise<void> {
    const own = defs.filter((d) => d.id !== CLASSIC_ID);
    if (!own.length) return;
    await this.host.storage()?.games.put(own);
    const merged = [...this.list.filter((g) => !own.some((d) => d.id === g.id)), ...own];
    const order = [...this.list.map((g) => g.id), ...own.map((d) => d.id).filter((id) => !this.list.some((g) => g.id === id))];
    this.adopt(order.map((id) => merged.find((g) => g.id === id)!));
  }

  /** A new game of the workspace (a valid definition whose id is not used yet). */
  async create(def: GameDef): Promise<GameResult> {
    return (await loadOps()).create(this, def);
  }

  /** A copy of a game (classic included) under a new id and name: the way to start from classic. */
  async duplicate(sourceId: string, id: string, name: string): Promise<GameResult> {
    const src = this.byId(sourceId);
    if (!src) return { ok: false, reason: 'unknown', id: sourceId };
    return this.create({ ...structuredClone($state.snapshot(src) as GameDef), id, name });
  }

  /** The ids and names of the levels that play game `id` (from the catalogue's summaries). */
  levelsOf(id: string): { id: string; name: string }[] {
    const out: { id: string; name: string }[] = [];
    for (const s of this.host.summaries()) if ((s.game ?? CLASSIC_ID) === id) out.push({ id: s.id, name: s.name });
    return out;
  }

  /** The levels of `def.id` that would not fit `def` (each with its problems); empty when all fit. */
  async check(def: GameDef, levels?: readonly LevelT[]): Promise<BrokenLevel[]> {
    return (await loadOps()).check(this, def, levels);
  }

  /**
   * Changes a game of the workspace as one undo step. Its levels are checked against the new
   * definition first: when any would break, nothing is saved and they come back with their reasons
   * (`reason: 'breaks'`). `replace` maps an element id (a removed one) to another element of the new
   * definition in the game's levels (cells, spawn, objectives), as part of the same step.
   */
  async update(def: GameDef, opts: { replace?: Record<string, string>; label?: string } = {}): Promise<GameResult> {
    return (await loadOps()).update(this, def, opts);
  }

  /** Takes back the last game change (its definition and its levels). False when there is none or it was refused. */
  async undo(): Promise<boolean> {
    return (await this.step('undo'))?.ok === true;
  }

  /** Brings the last undone game change back. */
  async redo(): Promise<boolean> {
    return (await this.step('redo'))?.ok === true;
  }

  /** Undo or redo with the outcome: null when there is nothing to do; a refusal names the levels in the way. */
  async step(way: 'undo' | 'redo'): Promise<GameResult | null> {
    return (await loadOps()).step(this, way);
  }

  /** The next undo and redo with their places in the workspace's order of steps (the toolbar's Undo compares them with the open level's). */
  get next(): OuterNext {
    const h = this.history;
    return {
      undo: h.undo === null ? null : { label: h.undo, seq: this.done.at(-1)?.seq ?? 0 },
      redo: h.redo === null ? null : { label: h.redo, seq: this.undone.at(-1)?.undoneSeq ?? 0 },
    };
  }

  /** Removes a game no level plays (refused, with the levels' names, while any does). */
  async remove(id: string): Promise<GameResult> {
    if (id === CLASSIC_ID) return { ok: false, reason: 'classic' };
    const game = this.byId(id);
    if (!game) return { ok: false, reason: 'unknown', id };
    const used = this.levelsOf(id);
    if (used.length) return { ok: false, reason: 'used', levels: used };
    await this.host.storage()?.games.remove([id]);
    this.adopt(this.list.filter((g) => g.id !== id));
    return { ok: true, game, changedLevels: 0 };
  }
}
