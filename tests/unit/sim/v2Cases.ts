// Random version 2 games and levels of them (RULES §12) for v2Properties.test.ts: elements with keys,
// stoppers, effects, gates, coloured pieces with countdowns, emitters, multi-cell pieces, covers that
// block matching or fall with their tile; levels with belts, portals, walls, spawners and hidden
// rectangles. Every game also holds two witnesses the invariants read: `anvil` (immune, static,
// painted with hp 1..3: it moves only with a belt) and `pebble` (immune, falls: never removed, so
// fall paths and portals must keep every one).
import fc from 'fast-check';
import type { DamageEvent, EffectDef, ElementDef, GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';

export const PALETTE = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
const SPECIALS = ['rocket_h', 'rocket_v', 'bomb', 'rainbow'] as const;
export const COUNTER = 'c';

type Kind = 'block' | 'cover' | 'ground' | 'colored' | 'multi' | 'emitter' | 'gated' | 'item' | 'spreader';
const KINDS: Kind[] = ['block', 'block', 'cover', 'cover', 'ground', 'colored', 'multi', 'emitter', 'gated', 'item', 'spreader'];

const subset = <T,>(all: readonly T[], bits: number): T[] => all.filter((_, k) => bits & (1 << k));
const nonEmpty = <T,>(all: readonly T[], bits: number): T[] => {
  const s = subset(all, bits);
  return s.length ? s : [all[bits % all.length]];
};

const elementArb = (i: number) =>
  fc
    .record({
      kind: fc.constantFrom(...KINDS),
      hp: fc.integer({ min: 1, max: 3 }),
      bits: fc.nat(15),
      flag: fc.nat(63),
      key: fc.constantFrom(...PALETTE.slice(0, 3)),
      effect: fc.constantFrom('none', 'none', 'neighbours', 'linked', 'tick', 'all'),
      countdown: fc.constantFrom(0, 2, 4, 9),
      size: fc.constantFrom<[number, number]>([2, 1], [1, 2], [2, 2]),
      emitWhen: fc.constantFrom('quiet', 'every'),
      every: fc.integer({ min: 1, max: 3 }),
      where: fc.constantFrom('adjacent', 'near', 'board'),
      at: fc.integer({ min: 1, max: 3 }),
    })
    .map((r): { kind: Kind; def: ElementDef; effect: string } => {
      const id = `e${i}`;
      const flag = (k: number) => (r.flag & (1 << k)) !== 0;
      switch (r.kind) {
        case 'block': {
          const e: ElementDef = { id, layer: 'tile', hp: r.hp, damage: nonEmpty(['adjacent', 'blast', 'effect'] as DamageEvent[], r.bits) };
          if (flag(0)) e.falls = true;
          if (flag(1)) e.swappable = true;
          if (flag(2)) e.stopsBlasts = true;
          if (flag(3)) e.key = r.key;
          return { kind: r.kind, def: e, effect: r.effect };
        }
        case 'cover': {
          const e: ElementDef = { id, layer: 'cover', hp: Math.min(r.hp, 2), damage: nonEmpty(['match', 'adjacent', 'blast', 'effect'] as DamageEvent[], r.bits) };
          if (flag(0)) e.blocksMatch = true;
          if (flag(1)) e.fallsWithTile = true;
          if (flag(2)) e.stopsBlasts = true;
          if (flag(3)) e.key = r.key;
          return { kind: r.kind, def: e, effect: r.effect === 'linked' ? 'tick' : r.effect };
        }
        case 'ground': {
          const e: ElementDef = { id, layer: 'ground', hp: Math.min(r.hp, 2), damage: nonEmpty(['cleared', 'blast', 'effect'] as DamageEvent[], r.bits) };
          if (flag(0) && flag(1)) e.spread = 'through-matches';
          return { kind: r.kind, def: e, effect: 'none' };
        }
        case 'colored':
          return { kind: r.kind, def: { id, layer: 'tile', colored: true, ...(r.countdown ? { countdown: r.countdown } : {}) }, effect: r.effect === 'linked' ? 'none' : r.effect };
        case 'multi': {
          const e: ElementDef = { id, layer: 'tile', size: r.size, hp: r.hp * 2, damage: nonEmpty(['adjacent', 'blast', 'effect'] as DamageEvent[], r.bits) };
          if (flag(2)) e.stopsBlasts = true;
          return { kind: r.kind, def: e, effect: r.effect === 'linked' ? 'neighbours' : r.effect };
        }
        case 'emitter': {
          const emit: NonNullable<ElementDef['emit']> = { element: 'gunk', when: r.emitWhen as 'quiet' | 'every', count: 1 + (r.flag % 2), where: r.where as 'adjacent' };
          if (r.emitWhen === 'every') emit.every = r.every;
          return { kind: r.kind, def: { id, layer: 'tile', hp: r.hp, ...(flag(2) ? { damage: [] } : {}), emit }, effect: 'none' };
        }
        case 'gated':
          return { kind: r.kind, def: { id, layer: 'tile', gate: { counter: COUNTER, at: r.at }, ...(flag(0) ? { stopsBlasts: true } : {}) }, effect: r.effect === 'linked' ? 'none' : r.effect };
        case 'item':
          return { kind: r.kind, def: { id, layer: 'tile', falls: true, exit: true }, effect: 'none' };
        case 'spreader':
          return { kind: r.kind, def: { id, layer: 'tile', hp: r.hp, spread: 'when-none-hit' }, effect: 'none' };
      }
    });

export interface V2Game {
  game: GameDef;
  kinds: Map<string, Kind>;
}

let gameIds = 0;
export const v2GameArb: fc.Arbitrary<V2Game> = fc
  .integer({ min: 2, max: 6 })
  .chain((k) => fc.tuple(...Array.from({ length: k }, (_, i) => elementArb(i))))
  .map((els) => {
    const kinds = new Map<string, Kind>();
    const elements: ElementDef[] = [
      { id: 'anvil', layer: 'tile', hp: 3, damage: [] },
      { id: 'pebble', layer: 'tile', damage: [], falls: true },
    ];
    const hittable = els.filter((e) => e.kind !== 'item').map((e) => e.def.id);
    let ticks = false;
    for (const { kind, def, effect } of els) {
      kinds.set(def.id, kind);
      const fx: EffectDef[] = [];
      if (effect === 'neighbours') fx.push({ do: 'hit_neighbours' });
      if (effect === 'linked' && def.layer === 'tile') fx.push({ do: 'hit_linked' });
      if (effect === 'tick') fx.push({ do: 'tick', counter: COUNTER });
      if (effect === 'all' && hittable.length) fx.push({ do: 'hit_all', element: hittable[def.id.length % hittable.length] });
      if (fx.length && def.layer !== 'ground' && kind !== 'item') {
        if (effect === 'linked') def.onHit = fx;
        else def.onDestroy = fx;
        if (effect === 'tick') ticks = true;
      }
      elements.push(def);
    }
    if (els.some((e) => e.kind === 'emitter')) elements.push({ id: 'gunk', layer: 'tile' });
    if (els.some((e) => e.kind === 'gated') && !ticks) elements.push({ id: 'key', layer: 'cover', onDestroy: [{ do: 'tick', counter: COUNTER }] });
    for (const e of elements) if (!kinds.has(e.id)) kinds.set(e.id, e.layer === 'cover' ? 'cover' : 'block');
    return { game: { format: 'match3-game', version: 2, id: `v2prop-${++gameIds}`, name: 'v2 prop', elements } as GameDef, kinds };
  });

// ---- levels ----

const cellArb = fc.record({
  kind: fc.constantFrom('random', 'random', 'random', 'random', 'color', 'special', 'element', 'element', 'anvil', 'pebble', 'void'),
  color: fc.nat(5),
  special: fc.constantFrom(...SPECIALS),
  el: fc.nat(),
  hp: fc.nat(),
  cover: fc.constantFrom(false, false, false, true),
  coverEl: fc.nat(),
  ground: fc.constantFrom(false, false, true),
  groundEl: fc.nat(),
  exit: fc.constantFrom(false, false, false, false, false, true),
  countdown: fc.constantFrom(0, 0, 1, 2),
});

export interface V2Case extends V2Game {
  level: LevelT;
  seed: number;
  greedy: boolean;
  belt: [number, number][] | null;
}

type Cell = Record<string, unknown>;

function paintCell(g: V2Game, r: any, colors: number): Cell {
  const els = g.game.elements;
  const tiles = els.filter((e) => e.layer === 'tile' && !e.size && e.id !== 'anvil' && e.id !== 'pebble');
  const covers = els.filter((e) => e.layer === 'cover');
  const grounds = els.filter((e) => e.layer === 'ground');
  const c: Cell = {};
  let kind = r.kind as string;
  if (kind === 'element' && !tiles.length) kind = 'random';
  if (kind === 'void') return { tile: 'void' };
  if (kind === 'color') c.tile = PALETTE[r.color % colors];
  if (kind === 'special') c.tile = r.special;
  if (kind === 'anvil') {
    c.tile = 'anvil';
    c.hp = 1 + (r.hp % 3);
  }
  if (kind === 'pebble') c.tile = 'pebble';
  let coloured = false;
  if (kind === 'element') {
    const e = tiles[r.el % tiles.length];
    c.tile = e.id;
    if (e.colored) {
      coloured = true;
      c.color = PALETTE[r.color % colors];
      if (e.countdown && r.countdown) c.countdown = Math.min(e.countdown, r.countdown + 1);
    } else {
      const hp = 1 + (r.hp % (e.hp ?? 1));
      if (hp > 1) c.hp = hp;
    }
  }
  if ((kind === 'random' || kind === 'color') && r.cover && covers.length && !coloured) {
    const e = covers[r.coverEl % covers.length];
    c.cover = { type: e.id, layers: 1 + (r.hp % (e.hp ?? 1)) };
  }
  if (r.ground && grounds.length) {
    const e = grounds[r.groundEl % grounds.length];
    c.ground = { type: e.id, layers: 1 + (r.hp % (e.hp ?? 1)) };
  }
  if (r.exit) c.exit = true;
  return c;
}

/** Places each multi-cell element once where its rectangle fits (inside, no void, no exit); its other cells keep only their ground. */
function placeMulti(g: V2Game, cells: Cell[][], w: number, h: number, pick: number): Set<string> {
  const taken = new Set<string>();
  let k = pick;
  for (const e of g.game.elements) {
    if (!e.size) continue;
    const [sw, sh] = e.size;
    for (let tries = 0; tries < 6; tries++, k += 7) {
      const ax = k % w, ay = Math.floor(k / 8) % h;
      if (ax + sw > w || ay + sh > h) continue;
      const rect: [number, number][] = [];
      for (let y = ay; y < ay + sh; y++) for (let x = ax; x < ax + sw; x++) rect.push([x, y]);
      if (rect.some(([x, y]) => taken.has(`${x},${y}`) || cells[y][x].tile === 'void' || cells[y][x].exit)) continue;
      for (const [x, y] of rect) {
        const ground = cells[y][x].ground;
        cells[y][x] = ground ? { ground } : {};
        taken.add(`${x},${y}`);
      }
      cells[ay][ax].tile = e.id;
      if (k % 3) cells[ay][ax].hp = 1 + (k % (e.hp ?? 1));
      break;
    }
  }
  return taken;
}

export const v2CaseArb: fc.Arbitrary<V2Case> = v2GameArb.chain((g) => {
  const els = g.game.elements;
  const spawnable = els.filter((e) => e.layer === 'tile' && !e.size && !e.emit && !e.gate && e.id !== 'anvil' && e.id !== 'pebble' && e.id !== 'gunk');
  const entryArb = spawnable.length
    ? fc.record({ el: fc.nat(), chance: fc.constantFrom(0.1, 0.3, 1), max: fc.integer({ min: 1, max: 4 }), total: fc.integer({ min: 1, max: 9 }) }).map((s) => ({
        element: spawnable[s.el % spawnable.length].id, chance: s.chance, max: s.max, total: s.total,
      }))
    : fc.constant(null);
  return fc
    .record({
      w: fc.integer({ min: 4, max: 7 }),
      h: fc.integer({ min: 4, max: 7 }),
      colors: fc.integer({ min: 3, max: 5 }),
      seed: fc.nat(),
      rules: fc.constantFrom(1 as const, 2 as const),
      moves: fc.integer({ min: 6, max: 20 }),
      greedy: fc.constantFrom(false, false, false, true),
      pick: fc.nat(),
      belt: fc.constantFrom(false, true, true),
      portal: fc.constantFrom(false, true),
      walls: fc.array(fc.record({ x: fc.nat(6), y: fc.nat(6), side: fc.constantFrom('right' as const, 'bottom' as const) }), { maxLength: 5 }),
      spawn: fc.array(entryArb, { maxLength: 2 }),
      spawner: fc.constantFrom(false, true),
      hidden: fc.constantFrom(false, true),
      objs: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    })
    .chain((p) =>
      fc.array(fc.array(cellArb, { minLength: p.w, maxLength: p.w }), { minLength: p.h, maxLength: p.h }).map((raw): V2Case => {
        const { w, h } = p;
        const cells = raw.map((row) => row.map((r) => paintCell(g, r, p.colors)));
        const level: Record<string, unknown> = {
          format: 'match3-level', version: 2, id: 'v2p', name: 'v2p', game: g.game.id, width: w, height: h, moves: p.moves, colors: p.colors, seed: p.seed,
          ...(p.rules === 2 ? { rules: 2 } : {}),
        };
        // a portal from the bottom of one column to the top of another (both cells made non-void)
        // (rules 1 only: under rules 2 a slide into the column above `from` can feed the portal forever
        // — see the report on RULES §12.6 "Rare cases")
        let portalTo = -1;
        if (p.portal && p.rules === 1) {
          const a = p.pick % w, b = (a + 1 + ((p.pick >> 4) % (w - 1))) % w;
          for (const [x, y] of [[a, h - 1], [b, 0]]) if (cells[y][x].tile === 'void') cells[y][x] = {};
          level.portals = [{ from: [a, h - 1], to: [b, 0] }];
          portalTo = b;
        }
        const multi = placeMulti(g, cells, w, h, p.pick);
        // one belt along a row, over cells that are neither void nor part of a multi-cell piece
        let belt: [number, number][] | null = null;
        if (p.belt) {
          const y = (p.pick >> 2) % h, x0 = (p.pick >> 5) % (w - 1), len = 2 + ((p.pick >> 7) % 3);
          const run: [number, number][] = [];
          for (let x = x0; x < Math.min(w, x0 + len) && cells[y][x].tile !== 'void' && !multi.has(`${x},${y}`); x++) run.push([x, y]);
          if (run.length >= 2) {
            belt = run;
            level.belts = [{ cells: run }];
          }
        }
        const walls = new Map<string, { x: number; y: number; side: 'right' | 'bottom' }>();
        for (const wl of p.walls) if ((wl.side === 'right' ? wl.x < w - 1 : wl.x < w) && (wl.side === 'bottom' ? wl.y < h - 1 : wl.y < h)) walls.set(`${wl.x},${wl.y},${wl.side}`, wl);
        if (walls.size) level.walls = [...walls.values()];
        const entries = p.spawn.filter((e): e is NonNullable<typeof e> => e !== null);
        if (entries.length) level.spawn = entries;
        // a spawner at the top of a column the portal does not feed
        if (p.spawner) {
          for (let k = 0; k < w; k++) {
            const x = (p.pick + k) % w;
            if (x === portalTo) continue;
            const top = cells.findIndex((row) => row[x].tile !== 'void');
            if (top < 0) continue;
            level.spawners = [{ at: [x, top], spawn: entries.slice(0, 1) }];
            break;
          }
        }
        if (p.hidden) level.hidden = [{ at: [(p.pick >> 3) % w, (p.pick >> 6) % h], size: [1, 1] }];
        level.cells = cells;
        level.objectives = objectivesOf(g, p.objs, !!p.hidden);
        return { ...g, level: level as unknown as LevelT, seed: p.seed, greedy: p.greedy, belt };
      }),
    );
});

function objectivesOf(g: V2Game, picks: number[], hidden: boolean): unknown[] {
  const els = g.game.elements;
  const out: unknown[] = [];
  for (const k of picks) {
    const tiles = els.filter((e) => e.layer === 'tile' && !e.exit);
    const items = els.filter((e) => e.exit);
    const grounds = els.filter((e) => e.layer === 'ground');
    switch (k % 6) {
      case 0: out.push({ type: 'collect', element: tiles[k % tiles.length].id, count: 1 + (k % 5) }); break;
      case 1: out.push({ type: 'clear', element: els[k % els.length].id }); break;
      case 2: if (items.length) out.push({ type: 'bring_down', element: items[k % items.length].id, count: 1 + (k % 2) }); break;
      case 3: if (grounds.length) out.push({ type: 'cover', element: grounds[k % grounds.length].id }); break;
      case 4: if (hidden) out.push({ type: 'find', count: 1 }); break;
      default: out.push({ type: 'score', target: 400 + 100 * (k % 5) });
    }
  }
  const unique = [...new Map(out.map((o) => [JSON.stringify(o), o])).values()];
  return unique.length ? unique : [{ type: 'score', target: 500 }];
}
