// Objectives no play can meet because their element is never hit (RULES §1 Warnings, §11.2 Hits and
// Exits, §12.2 effects and gates): a `collect` of an element nothing on the level hits or credits, a
// `clear` of one that stays (an item with no exit cell among them), a `cover` whose ground can never
// reach a cell held by a piece that is never hit and never moves. "Never hit" reads the game's data
// only: an element's damage list as it plays (items none, coloured pieces match and blast), which of
// its events can happen on the level (an `effect` only from an element of the level that can itself
// be hit, a cover's `match` not under `blocksMatch`), and a gate that some hittable piece can open.
// Conservative: a warning only where no sequence of moves could meet the objective.
import type { ProblemDetail } from './basics.ts';
import type { DamageEvent, ElementDef, GameDef } from '../game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../game/classic.ts';
import { damageOf } from '../game/elements.ts';
import { cellName } from '../cellName.ts';

export interface NeverHitWarning {
  code: 'objective_unmeetable';
  path: string;
  message: string;
  detail: ProblemDetail;
}

type Cell = { tile?: string; cover?: { type: string } | null; ground?: { type: string } | null; exit?: boolean };

/** What these checks read of a level. */
export interface NeverHitLevel {
  cells: Cell[][];
  spawn?: { element: string }[];
  spawners?: { spawn: { element: string }[] }[];
  belts?: { cells: [number, number][] }[];
  objectives: { type: string; element?: string; ground?: string; cover?: string; count?: number }[];
}

/** The elements that can be on the level: painted, spawned, and emitted by any of those (to a fixed point). */
export function elementsOfLevel(l: Pick<NeverHitLevel, 'cells' | 'spawn' | 'spawners'>, byId: ReadonlyMap<string, ElementDef>): Set<string> {
  const out = new Set<string>();
  for (const row of l.cells) for (const c of row) for (const id of [c.tile, c.cover?.type, c.ground?.type]) if (id && byId.has(id)) out.add(id);
  for (const s of [...(l.spawn ?? []), ...(l.spawners ?? []).flatMap((sp) => sp.spawn)]) out.add(s.element);
  const queue = [...out];
  while (queue.length) {
    const emitted = byId.get(queue.pop()!)?.emit?.element;
    if (emitted && !out.has(emitted)) (out.add(emitted), queue.push(emitted));
  }
  return out;
}

const effectsOf = (e: ElementDef) => [...(e.onHit ?? []), ...(e.onDestroy ?? [])];

/**
 * The elements of `game` that can take a hit on a level where `present` can be: to a fixed point, an
 * element is hit by one of its events that can happen — `effect` once a hittable element of the level
 * deals one that reaches it (`hit_neighbours` reaches any cell, `hit_all` its element's cells and what
 * shares them; `hit_linked` only spreads a hit its own element already took) —, or, gated, once a
 * hittable element of the level ticks its counter.
 */
export function hittableElements(game: GameDef, present: ReadonlySet<string>): Set<string> {
  const byId = new Map(game.elements.map((e) => [e.id, e]));
  const hit = new Set<string>();
  const ticked = new Set<string>();
  const hitAll = new Set<string>();
  let neighbours = false;
  const reachedByEffect = (e: ElementDef) => neighbours || [...hitAll].some((x) => x === e.id || (present.has(x) && byId.get(x)?.layer !== e.layer));
  const happens = (e: ElementDef, ev: DamageEvent) => (ev === 'effect' ? reachedByEffect(e) : !(ev === 'match' && e.layer === 'cover' && e.blocksMatch));
  const canBeHit = (e: ElementDef) => (e.gate ? ticked.has(e.gate.counter) : damageOf(e).some((ev) => happens(e, ev)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of game.elements) {
      if (hit.has(e.id) || !canBeHit(e)) continue;
      hit.add(e.id);
      grew = true;
      if (!present.has(e.id)) continue;
      for (const fx of effectsOf(e)) {
        if (fx.do === 'tick') ticked.add(fx.counter);
        else if (fx.do === 'hit_neighbours') neighbours = true;
        else if (fx.do === 'hit_all') hitAll.add(fx.element);
      }
    }
  }
  return hit;
}

/** Why `e` is never hit, for the words: its list is empty, its gate never opens, or what it lists never happens here. */
function whyOf(e: ElementDef): { why: 'empty' | 'gate' | 'events'; events: string } {
  if (e.gate) return { why: 'gate', events: '' };
  const events = damageOf(e);
  return events.length ? { why: 'events', events: events.join(', ') } : { why: 'empty', events: '' };
}

const WHY: Record<'empty' | 'gate' | 'events', (events: string) => string> = {
  empty: () => 'its damage list is empty',
  gate: () => 'its gate never opens',
  events: (events) => `it is hit only by ${events}, and nothing on this level deals that`,
};

/** The element an objective asks to clear off the board (§1's spellings included), if any. */
function clearedOf(o: NeverHitLevel['objectives'][number]): string | undefined {
  if (o.type === 'clear') return o.element;
  if (o.type === 'clear_ground') return o.ground;
  if (o.type === 'clear_cover') return o.cover;
  if (o.type === 'clear_crates') return CLEAR_CRATES_ELEMENT;
  return undefined;
}

/** A piece that stays in its cell for good: never hit, no falls, no swaps, not coloured, not an item, not on a belt. */
function staysPut(e: ElementDef | undefined, hit: ReadonlySet<string>, onBelt: boolean): e is ElementDef {
  if (!e || hit.has(e.id) || onBelt) return false;
  if (e.layer === 'tile') return !e.falls && !e.swappable && !e.colored && !e.exit;
  // a cover's tile under it moves only with fallsWithTile (or a belt); under blocksMatch it is in no match group
  return e.layer === 'cover' && !!e.blocksMatch && !e.fallsWithTile;
}

/**
 * The cells that can never get ground `g` (it spreads only through match groups, RULES §11.2): each
 * with the piece that keeps it out — a tile piece or `blocksMatch` cover that stays put (a multi-cell
 * piece: every cell of it), or another ground that is never hit.
 */
function shutOut(l: NeverHitLevel, g: string, byId: ReadonlyMap<string, ElementDef>, hit: ReadonlySet<string>): { x: number; y: number; by: string }[] {
  const belt = new Set((l.belts ?? []).flatMap((b) => b.cells.map(([x, y]) => `${x},${y}`)));
  const by = new Map<string, { x: number; y: number; by: string }>();
  const lacks = (x: number, y: number) => l.cells[y]?.[x] !== undefined && l.cells[y][x].tile !== 'void' && l.cells[y][x].ground?.type !== g;
  const mark = (x: number, y: number, id: string) => lacks(x, y) && !by.has(`${x},${y}`) && by.set(`${x},${y}`, { x, y, by: id });
  l.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      const onBelt = belt.has(`${x},${y}`);
      const tile = c.tile ? byId.get(c.tile) : undefined;
      if (staysPut(tile, hit, onBelt)) {
        const [w, h] = tile.size ?? [1, 1];
        for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) mark(x + dx, y + dy, tile.id);
      }
      if (c.cover && staysPut(byId.get(c.cover.type), hit, onBelt)) mark(x, y, c.cover.type);
      const ground = c.ground ? byId.get(c.ground.type) : undefined;
      if (ground && ground.id !== g && !hit.has(ground.id)) mark(x, y, ground.id);
    }),
  );
  return [...by.values()].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The never-hit warnings of a level (`game`: its game; none when it is not known). */
export function neverHitWarnings(l: NeverHitLevel, game: GameDef | undefined): NeverHitWarning[] {
  if (!game) return [];
  const out: NeverHitWarning[] = [];
  const byId = new Map(game.elements.map((e) => [e.id, e]));
  const present = elementsOfLevel(l, byId);
  const hit = hittableElements(game, present);
  const credited = new Set([...present].filter((id) => hit.has(id)).flatMap((id) => effectsOf(byId.get(id)!).flatMap((fx) => (fx.do === 'credit' ? [fx.element] : []))));
  const cellsWith = (id: string) => l.cells.flatMap((row, y) => row.flatMap((c, x) => ([c.tile, c.cover?.type, c.ground?.type].includes(id) ? [{ x, y }] : [])));
  const hasExit = l.cells.some((r) => r.some((c) => c.exit));
  const add = (path: string, message: string, key: string, params: Record<string, string | number>) => out.push({ code: 'objective_unmeetable', path, message, detail: { key, params } });
  l.objectives.forEach((o, i) => {
    const path = `objectives[${i}]`;
    if (o.type === 'collect' && o.element !== undefined) {
      const e = byId.get(o.element);
      // (an element that cannot be on the level is the count's warning, level.ts's)
      if (e && !e.exit && present.has(e.id) && !hit.has(e.id) && !credited.has(e.id)) {
        const w = whyOf(e);
        add(path, `collect ${o.count} ${e.id}: ${e.id} is never hit on this level (${WHY[w.why](w.events)}), so none can be collected`, 'neverHitCollect', { count: o.count ?? 0, element: e.id, ...w });
      }
    }
    const cleared = clearedOf(o);
    const e = cleared !== undefined ? byId.get(cleared) : undefined;
    const held = e ? cellsWith(e.id) : [];
    if (e && held.length && e.layer === 'tile' && e.exit) {
      if (!hasExit) add(path, `clear ${e.id}: ${e.id} is an item, which leaves only at exits, and no cell is an exit`, 'clearItemNoExit', { element: e.id });
    } else if (e && held.length && !hit.has(e.id)) {
      const w = whyOf(e);
      const cell = cellName(held[0].x, held[0].y);
      add(path, `clear ${e.id}: ${e.id} is never hit on this level (${WHY[w.why](w.events)}), so it stays on ${held.length} cell${held.length > 1 ? 's' : ''} (${cell} first)`, 'neverHitClear', { element: e.id, cells: held.length, cell, ...w });
    }
    const ground = o.type === 'cover' && o.element !== undefined ? byId.get(o.element) : undefined;
    // (a ground that does not spread, or that the board does not have, is level.ts's warning)
    if (ground?.layer === 'ground' && ground.spread === 'through-matches' && cellsWith(ground.id).length) {
      const shut = shutOut(l, ground.id, byId, hit);
      if (shut.length) {
        const first = shut[0], blocker = byId.get(first.by)!;
        const w = whyOf(blocker);
        const cell = cellName(first.x, first.y), more = shut.length - 1;
        add(
          path,
          `cover ${ground.id}: ${cell}${more ? ` and ${more} more cell${more > 1 ? 's' : ''}` : ''} can never get ${ground.id}: the ${blocker.id} there is never hit (${WHY[w.why](w.events)}) and never moves`,
          'neverHitCover',
          { element: ground.id, cell, more, blocker: blocker.id, blockers: 1, ...w },
        );
      }
    }
  });
  return out;
}
