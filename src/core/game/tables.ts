// A game definition compiled into flat per-element tables, once per analysis (RULES §11): the
// simulator's hot loops read these instead of naming elements.
import { gamePlayHash } from './playHash.ts';
import { CLASSIC_GAME } from './classic.ts';
import { DEFAULT_DAMAGE, type DamageEvent, type GameDef, type Layer } from './types.ts';

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
}

export { playShape } from './playHash.ts';

const cache = new WeakMap<GameDef, GameTables>();

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
  const spreadTiles: number[] = [], spreadGrounds: number[] = [];
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
    codeFalls[code] = falls[i];
    codeSwaps[code] = swappable[i];
    codeStuck[code] = falls[i] ? 0 : 1;
    codeDamage[code] = d;
  });
  def.elements.forEach((e, i) => {
    if (e.spread === 'when-none-hit' && e.layer === 'tile') {
      spread[i] = 1;
      spreadTiles.push(i);
    } else if (e.spread === 'through-matches' && e.layer === 'ground') {
      spread[i] = 2;
      spreadGrounds.push(i);
    }
  });
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
  };
  cache.set(def, t);
  return t;
}

/** The classic game's tables (compiled on first use: loading this module runs nothing). */
export function classicTables(): GameTables {
  return compileGame(CLASSIC_GAME);
}
