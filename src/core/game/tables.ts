// A game definition compiled into flat per-element tables, once per analysis (RULES §11): the
// simulator's hot loops read these instead of naming elements.
import { gamePlayHash } from './playHash.ts';
import { CLASSIC_GAME } from './classic.ts';
import { DEFAULT_DAMAGE, type DamageEvent, type EffectDef, type GameDef, type Layer } from './types.ts';

/** Tile code of element e is ELEM0 + e (colours 0..5, specials 6..9, void 11, empty 12, random 13). */
export const ELEM0 = 16;
export const MAX_ELEMENTS = 64;

export const LAYER_TILE = 0;
export const LAYER_COVER = 1;
export const LAYER_GROUND = 2;

/** Damage events as bit flags. */
export const EV_MATCH = 1;
export const EV_ADJACENT = 2;
export const EV_BLAST = 4;
export const EV_CLEARED = 8;
/** RULES §12.2: hit by an effect (version 2 games only). */
export const EV_EFFECT = 16;
const EVENT_BIT: Record<DamageEvent, number> = { match: EV_MATCH, adjacent: EV_ADJACENT, blast: EV_BLAST, cleared: EV_CLEARED, effect: EV_EFFECT };
const LAYER_CODE: Record<Layer, number> = { tile: LAYER_TILE, cover: LAYER_COVER, ground: LAYER_GROUND };

export interface GameTables {
  readonly def: GameDef;
  /** Hash of the definition's play-relevant fields (ids, layers, hp, damage, falls, swappable, exit, spread). */
  readonly hash: string;
  readonly isClassic: boolean;
  readonly count: number;
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Per element. */
  readonly layer: Uint8Array;
  readonly hp: Uint8Array;
  readonly damage: Uint8Array;
  readonly falls: Uint8Array;
  readonly swappable: Uint8Array;
  readonly exit: Uint8Array;
  /** 1: tile "when-none-hit", 2: ground "through-matches", 0: none. */
  readonly spread: Uint8Array;
  /** Per tile code (256 entries): moves with gravity (colours, specials, falling elements). */
  readonly codeFalls: Uint8Array;
  /** Per tile code: may be swapped (colours, specials, swappable elements). */
  readonly codeSwaps: Uint8Array;
  /** Per tile code: a tile element that does not fall (holds up what is above it). */
  readonly codeStuck: Uint8Array;
  /** Per tile code: the damage events that hit it (colours and specials: match, blast; items: none). */
  readonly codeDamage: Uint8Array;
  /** Tile elements that spread "when-none-hit", in definition order. */
  readonly spreadTiles: readonly number[];
  /** Ground elements that spread "through-matches", in definition order. */
  readonly spreadGrounds: readonly number[];
  /** Some tile element may be swapped. */
  readonly hasSwappable: boolean;
  /**
   * Every element plays like one of the classic game's: tile elements are blockers that take
   * `adjacent` and `blast` (no falls, swaps, exits, spreading), covers take `match` and `blast`,
   * grounds `cleared` and `blast`. The bots' look-ahead shortcuts hold only for such games.
   */
  readonly classicShaped: boolean;
  /** Elements whose damage list has `adjacent` (a match's neighbours matter only while one is on the board). */
  readonly adjacentEls: readonly number[];
  /** Some cover ignores matches: a line of tiles under it stays (the engine's cascade scans mind it). */
  readonly matchProofCover: boolean;
  /** Tile elements that leave through exits (items), in definition order. */
  readonly exitEls: readonly number[];
  /** Version 2 behaviours (RULES §12.1–§12.2); null for a version 1 game. */
  readonly v2: GameTablesV2 | null;
}

/** Effect op codes (RULES §12.2): an effect is op + arg (an element index or a counter index). */
export const FX_NEIGHBOURS = 1;
export const FX_LINKED = 2;
export const FX_ALL = 3;
export const FX_TICK = 4;
export const FX_CREDIT = 5;
const FX_CODE = { hit_neighbours: FX_NEIGHBOURS, hit_linked: FX_LINKED, hit_all: FX_ALL, tick: FX_TICK, credit: FX_CREDIT } as const;
/** Emitter `when` and `where` codes. */
export const EMIT_QUIET = 1;
export const EMIT_EVERY = 2;
export const WHERE_ADJACENT = 0;
export const WHERE_NEAR = 1;
export const WHERE_BOARD = 2;

/** The per-element columns of version 2 (one entry per element, -1 / 0 when a field is absent). */
export interface GameTablesV2 {
  /** Colour key (0..5), -1 none. */
  readonly key: Int8Array;
  readonly stopsBlasts: Uint8Array;
  readonly colored: Uint8Array;
  /** A coloured element's countdown, 0 none. */
  readonly countdown: Uint8Array;
  readonly blocksMatch: Uint8Array;
  readonly fallsWithTile: Uint8Array;
  readonly sizeW: Uint8Array;
  readonly sizeH: Uint8Array;
  /** Gate: counter index (-1 none) and threshold. */
  readonly gateCounter: Int16Array;
  readonly gateAt: Int32Array;
  /** Effects as [op, arg, op, arg, …] per element. */
  readonly onHit: readonly Int32Array[];
  readonly onDestroy: readonly Int32Array[];
  /** Emitters: emitted element (-1 none), when, every, count, where, radius. */
  readonly emitEl: Int16Array;
  readonly emitWhen: Uint8Array;
  readonly emitEvery: Uint8Array;
  readonly emitCount: Uint8Array;
  readonly emitWhere: Uint8Array;
  readonly emitRadius: Uint8Array;
  /** Elements that emit, in definition order. */
  readonly emitters: readonly number[];
  /** Level counters named by the game (ticks and gates), in first-mention order. */
  readonly counters: readonly string[];
  /** Elements with a gate. */
  readonly gated: readonly number[];
  /** Some element has a countdown / a size / stops blasts / a key / blocks matches / has effects. */
  readonly anyCountdown: boolean;
  readonly anyColored: boolean;
}

export { playShape } from './playHash.ts';

const cache = new WeakMap<GameDef, GameTables>();

/** The elements that spread (RULES §12.1 spread): marked in `spread` (1: a tile when none was hit, 2: a ground through matches), and listed. */
function spreadersOf(def: GameDef, spread: Uint8Array): { spreadTiles: number[]; spreadGrounds: number[] } {
  const spreadTiles: number[] = [], spreadGrounds: number[] = [];
  def.elements.forEach((e, i) => {
    if (e.spread === 'when-none-hit' && e.layer === 'tile') {
      spread[i] = 1;
      spreadTiles.push(i);
    } else if (e.spread === 'through-matches' && e.layer === 'ground') {
      spread[i] = 2;
      spreadGrounds.push(i);
    }
  });
  return { spreadTiles, spreadGrounds };
}

/** Compiles a (valid) game definition; the same object compiles once. */
export function compileGame(def: GameDef = CLASSIC_GAME): GameTables {
  const hit = cache.get(def);
  if (hit) return hit;
  const k = def.elements.length;
  const layer = new Uint8Array(k), hp = new Uint8Array(k), damage = new Uint8Array(k);
  const falls = new Uint8Array(k), swappable = new Uint8Array(k), exit = new Uint8Array(k), spread = new Uint8Array(k);
  const codeFalls = new Uint8Array(256), codeSwaps = new Uint8Array(256), codeStuck = new Uint8Array(256), codeDamage = new Uint8Array(256);
  for (let c = 0; c < 10; c++) {
    codeFalls[c] = 1;
    codeSwaps[c] = 1;
    codeDamage[c] = EV_MATCH | EV_BLAST;
  }
  const index = new Map<string, number>();
  def.elements.forEach((e, i) => {
    index.set(e.id, i);
    layer[i] = LAYER_CODE[e.layer];
    hp[i] = e.hp ?? 1;
    let d = 0;
    for (const ev of e.damage ?? DEFAULT_DAMAGE[e.layer]) d |= EVENT_BIT[ev];
    if (e.layer === 'tile' && e.exit) d = 0; // items take no damage (RULES §11.2 Exits)
    damage[i] = d;
    if (e.layer !== 'tile') return;
    falls[i] = e.falls ? 1 : 0;
    swappable[i] = e.swappable ? 1 : 0;
    exit[i] = e.exit ? 1 : 0;
    const code = ELEM0 + i;
    if (e.colored) {
      // a coloured element moves and swaps like a colour tile and is removed by match and blast (RULES §12.1)
      falls[i] = 1;
      swappable[i] = 1;
      d = EV_MATCH | EV_BLAST;
      damage[i] = d;
    }
    codeFalls[code] = falls[i];
    codeSwaps[code] = swappable[i];
    codeStuck[code] = falls[i] ? 0 : 1;
    codeDamage[code] = d;
  });
  const { spreadTiles, spreadGrounds } = spreadersOf(def, spread);
  const t: GameTables = {
    def, hash: gamePlayHash(def), isClassic: def.id === 'classic',
    count: k, ids: def.elements.map((e) => e.id), index,
    layer, hp, damage, falls, swappable, exit, spread,
    codeFalls, codeSwaps, codeStuck, codeDamage, spreadTiles, spreadGrounds,
    hasSwappable: swappable.some((v) => v === 1),
    classicShaped: def.elements.every((e, i) =>
      spread[i] === 0 && falls[i] === 0 && swappable[i] === 0 && exit[i] === 0 &&
      damage[i] === (e.layer === 'tile' ? EV_ADJACENT | EV_BLAST : e.layer === 'cover' ? EV_MATCH | EV_BLAST : EV_CLEARED | EV_BLAST)),
    adjacentEls: def.elements.map((_, i) => i).filter((i) => (damage[i] & EV_ADJACENT) !== 0),
    exitEls: def.elements.map((_, i) => i).filter((i) => exit[i] === 1),
    matchProofCover: def.elements.some((e, i) => e.layer === 'cover' && (damage[i] & EV_MATCH) === 0),
    v2: def.version === 2 ? compileV2(def, index) : null,
  };
  cache.set(def, t);
  return t;
}

/** The classic game's tables (compiled on first use: loading this module runs nothing). */
export function classicTables(): GameTables {
  return compileGame(CLASSIC_GAME);
}

const v1Columns = new WeakMap<GameTables, GameTablesV2>();
/** The version 2 columns of any game: a version 1 game's are all defaults (a version 2 level may name one, RULES §12). */
export function v2Columns(g: GameTables): GameTablesV2 {
  if (g.v2 !== null) return g.v2;
  let t = v1Columns.get(g);
  if (t === undefined) v1Columns.set(g, (t = compileV2(g.def, g.index)));
  return t;
}

const COLOR_INDEX: Record<string, number> = { red: 0, green: 1, blue: 2, yellow: 3, purple: 4, orange: 5 };

/** The version 2 columns of a (valid) version 2 game (RULES §12.1). */
function compileV2(def: GameDef, index: ReadonlyMap<string, number>): GameTablesV2 {
  const k = def.elements.length;
  const counters: string[] = [];
  const counterOf = (name: string) => {
    let c = counters.indexOf(name);
    if (c < 0) c = counters.push(name) - 1;
    return c;
  };
  const ops = (list: readonly EffectDef[] | undefined): Int32Array => {
    const out: number[] = [];
    for (const f of list ?? []) {
      const arg = f.do === 'tick' ? counterOf(f.counter) : f.do === 'hit_all' || f.do === 'credit' ? index.get(f.element) ?? -1 : -1;
      out.push(FX_CODE[f.do], arg);
    }
    return Int32Array.from(out);
  };
  const t = {
    key: new Int8Array(k).fill(-1), stopsBlasts: new Uint8Array(k), colored: new Uint8Array(k), countdown: new Uint8Array(k),
    blocksMatch: new Uint8Array(k), fallsWithTile: new Uint8Array(k), sizeW: new Uint8Array(k).fill(1), sizeH: new Uint8Array(k).fill(1),
    gateCounter: new Int16Array(k).fill(-1), gateAt: new Int32Array(k), onHit: [] as Int32Array[], onDestroy: [] as Int32Array[],
    emitEl: new Int16Array(k).fill(-1), emitWhen: new Uint8Array(k), emitEvery: new Uint8Array(k), emitCount: new Uint8Array(k),
    emitWhere: new Uint8Array(k), emitRadius: new Uint8Array(k), emitters: [] as number[], counters, gated: [] as number[],
    anyCountdown: false, anyColored: false,
  };
  def.elements.forEach((e, i) => {
    if (e.key !== undefined) t.key[i] = COLOR_INDEX[e.key];
    t.stopsBlasts[i] = e.stopsBlasts ? 1 : 0;
    t.colored[i] = e.colored ? 1 : 0;
    t.countdown[i] = e.countdown ?? 0;
    t.blocksMatch[i] = e.blocksMatch ? 1 : 0;
    t.fallsWithTile[i] = e.fallsWithTile ? 1 : 0;
    if (e.size) {
      t.sizeW[i] = e.size[0];
      t.sizeH[i] = e.size[1];
    }
    t.onHit.push(ops(e.onHit));
    t.onDestroy.push(ops(e.onDestroy));
    if (e.emit) {
      t.emitEl[i] = index.get(e.emit.element) ?? -1;
      t.emitWhen[i] = e.emit.when === 'every' ? EMIT_EVERY : EMIT_QUIET;
      t.emitEvery[i] = e.emit.every ?? 1;
      t.emitCount[i] = e.emit.count ?? 1;
      t.emitWhere[i] = e.emit.where === 'near' ? WHERE_NEAR : e.emit.where === 'board' ? WHERE_BOARD : WHERE_ADJACENT;
      t.emitRadius[i] = e.emit.radius ?? 2;
      t.emitters.push(i);
    }
  });
  def.elements.forEach((e, i) => {
    if (!e.gate) return;
    t.gateCounter[i] = counterOf(e.gate.counter);
    t.gateAt[i] = e.gate.at;
    t.gated.push(i);
  });
  t.anyCountdown = t.countdown.some((v) => v > 0);
  t.anyColored = t.colored.some((v) => v > 0);
  return t;
}
