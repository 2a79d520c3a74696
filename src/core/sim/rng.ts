// Seeded randomness: sfc32 (small, fast, passes PractRand to 2^40+) seeded through splitmix32,
// and the mixing hash that derives game i's seed from the level seed. Never Math.random.

/** murmur3's 32-bit finaliser: a bijection on uint32 with full avalanche. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Seed of game `i` of an analysis of a level with seed `levelSeed`. For a fixed level seed this
 * is a bijection of i (distinct games never share a seed), and neighbouring i are uncorrelated.
 */
export function gameSeed(levelSeed: number, i: number): number {
  const h = fmix32((levelSeed >>> 0) ^ 0xa511e9b3);
  return fmix32((h + Math.imul(i >>> 0, 0x9e3779b9) + 0x632be5ab) >>> 0);
}

/** Seed of a bot's own stream for a game: never the game's stream. */
export function botSeed(seed: number, salt: number): number {
  return fmix32((fmix32(seed ^ 0x27d4eb2f) + Math.imul(salt + 1, 0x165667b1)) >>> 0);
}

export class Rng {
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  constructor(seed = 0) {
    this.seed(seed);
  }

  seed(seed: number): this {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      return fmix32(s);
    };
    this.a = next() | 0;
    this.b = next() | 0;
    this.c = next() | 0;
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
    return this;
  }

  /** Next uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n) (multiply-shift: bias at most n / 2^32). */
  below(n: number): number {
    return ((this.next() * n) / 4294967296) | 0;
  }

  copyFrom(o: Rng): void {
    this.a = o.a;
    this.b = o.b;
    this.c = o.c;
    this.d = o.d;
  }
}
