// The operations that change a workspace's games (src/stores/games.svelte.ts): validated, the game's
// levels re-checked before anything is saved, each change one undo step. Loaded on first use.
import { parseGame } from '../core/game/schema.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { checkLevelAgainstGame, levelHashWith, type LevelT } from '../core/level/index.ts';
import { madeSeq, nextSeq } from '../core/history/index.ts';
import type { BrokenLevel, GameRefusal, GameResult, GameStep, GamesState as GamesStore } from './gameTypes.ts';

/** Validates a definition and returns it canonical, or the problems. */
function validate(def: unknown): { ok: true; game: GameDef } | GameRefusal {
  const r = parseGame(def);
  return r.ok ? r : { ok: false, reason: 'invalid', problems: r.problems };
}

export async function create(store: GamesStore, def: GameDef): Promise<GameResult> {
  if (def.id === CLASSIC_ID) return { ok: false, reason: 'classic' };
  const v = validate(def);
  if (!v.ok) return v;
  if (store.byId(v.game.id)) return { ok: false, reason: 'exists', id: v.game.id };
  await store.add([v.game]);
  return { ok: true, game: v.game, changedLevels: 0 };
}

async function levelsOf(store: GamesStore, id: string): Promise<LevelT[]> {
  const ids = store.levelsOf(id).map((l) => l.id);
  return (await store.host.getLevels(ids)).filter((l): l is LevelT => !!l);
}

export async function check(store: GamesStore, def: GameDef, levels?: readonly LevelT[]): Promise<BrokenLevel[]> {
  const out: BrokenLevel[] = [];
  for (const l of levels ?? (await levelsOf(store, def.id))) {
    const problems = checkLevelAgainstGame(l, def);
    if (problems.length) out.push({ id: l.id, name: l.name, problems });
  }
  return out;
}

export async function update(store: GamesStore, def: GameDef, opts: { replace?: Record<string, string>; label?: string }): Promise<GameResult> {
  if (def.id === CLASSIC_ID) return { ok: false, reason: 'classic' };
  const before = store.byId(def.id);
  if (!before) return { ok: false, reason: 'unknown', id: def.id };
  const v = validate(def);
  if (!v.ok) return v;
  const levelsBefore = await levelsOf(store, def.id);
  const map = opts.replace ?? {};
  const levelsAfter = Object.keys(map).length ? levelsBefore.map((l) => replaceElements(l, map, v.game)) : levelsBefore;
  const broken = await check(store, v.game, levelsAfter);
  if (broken.length) return { ok: false, reason: 'breaks', levels: broken };
  const step: GameStep = { label: opts.label ?? v.game.name, before, after: v.game, levelsBefore, levelsAfter };
  await apply(store, step.after, step.levelsAfter);
  step.seq = madeSeq('game');
  store.done.push(step);
  store.undone.length = 0;
  showHistory(store);
  return { ok: true, game: v.game, changedLevels: levelsAfter.filter((l, i) => l !== levelsBefore[i]).length };
}

/**
 * Undo or redo of the last game change: null when there is none. The step's levels are read as they
 * are now: a level the change rewrote goes back (or forward) only if it is still as the change left
 * it, a level it did not rewrite is kept as it is; then every one must fit the definition the step
 * goes to. When a level was edited since so that it no longer can, nothing is changed and the step
 * stays where it was (`breaks`, naming the levels).
 */
export async function step(store: GamesStore, way: 'undo' | 'redo'): Promise<GameResult | null> {
  const stack = way === 'undo' ? store.done : store.undone;
  const s = stack.at(-1);
  if (!s) return null;
  const [def, from, to] = way === 'undo' ? [s.before, s.levelsAfter, s.levelsBefore] : [s.after, s.levelsBefore, s.levelsAfter];
  const fromDef = way === 'undo' ? s.after : s.before;
  const now = await store.host.getLevels(to.map((l) => l.id));
  const levels: LevelT[] = [];
  const changed: { id: string; name: string }[] = [];
  let rewrites = 0;
  to.forEach((target, i) => {
    const cur = now[i];
    if (!cur) return; // deleted since: nothing to write
    const rewritten = from[i] !== target;
    if (rewritten && levelHashWith(cur, fromDef) !== levelHashWith(from[i], fromDef)) changed.push({ id: cur.id, name: cur.name });
    else levels.push(rewritten ? (rewrites++, { ...target, name: cur.name }) : cur);
  });
  if (changed.length) return { ok: false, reason: 'changed', levels: changed };
  const broken = await check(store, def, levels);
  if (broken.length) return { ok: false, reason: 'breaks', levels: broken };
  stack.pop();
  await apply(store, def, levels);
  if (way === 'undo') {
    s.undoneSeq = nextSeq();
    store.undone.push(s);
  } else {
    s.seq = nextSeq();
    store.done.push(s);
  }
  showHistory(store);
  return { ok: true, game: def, changedLevels: rewrites };
}

function showHistory(store: GamesStore) {
  store.history = { undo: store.done.at(-1)?.label ?? null, redo: store.undone.at(-1)?.label ?? null };
}

/** Stores and registers a definition (no checks), then writes its levels again. */
async function apply(store: GamesStore, def: GameDef, levels: readonly LevelT[]) {
  await store.host.storage()?.games.put([def]);
  store.adopt(store.list.some((g) => g.id === def.id) ? store.list.map((g) => (g.id === def.id ? def : g)) : [...store.list, def]);
  await store.host.writeGameLevels(levels);
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

