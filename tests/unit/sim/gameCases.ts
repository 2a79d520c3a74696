// Random game definitions and levels of them (RULES §11, §11.1), and the side-by-side run of the
// engine and the literal reading of the rules (gameReference.ts), for gameProperties.test.ts.
import fc from 'fast-check';
import { expect } from 'vitest';
import { registerGames } from '../../../src/core/game/registry.ts';
import { ELEM0, compileGame, type GameTables } from '../../../src/core/game/tables.ts';
import { EVENTS_BY_LAYER, type DamageEvent, type ElementDef, type GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { createGame, legalMoves, playMove, type PlayGame } from '../../../src/core/sim/play.ts';
import { Unsupported, playRefMove, refGame, swapMakesLine, type RefState } from './gameReference.ts';

export const COLORS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
export const SPECIALS = ['rocket_h', 'rocket_v', 'bomb', 'rainbow'] as const;
// the engine's board, read as plain arrays
type B = any;

// ---- random game definitions ----

const elementArb = (i: number): fc.Arbitrary<ElementDef> =>
  fc
    .record({
      layer: fc.constantFrom('tile', 'tile', 'tile', 'cover', 'ground') as fc.Arbitrary<'tile' | 'cover' | 'ground'>,
      hp: fc.integer({ min: 1, max: 3 }),
      damageKind: fc.constantFrom('default', 'subset', 'subset', 'none'),
      damageBits: fc.nat(15),
      falls: fc.boolean(),
      swappable: fc.constantFrom(false, false, true),
      exit: fc.constantFrom(false, false, false, true),
      spread: fc.constantFrom(false, false, false, true),
    })
    .map((r) => {
      const e: ElementDef = { id: `e${i}`, layer: r.layer };
      if (r.hp > 1) e.hp = r.hp;
      const events = EVENTS_BY_LAYER[r.layer];
      if (r.damageKind === 'none') e.damage = [];
      else if (r.damageKind === 'subset') e.damage = events.filter((_, k) => r.damageBits & (1 << k)) as DamageEvent[];
      if (r.layer === 'tile') {
        if (r.exit) {
          e.exit = true;
          e.falls = true; // an item that never falls reaches an exit only where it stands
        } else {
          if (r.falls) e.falls = true;
          if (r.swappable) e.swappable = true;
          if (r.spread) e.spread = 'when-none-hit';
        }
      } else if (r.layer === 'ground' && r.spread) e.spread = 'through-matches';
      return e;
    });

let gameIds = 0;
export const gameArb: fc.Arbitrary<GameDef> = fc
  .integer({ min: 1, max: 6 })
  .chain((k) => fc.tuple(...Array.from({ length: k }, (_, i) => elementArb(i))))
  .map((elements) => ({ format: 'match3-game', version: 1, id: `prop-${++gameIds}`, name: 'prop', elements }) as GameDef);

// ---- random levels of a game ----

const cellArb = (g: GameDef) => {
  const tiles = g.elements.filter((e) => e.layer === 'tile');
  const covers = g.elements.filter((e) => e.layer === 'cover');
  const grounds = g.elements.filter((e) => e.layer === 'ground');
  return fc
    .record({
      kind: fc.constantFrom('random', 'random', 'random', 'random', 'random', 'color', 'special', 'element', 'element', 'void'),
      color: fc.constantFrom(...COLORS.slice(0, 4)),
      special: fc.constantFrom(...SPECIALS),
      el: fc.nat(),
      hp: fc.nat(),
      cover: fc.constantFrom(false, false, false, true),
      coverEl: fc.nat(),
      layers: fc.nat(),
      ground: fc.constantFrom(false, false, true),
      groundEl: fc.nat(),
      glayers: fc.nat(),
      exit: fc.constantFrom(false, false, false, false, false, true),
    })
    .map((r) => {
      const c: Record<string, unknown> = {};
      let kind = r.kind;
      if (kind === 'element' && !tiles.length) kind = 'random';
      if (kind === 'void') return { tile: 'void' };
      if (kind === 'color') c.tile = r.color;
      if (kind === 'special') c.tile = r.special;
      if (kind === 'element') {
        const e = tiles[r.el % tiles.length];
        c.tile = e.id;
        const hp = 1 + (r.hp % (e.hp ?? 1));
        if (hp > 1) c.hp = hp;
      }
      if ((kind === 'random' || kind === 'color') && r.cover && covers.length) {
        const e = covers[r.coverEl % covers.length];
        c.cover = { type: e.id, layers: 1 + (r.layers % (e.hp ?? 1)) };
      }
      if (r.ground && grounds.length) {
        const e = grounds[r.groundEl % grounds.length];
        c.ground = { type: e.id, layers: 1 + (r.glayers % (e.hp ?? 1)) };
      }
      if (r.exit) c.exit = true;
      return c;
    });
};

export interface Case {
  game: GameDef;
  level: LevelT;
  seed: number;
  greedy: boolean;
}

export const caseArb: fc.Arbitrary<Case> = gameArb.chain((game) => {
  const tiles = game.elements.filter((e) => e.layer === 'tile');
  const items = tiles.filter((e) => e.exit);
  const grounds = game.elements.filter((e) => e.layer === 'ground');
  const objArb = fc.constantFrom('collect', 'clear', 'bring_down', 'cover', 'score').chain((type): fc.Arbitrary<unknown> => {
    const notItems = tiles.filter((e) => !e.exit);
    if (type === 'collect' && notItems.length) return fc.nat().map((k) => ({ type, element: notItems[k % notItems.length].id, count: 1 + (k % 4) }));
    if (type === 'clear') return fc.nat().map((k) => ({ type, element: game.elements[k % game.elements.length].id }));
    if (type === 'bring_down' && items.length) return fc.nat().map((k) => ({ type, element: items[k % items.length].id, count: 1 + (k % 3) }));
    if (type === 'cover' && grounds.length) return fc.nat().map((k) => ({ type, element: grounds[k % grounds.length].id }));
    return fc.constant({ type: 'score', target: 500 });
  });
  const spawnArb = tiles.length
    ? fc.array(
        fc.record({ el: fc.nat(), chance: fc.constantFrom(0.05, 0.2, 0.5, 1), max: fc.integer({ min: 1, max: 5 }), total: fc.integer({ min: 1, max: 15 }) }).map((s) => ({
          element: tiles[s.el % tiles.length].id, chance: s.chance, max: s.max, total: s.total,
        })),
        { maxLength: 3 },
      )
    : fc.constant([]);
  return fc
    .record({
      w: fc.integer({ min: 3, max: 7 }),
      h: fc.integer({ min: 3, max: 7 }),
      colors: fc.integer({ min: 3, max: 6 }),
      seed: fc.nat(),
      rules: fc.constantFrom(1 as const, 2 as const),
      moves: fc.integer({ min: 5, max: 20 }),
      objectives: fc.array(objArb, { minLength: 1, maxLength: 3 }),
      spawn: spawnArb,
      greedy: fc.constantFrom(false, false, false, true),
    })
    .chain((p) =>
      fc.array(fc.array(cellArb(game), { minLength: p.w, maxLength: p.w }), { minLength: p.h, maxLength: p.h }).map((cells): Case => ({
        game,
        seed: p.seed,
        greedy: p.greedy,
        level: {
          format: 'match3-level', version: 1, id: 'p', name: 'p', game: game.id, width: p.w, height: p.h, moves: p.moves, colors: p.colors, seed: p.seed,
          ...(p.rules === 2 ? { rules: 2 } : {}), cells, objectives: p.objectives, ...(p.spawn.length ? { spawn: p.spawn } : {}),
        } as unknown as LevelT,
      })),
    );
});

/** Rules 1 (or as generated, with keepRules), no spawns, refill off after the start: every move is exact. Painted rainbows become random cells (a rainbow's colour depends on when it fires). */
export const plainArb = (keepSpecials: boolean, keepRules = false) =>
  caseArb.map((c) => {
    const { rules, spawn: _s, ...rest } = c.level as unknown as Record<string, unknown>;
    if (keepRules && rules) rest.rules = rules;
    const drop = keepSpecials ? ['rainbow'] : ['rocket_h', 'rocket_v', 'bomb', 'rainbow'];
    const cells = c.level.cells.map((row) => row.map((cell) => (cell.tile && drop.includes(cell.tile) ? {} : cell)));
    return { ...c, level: { ...rest, cells } as unknown as LevelT };
  });

function stateOf(g: PlayGame, T: GameTables): RefState {
  const b: B = g.sim.board;
  return {
    w: b.w, h: b.h, rules: b.rules, tile: Array.from(b.tile as Uint8Array), hp: Array.from(b.hp as Uint8Array, (v, i) => (b.tile[i] >= ELEM0 ? v : 0)),
    cover: Array.from(b.cover as Uint8Array), coverKind: Array.from(b.coverKind as Uint8Array, (v, i) => (b.cover[i] ? v : 0)),
    ground: Array.from(b.ground as Uint8Array), groundKind: Array.from(b.groundKind as Uint8Array, (v, i) => (b.ground[i] ? v : 0)),
    exitCell: Array.from(b.exitCell as Uint8Array), score: b.score,
    exited: Array.from(b.elExited as Int32Array).slice(0, T.count), removed: Array.from(b.elRemoved as Int32Array).slice(0, T.count),
  };
}
const stateText = (s: RefState) => s.tile.map((t, i) => `${t}:${s.hp[i]}/${s.cover[i] ? `${s.cover[i]}.${s.coverKind[i]}` : '-'}/${s.ground[i] ? `${s.ground[i]}.${s.groundKind[i]}` : '-'}`).join(' ');

/**
 * Plays random games on the engine and on the reference side by side; returns the moves compared.
 * `specials`: taps, swaps with a special and combos too (no rainbow: the game stops when one is on the board).
 */
export function differential(c: Case, picks: number[], specials: boolean, legacy: boolean): number {
  registerGames([c.game]);
  const T = compileGame(c.game), R = refGame(c.game);
  const g = createGame(c.level, { seed: c.seed, record: false });
  g.sim.board.refill = false;
  let ref = stateOf(g, T), compared = 0;
  const isSpecial = (t: number) => t >= 6 && t <= 9;
  const swappable = (i: number) => ref.cover[i] === 0 && (ref.tile[i] < 6 || (ref.tile[i] >= ELEM0 && !!c.game.elements[ref.tile[i] - ELEM0].swappable));
  for (const k of picks) {
    if (g.sim.status !== 0 || ref.tile.includes(9)) break;
    // valid swaps of two non-specials: a line through one of the two cells afterwards
    const { w, h } = ref;
    const want: string[] = [];
    for (let i = 0; i < w * h; i++)
      for (const j of [i % w < w - 1 ? i + 1 : -1, i + w < w * h ? i + w : -1])
        if (j >= 0 && swappable(i) && swappable(j) && swapMakesLine(ref, i, j)) want.push(`${i}-${j}`);
    const cell = (p: { x: number; y: number }) => p.y * w + p.x;
    const legal = legalMoves(g);
    const plain = legal
      .flatMap((m) => (m.kind === 'swap' ? [[cell(m.from), cell(m.to)].sort((p, q) => p - q)] : []))
      .filter(([i, j]) => !isSpecial(ref.tile[i]) && !isSpecial(ref.tile[j]))
      .map(([i, j]) => `${i}-${j}`);
    expect([...new Set(plain)].sort(), 'valid swaps').toEqual(want.sort());
    const pool = specials ? legal : legal.filter((m) => m.kind === 'swap' && want.includes([cell(m.from), cell(m.to)].sort((p, q) => p - q).join('-')));
    if (!pool.length) break;
    const m = pool[k % pool.length];
    const a = m.kind === 'tap' ? cell(m.at) : cell(m.from), d = m.kind === 'tap' ? -1 : cell(m.to);
    const before = g.sim.reshuffles;
    try {
      playRefMove(ref, R, a, d, legacy);
    } catch (e) {
      if (e instanceof Unsupported) break;
      throw e;
    }
    const r = playMove(g, m);
    expect(r.ok).toBe(true);
    if (g.sim.reshuffles !== before) {
      ref = stateOf(g, T); // the deadlock's reshuffle draws from the stream: take its board
      continue;
    }
    const eng = stateOf(g, T);
    expect(stateText(eng), `move ${JSON.stringify(m)}`).toBe(stateText(ref));
    expect([eng.score, eng.exited, eng.removed], `move ${JSON.stringify(m)}`).toEqual([ref.score, ref.exited, ref.removed]);
    compared++;
  }
  return compared;
}

