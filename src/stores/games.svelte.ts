// The workspace's games (RULES §11): the game definitions stored with the levels (src/db: table
// `games`), registered in the runtime registry (src/core/game/known.ts) as they load and change, so
// the simulator, the analysis workers and the level model find them. Classic is built in: it is
// never stored, edited or removed (a copy under another id is). The operations return what happened
// in data (which levels break, and why); the UI words it.
import { getContext, setContext } from 'svelte';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import { forgetGames, gameById, registerGames } from '../core/game/known.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import type { LevelProblem, LevelT } from '../core/level/index.ts';
import type { LevelSummary } from '../core/catalogue/summary.ts';
import type { Storage } from '../db/storageTypes.ts';

/** A level a game change would break, with the reasons (the level's problems against the changed game). */
export interface BrokenLevel {
  id: string;
  name: string;
  problems: LevelProblem[];
}

/** Why a game operation was refused. */
export type GameRefusal =
  /** The classic game is built in: it cannot be stored, changed or removed. */
  | { ok: false; reason: 'classic' }
  /** No game with this id is in the workspace. */
  | { ok: false; reason: 'unknown'; id: string }
  /** Creating: a game with this id is already in the workspace. */
  | { ok: false; reason: 'exists'; id: string }
  /** The definition itself is not valid (parseGame's problems). */
  | { ok: false; reason: 'invalid'; problems: LevelProblem[] }
  /** Levels of the game would no longer fit it: nothing was saved. */
  | { ok: false; reason: 'breaks'; levels: BrokenLevel[] }
  /** Removing: levels still play the game. */
  | { ok: false; reason: 'used'; levels: { id: string; name: string }[] };

export type GameResult = { ok: true; game: GameDef; changedLevels: number } | GameRefusal;

/** What the game store needs of the workspace. */
export interface GamesHost {
  storage(): Storage | null;
  /** Every level's summary (the catalogue): a summary carries its level's game. */
  summaries(): Iterable<LevelSummary>;
  getLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]>;
  /**
   * Writes a game's levels again after its definition changed (registered already): their summaries
   * take the game's new play hash, so their reports read as measured on an older game; a level
   * whose content changed (an element replaced) becomes the version memory and the editor show.
   */
  writeGameLevels(levels: readonly LevelT[], label: string): Promise<void>;
}

/** One step of the game history: a game's definition and its levels, before and after. */
export interface GameStep {
  label: string;
  before: GameDef;
  after: GameDef;
  levelsBefore: LevelT[];
  levelsAfter: LevelT[];
}

const loadLevelModel = () => import('../core/level/index.ts');
const loadSchema = () => import('../core/game/schema.ts');

export class GamesStore {
  /** The workspace's stored games, in the order they were first stored (classic not among them). */
  list = $state.raw<GameDef[]>([]);
  /** A request to open the game editor for a game (the level properties' `Edit game`); the dialog clears it. */
  editRequest = $state.raw<{ id: string; seq: number } | null>(null);
  private seq = 0;
  /** Game changes, for undo and redo (each one step: the definition and the levels it changed). */
  private done: GameStep[] = [];
  private undone: GameStep[] = [];
  /** Labels of the next undo and redo (null: nothing to undo or redo). */
  history = $state.raw<{ undo: string | null; redo: string | null }>({ undo: null, redo: null });

  constructor(private readonly host: GamesHost) {}

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

  /** Validates a definition (parseGame) and returns it canonical, or the problems. */
  private async validate(def: unknown): Promise<{ ok: true; game: GameDef } | GameRefusal> {
    const { parseGame } = await loadSchema();
    const r = parseGame(def);
    return r.ok ? r : { ok: false, reason: 'invalid', problems: r.problems };
  }

  /** A new game of the workspace (a valid definition whose id is not used yet). */
  async create(def: GameDef): Promise<GameResult> {
    if (def.id === CLASSIC_ID) return { ok: false, reason: 'classic' };
    const v = await this.validate(def);
    if (!v.ok) return v;
    if (this.byId(v.game.id)) return { ok: false, reason: 'exists', id: v.game.id };
    await this.add([v.game]);
    return { ok: true, game: v.game, changedLevels: 0 };
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
    const { checkLevelAgainstGame } = await loadLevelModel();
    const list = levels ?? (await this.readLevelsOf(def.id));
    const out: BrokenLevel[] = [];
    for (const l of list) {
      const problems = checkLevelAgainstGame(l, def);
      if (problems.length) out.push({ id: l.id, name: l.name, problems });
    }
    return out;
  }

  private async readLevelsOf(id: string): Promise<LevelT[]> {
    const ids = this.levelsOf(id).map((l) => l.id);
    return (await this.host.getLevels(ids)).filter((l): l is LevelT => !!l);
  }

  /**
   * Changes a game of the workspace as one undo step. Its levels are checked against the new
   * definition first: when any would break, nothing is saved and they come back with their reasons.
   * `replace` maps a removed (or any) element id to another element of the new definition in the
   * game's levels (cells, spawn, objectives), as part of the same step.
   */
  async update(def: GameDef, opts: { replace?: Record<string, string>; label?: string } = {}): Promise<GameResult> {
    if (def.id === CLASSIC_ID) return { ok: false, reason: 'classic' };
    const before = this.byId(def.id);
    if (!before) return { ok: false, reason: 'unknown', id: def.id };
    const v = await this.validate(def);
    if (!v.ok) return v;
    const levelsBefore = await this.readLevelsOf(def.id);
    const levelsAfter = opts.replace && Object.keys(opts.replace).length ? levelsBefore.map((l) => replaceElements(l, opts.replace!, v.game)) : levelsBefore;
    const broken = await this.check(v.game, levelsAfter);
    if (broken.length) return { ok: false, reason: 'breaks', levels: broken };
    const step: GameStep = { label: opts.label ?? v.game.name, before, after: v.game, levelsBefore, levelsAfter };
    await this.apply(step.after, step.levelsAfter, step.label);
    this.done.push(step);
    this.undone = [];
    this.showHistory();
    return { ok: true, game: v.game, changedLevels: levelsAfter.filter((l, i) => l !== levelsBefore[i]).length };
  }

  /** Takes back the last game change (its definition and its levels). False when there is none. */
  async undo(): Promise<boolean> {
    const step = this.done.pop();
    if (!step) return false;
    await this.apply(step.before, step.levelsBefore, step.label);
    this.undone.push(step);
    this.showHistory();
    return true;
  }

  /** Brings the last undone game change back. */
  async redo(): Promise<boolean> {
    const step = this.undone.pop();
    if (!step) return false;
    await this.apply(step.after, step.levelsAfter, step.label);
    this.done.push(step);
    this.showHistory();
    return true;
  }

  private showHistory() {
    this.history = { undo: this.done.at(-1)?.label ?? null, redo: this.undone.at(-1)?.label ?? null };
  }

  /** Stores and registers a definition (no checks), then writes its levels again. */
  private async apply(def: GameDef, levels: readonly LevelT[], label: string) {
    await this.host.storage()?.games.put([def]);
    this.adopt(this.list.some((g) => g.id === def.id) ? this.list.map((g) => (g.id === def.id ? def : g)) : [...this.list, def]);
    await this.host.writeGameLevels(levels, label);
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

  /** The game of a new level in pack `levelIds` (its first level's game, else classic). */
  gameForNewLevel(levelIds: readonly string[], summaries: ReadonlyMap<string, LevelSummary>): string {
    const first = levelIds.find((id) => summaries.has(id));
    const game = first ? summaries.get(first)?.game : undefined;
    return game && gameById(game) ? game : CLASSIC_ID;
  }
}

/**
 * Level `l` with element ids replaced (`map`: old id → new id) wherever a level names an element:
 * a cell's tile, cover and ground, spawn entries and objectives. A replaced tile starts at the new
 * element's full hit points; a replaced cover or ground keeps its layers up to the new element's
 * (`game`: the definition the new ids belong to). The same object when nothing changed.
 */
export function replaceElements(l: LevelT, map: Record<string, string>, game?: GameDef): LevelT {
  let changed = false;
  const hpOf = (id: string) => game?.elements.find((e) => e.id === id)?.hp ?? 1;
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string' && Object.hasOwn(map, v)) return (changed = true), map[v];
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'id' || k === 'name' ? x : swap(x)]));
    return v;
  };
  const cell = (c: LevelT['cells'][number][number]) => {
    let out = c;
    if (c.tile !== undefined && Object.hasOwn(map, c.tile)) {
      const { hp: _hp, ...rest } = c;
      out = { ...rest, tile: map[c.tile] as typeof c.tile };
    }
    for (const k of ['cover', 'ground'] as const) {
      const part = out[k] as { type: string; layers?: number } | undefined;
      if (!part || !Object.hasOwn(map, part.type)) continue;
      const type = map[part.type];
      const layers = part.layers === undefined ? undefined : Math.min(part.layers, hpOf(type));
      out = { ...out, [k]: { ...part, type, ...(layers === undefined ? {} : { layers }) } };
    }
    if (out !== c) changed = true;
    return out;
  };
  const cells = l.cells.map((row) => row.map(cell));
  const objectives = swap(l.objectives) as LevelT['objectives'];
  const spawn = l.spawn ? (swap(l.spawn) as LevelT['spawn']) : undefined;
  if (!changed) return l;
  return { ...l, cells, objectives, ...(spawn ? { spawn } : {}) };
}

const KEY = Symbol('games');
export const createGames = (host: GamesHost) => new GamesStore(host);
export const provideGames = (store: GamesStore) => setContext(KEY, store);
export const useGames = (): GamesStore => getContext<GamesStore>(KEY);
