// A tiny board notation for the rule tests. Rows are separated by "/" or new lines, cells by
// spaces. A cell is a tile letter with optional suffixes:
//   R G B Y P O  colours (palette order)     H rocket_h  V rocket_v  X bomb  @ rainbow
//   #  crate (#2 = 2 hp)   _  void   .  empty   ?  random (levels only)
//   i1..i3 ice layers   c chain   j1..j2 jelly layers      e.g. "Ri2j1", "#3j1", ".j1"
import type { CellT, LevelT, ObjectiveT } from '../../../src/core/level/index.ts';
import { Board } from '../../../src/core/sim/board.ts';
import { BOMB, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../../../src/core/sim/codes.ts';
import { CRATE, JELLY_EL, isChain, setCover } from './classic.ts';

const LETTER: Record<string, number> = {
  R: 0, G: 1, B: 2, Y: 3, P: 4, O: 5, H: ROCKET_H, V: ROCKET_V, X: BOMB, '@': RAINBOW, '#': CRATE, _: VOID, '.': EMPTY,
};
const CHAR = Object.fromEntries(Object.entries(LETTER).map(([k, v]) => [v, k])) as Record<number, string>;
const LEVEL_TILE: Record<string, CellT['tile']> = {
  R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'orange', H: 'rocket_h', V: 'rocket_v', X: 'bomb', '@': 'rainbow', '#': 'crate', _: 'void', '?': 'random',
};

interface Parsed {
  tile: string;
  hp: number;
  ice: number;
  chain: boolean;
  jelly: number;
}

function parseCell(tok: string): Parsed {
  const m = /^([RGBYPOHVX@#_.?])(\d)?((?:i\d|c|j\d)*)$/.exec(tok);
  if (!m) throw new Error(`bad cell "${tok}"`);
  const p: Parsed = { tile: m[1], hp: m[1] === '#' ? Number(m[2] ?? 1) : 0, ice: 0, chain: false, jelly: 0 };
  for (const s of m[3].match(/i\d|c|j\d/g) ?? []) {
    if (s[0] === 'i') p.ice = Number(s[1]);
    else if (s === 'c') p.chain = true;
    else p.jelly = Number(s[1]);
  }
  return p;
}

export function rows(text: string): string[][] {
  return text
    .split(/[/\n]/)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => r.split(/\s+/));
}

/** A board straight from text (no start fill); refill off unless asked, so expectations are exact. */
export function board(text: string, opts: { colors?: number; refill?: boolean; seed?: number; rules?: 1 | 2 } = {}): Board {
  const rs = rows(text);
  const h = rs.length, w = rs[0].length;
  const b = new Board(w, h, opts.colors ?? 6, opts.seed ?? 1);
  b.refill = opts.refill ?? false;
  b.rules = opts.rules ?? 1;
  rs.forEach((r, y) => {
    if (r.length !== w) throw new Error(`row ${y} has ${r.length} cells, expected ${w}`);
    r.forEach((tok, x) => {
      const p = parseCell(tok), i = y * w + x;
      b.tile[i] = LETTER[p.tile];
      b.hp[i] = p.hp;
      setCover(b, i, p.ice, p.chain);
      b.ground[i] = p.jelly;
      b.groundKind[i] = JELLY_EL;
    });
  });
  b.resetCounters();
  return b;
}

export function text(b: Board): string {
  const out: string[] = [];
  for (let y = 0; y < b.h; y++) {
    const r: string[] = [];
    for (let x = 0; x < b.w; x++) {
      const i = y * b.w + x;
      let s = CHAR[b.tile[i]];
      if (b.tile[i] === CRATE && b.hp[i] !== 1) s += b.hp[i];
      if (isChain(b, i)) s += 'c';
      else if (b.cover[i]) s += `i${b.cover[i]}`;
      if (b.ground[i]) s += `j${b.ground[i]}`;
      r.push(s);
    }
    out.push(r.join(' '));
  }
  return out.join(' / ');
}

/** Normalises expected text the same way text() prints it. */
export function norm(t: string): string {
  return rows(t)
    .map((r) => r.join(' '))
    .join(' / ');
}

let ids = 0;
/** A level from text (`?` = random). */
export function level(t: string, opts: { moves?: number; colors?: number; seed?: number; objectives?: ObjectiveT[]; rules?: 1 | 2 } = {}): LevelT {
  const rs = rows(t);
  return {
    format: 'match3-level',
    version: 1,
    id: `test-${++ids}`,
    name: 'test',
    width: rs[0].length,
    height: rs.length,
    moves: opts.moves ?? 20,
    colors: opts.colors ?? 5,
    seed: opts.seed ?? 42,
    ...(opts.rules ? { rules: opts.rules } : {}),
    cells: rs.map((r) =>
      r.map((tok) => {
        const p = parseCell(tok);
        const c: CellT = {};
        if (p.tile !== '?') c.tile = LEVEL_TILE[p.tile];
        if (p.tile === '#' && p.hp !== 1) c.hp = p.hp;
        if (p.chain) c.cover = { type: 'chain' };
        else if (p.ice) c.cover = { type: 'ice', layers: p.ice };
        if (p.jelly) c.ground = { type: 'jelly', layers: p.jelly };
        return c;
      }),
    ),
    objectives: opts.objectives ?? [{ type: 'score', target: 10_000_000 }],
  };
}

/** "x,y>" + direction: r, l, d, u; or "x,y" for a tap → move code. */
export function mv(b: Board, s: string): number {
  const m = /^(\d+),(\d+)([rldu]?)$/.exec(s);
  if (!m) throw new Error(`bad move ${s}`);
  const i = Number(m[2]) * b.w + Number(m[1]);
  const kind = { '': 0, r: 1, d: 2, l: 3, u: 4 }[m[3]]!;
  return i * 8 + kind;
}
