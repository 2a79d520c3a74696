// A literal, slow reading of RULES §2 and §11.2 for boards without refill or randomness: taps and
// swaps, match groups, the events each cell gathers (match, adjacent, blast), one hit on its top layer
// (shielding), tile elements' hp, ground by `cleared` and `blast`, "through-matches" spreading,
// specials made by groups and fired by blasts (rockets and bombs, and their combos; a rainbow's colour
// depends on when it fires, so a board with a rainbow is not played here), gravity of rules versions 1
// and 2 with falling and non-falling elements, exits after every gravity (under rules 2 once the loop
// has settled), cascades. Written from the RULES
// text on plain arrays (no engine code), for the differential test in gameProperties.test.ts.
//
// `legacy`: the engine's reading where it differs from RULES §11.2 word for word (docs/rules.md §6, "a cell
// is affected once a step"):
// a cell whose top layer a match or adjacent event already hit in the step, and the cell of the
// special the move uses, take no `blast` event (so their ground keeps the blast's layer).
import { DEFAULT_DAMAGE, type GameDef } from '../../../src/core/game/types.ts';

export const EMPTY = 12;
export const VOID = 11;
export const ELEM0 = 16;
const ROCKET_H = 6, ROCKET_V = 7, BOMB = 8, RAINBOW = 9;
const M = 1, A = 2, BL = 4, C = 8;

export interface RefState {
  w: number;
  h: number;
  /** Gravity rules version (RULES §2.6, §2.6b). */
  rules?: 1 | 2;
  tile: number[];
  hp: number[];
  cover: number[];
  coverKind: number[];
  ground: number[];
  groundKind: number[];
  exitCell: number[];
  score: number;
  exited: number[];
  removed: number[];
}

export interface RefGame {
  damage: number[];
  falls: boolean[];
  exit: boolean[];
  spreadGrounds: number[];
}

export function refGame(def: GameDef): RefGame {
  const bit = { match: M, adjacent: A, blast: 4, cleared: C, effect: 16 } as const;
  return {
    damage: def.elements.map((e) => (e.layer === 'tile' && e.exit ? 0 : (e.damage ?? DEFAULT_DAMAGE[e.layer]).reduce((s, ev) => s | bit[ev], 0))),
    falls: def.elements.map((e) => e.layer === 'tile' && !!e.falls),
    exit: def.elements.map((e) => e.layer === 'tile' && !!e.exit),
    spreadGrounds: def.elements.flatMap((e, i) => (e.layer === 'ground' && e.spread === 'through-matches' ? [i] : [])),
  };
}

const isColour = (t: number) => t < 6;
/** A colour tile or special with no cover, or a falling element: what gravity moves. */
const movable = (s: RefState, g: RefGame, i: number) => s.cover[i] === 0 && (s.tile[i] < 10 || (s.tile[i] >= ELEM0 && g.falls[s.tile[i] - ELEM0]));
/** What holds up the column above it: a non-falling element or a covered tile. */
const blocker = (s: RefState, g: RefGame, i: number) => s.cover[i] > 0 || (s.tile[i] >= ELEM0 && !g.falls[s.tile[i] - ELEM0]);

interface Line {
  cells: number[];
  vertical: boolean;
}

/** Lines of 3+ tiles of one colour (covered tiles included), by row then by column. */
function lines(s: RefState): Line[] {
  const out: Line[] = [];
  const { w, h, tile } = s;
  for (const vertical of [false, true]) {
    const outer = vertical ? w : h, inner = vertical ? h : w;
    for (let o = 0; o < outer; o++) {
      let k = 0;
      while (k < inner) {
        const at = (j: number) => (vertical ? j * w + o : o * w + j);
        const t = tile[at(k)];
        let e = k + 1;
        while (e < inner && tile[at(e)] === t) e++;
        if (isColour(t) && e - k >= 3) out.push({ cells: Array.from({ length: e - k }, (_, j) => at(k + j)), vertical });
        k = e;
      }
    }
  }
  return out;
}

/** Groups: lines that share a cell are one group. */
function groups(s: RefState): Line[][] {
  const ls = lines(s);
  const parent = ls.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < ls.length; i++)
    for (let j = i + 1; j < ls.length; j++) if (ls[i].cells.some((c) => ls[j].cells.includes(c))) parent[find(i)] = find(j);
  const by = new Map<number, Line[]>();
  ls.forEach((l, i) => by.set(find(i), [...(by.get(find(i)) ?? []), l]));
  return [...by.values()];
}

/** Whether swapping a and c makes a line through one of them (the swap's validity for two non-specials). */
export function swapMakesLine(s: RefState, a: number, c: number): boolean {
  const t = s.tile.slice();
  [t[a], t[c]] = [t[c], t[a]];
  return lines({ ...s, tile: t }).some((l) => l.cells.includes(a) || l.cells.includes(c));
}

/** Swappable: a colour tile or special with no cover, or a swappable element (`swappable` passed in). */
export function gravity(s: RefState, g: RefGame): void {
  const { w, h } = s;
  for (let x = 0; x < w; x++) {
    // segments between blockers, each from the bottom: its movable pieces close up downwards
    let y = h - 1;
    while (y >= 0) {
      const cells: number[] = [];
      while (y >= 0 && !blocker(s, g, y * w + x)) {
        if (s.tile[y * w + x] !== VOID) cells.push(y * w + x);
        y--;
      }
      y--; // the blocker
      const pieces = cells.filter((i) => s.tile[i] !== EMPTY).map((i) => [s.tile[i], s.hp[i]]);
      cells.forEach((i, k) => {
        if (k < pieces.length) [s.tile[i], s.hp[i]] = pieces[k];
        else [s.tile[i], s.hp[i]] = [EMPTY, 0];
      });
    }
  }
}

/** Only voids and empty cells above i: a refill would fill it. */
function openToTop(s: RefState, i: number): boolean {
  for (let j = i - s.w; j >= 0; j -= s.w) if (s.tile[j] !== EMPTY && s.tile[j] !== VOID) return false;
  return true;
}

/**
 * Rules version 2 (RULES §2.6b) without refill: fall, then one diagonal slide (bottom row first, left
 * to right; upper-left, else upper-right, holding a movable piece), again until nothing moves. Without
 * refill a cell open to the top waits for a tile to come and takes no slide (docs/rules.md §5, the
 * engine's reading for boards without refill).
 */
/** Slides made by gravity2 (so a test can tell that its games slid at all). */
export const refCounts = { slides: 0 };

export function gravity2(s: RefState, g: RefGame): void {
  const { w, h } = s;
  for (;;) {
    gravity(s, g);
    let slid = false;
    for (let y = h - 1; y >= 1 && !slid; y--)
      for (let x = 0; x < w && !slid; x++) {
        const i = y * w + x;
        if (s.tile[i] !== EMPTY || openToTop(s, i)) continue;
        for (const src of [x > 0 ? i - w - 1 : -1, x < w - 1 ? i - w + 1 : -1]) {
          if (src < 0 || s.tile[src] === EMPTY || s.tile[src] === VOID || !movable(s, g, src)) continue;
          [s.tile[i], s.hp[i], s.tile[src], s.hp[src]] = [s.tile[src], s.hp[src], EMPTY, 0];
          slid = true;
          refCounts.slides++;
          break;
        }
      }
    if (!slid) return;
  }
}

/** Gravity (of the board's rules version), then items on exits go (counted), and gravity again until none stands on an exit. */
export function gravityAndExits(s: RefState, g: RefGame): void {
  for (;;) {
    if (s.rules === 2) gravity2(s, g);
    else gravity(s, g);
    let any = false;
    for (let i = 0; i < s.tile.length; i++) {
      const t = s.tile[i];
      if (s.exitCell[i] && t >= ELEM0 && g.exit[t - ELEM0]) {
        s.exited[t - ELEM0]++;
        s.tile[i] = EMPTY;
        s.hp[i] = 0;
        any = true;
      }
    }
    if (!any) return;
  }
}

/** A board this reference does not play (a rainbow could be fired). */
export class Unsupported extends Error {}

/** The cells a rocket or bomb at i blasts (voids left out). */
function area(s: RefState, type: number, i: number): number[] {
  const { w, h } = s, x = i % w, y = (i / w) | 0;
  const out: number[] = [];
  const add = (cx: number, cy: number) => {
    if (cx >= 0 && cy >= 0 && cx < w && cy < h && s.tile[cy * w + cx] !== VOID) out.push(cy * w + cx);
  };
  if (type === ROCKET_H) for (let k = 0; k < w; k++) add(k, y);
  else if (type === ROCKET_V) for (let k = 0; k < h; k++) add(x, k);
  else if (type === BOMB) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) add(x + dx, y + dy);
  else throw new Unsupported('rainbow');
  return out;
}

/** Two specials swapped together, meeting at i (RULES §2.4), rainbows left out. */
function comboArea(s: RefState, p: number, q: number, i: number): number[] {
  const { w, h } = s, x = i % w, y = (i / w) | 0;
  const rocket = (t: number) => t === ROCKET_H || t === ROCKET_V;
  if (p === RAINBOW || q === RAINBOW) throw new Unsupported('rainbow');
  const cells = new Set<number>();
  const row = (r: number) => r >= 0 && r < h && area(s, ROCKET_H, r * w + Math.max(0, Math.min(w - 1, x))).forEach((c) => cells.add(c));
  const col = (c: number) => c >= 0 && c < w && area(s, ROCKET_V, Math.max(0, Math.min(h - 1, y)) * w + c).forEach((k) => cells.add(k));
  if (rocket(p) && rocket(q)) {
    row(y);
    col(x);
  } else if (rocket(p) || rocket(q)) {
    for (let d = -1; d <= 1; d++) {
      row(y + d);
      col(x + d);
    }
  } else {
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const cx = x + dx, cy = y + dy;
        if (cx >= 0 && cy >= 0 && cx < w && cy < h && s.tile[cy * w + cx] !== VOID) cells.add(cy * w + cx);
      }
  }
  return [...cells];
}

/** What the move sets off in its own step: the specials it uses up and the cells their blasts reach. */
interface Fire {
  used: number[];
  blasted: number[];
}

/** One clear step; false when there is no group and nothing fires, or the step changed nothing. */
export function step(s: RefState, g: RefGame, n: number, swapped: number[], fire: Fire | null = null, legacy = false): boolean {
  const gs = groups(s);
  if (!gs.length && !fire) return false;
  const { w, h } = s, size = w * h;
  const ev = new Array(size).fill(0);
  for (const grp of gs)
    for (const l of grp)
      for (const i of l.cells) {
        ev[i] |= M;
        const x = i % w, y = (i / w) | 0;
        for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]])
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && s.tile[ny * w + nx] !== VOID) ev[ny * w + nx] |= A;
      }
  // blasts, and the specials they reach (each fires once)
  const used = new Set(fire?.used ?? []);
  const fired = new Set<number>(used);
  const queue = [...(fire?.blasted ?? [])];
  while (queue.length) {
    const i = queue.shift()!;
    ev[i] |= BL;
    const t = s.tile[i];
    if (t >= 6 && t <= 9 && s.cover[i] === 0 && !fired.has(i)) {
      fired.add(i);
      queue.push(...area(s, t, i));
    }
  }
  // specials decided before the hits (RULES §2.4)
  const places: [number, number][] = [];
  for (const grp of gs) {
    const maxLen = Math.max(...grp.map((l) => l.cells.length));
    const dirs = new Set(grp.map((l) => l.vertical));
    const fourH = grp.some((l) => !l.vertical && l.cells.length === 4), fourV = grp.some((l) => l.vertical && l.cells.length === 4);
    const special = maxLen >= 5 ? RAINBOW : dirs.size === 2 ? BOMB : fourH ? ROCKET_V : fourV ? ROCKET_H : -1;
    if (special < 0) continue;
    const cells = [...new Set(grp.flatMap((l) => l.cells))];
    let at = cells.find((i) => swapped.includes(i)) ?? -1;
    if (at < 0) {
      const open = cells.filter((i) => s.cover[i] === 0).sort((p, q) => ((q / w) | 0) - ((p / w) | 0) || (p % w) - (q % w));
      at = open.length ? open[0] : -1;
    }
    if (at >= 0) places.push([at, special]);
  }
  const groundBefore = s.ground.slice(), kindBefore = s.groundKind.slice();
  let changed = false;
  for (let i = 0; i < size; i++) {
    let e = ev[i];
    if (!e && !used.has(i)) continue;
    let removed = false;
    const t = s.tile[i];
    if (legacy) {
      // the engine: the first event to hit the top layer marks the cell, a later blast does nothing there
      const nonBlast = e & (M | A);
      const topHit = used.has(i) || (s.cover[i] > 0 ? (g.damage[s.coverKind[i]] & nonBlast) !== 0 : t >= ELEM0 ? (g.damage[t - ELEM0] & nonBlast) !== 0 : t < 10 && (nonBlast & M) !== 0);
      if (topHit) e &= ~BL;
    }
    if (used.has(i)) {
      s.tile[i] = EMPTY;
      s.score += 10 * n;
      removed = true;
      changed = true;
    } else if (s.cover[i] > 0) {
      if (g.damage[s.coverKind[i]] & e) {
        s.cover[i]--;
        changed = true;
      }
    } else if (t >= ELEM0) {
      if (g.damage[t - ELEM0] & e) {
        changed = true;
        if (--s.hp[i] === 0) {
          s.removed[t - ELEM0]++;
          s.tile[i] = EMPTY;
          s.score += 10 * n;
          removed = true;
        }
      }
    } else if ((t < 6 && e & (M | BL)) || (t >= 6 && t < 10 && e & BL)) {
      s.tile[i] = EMPTY;
      s.hp[i] = 0;
      s.score += 10 * n;
      removed = true;
      changed = true;
    }
    if (s.ground[i] > 0 && ((removed && g.damage[s.groundKind[i]] & C) || (e & BL && g.damage[s.groundKind[i]] & BL))) {
      s.ground[i]--;
      changed = true;
    }
  }
  for (const gk of g.spreadGrounds)
    for (const grp of gs) {
      const cells = [...new Set(grp.flatMap((l) => l.cells))];
      if (!cells.some((i) => groundBefore[i] > 0 && kindBefore[i] === gk)) continue;
      for (const i of cells)
        if (s.ground[i] === 0) {
          s.ground[i] = 1;
          s.groundKind[i] = gk;
          changed = true;
        }
    }
  for (const [i, t] of places) s.tile[i] = t;
  if (!changed) return false;
  gravityAndExits(s, g);
  return true;
}

/** A move: a swap of a and c (a is the dragged tile, c where it goes), or a tap on a (c = -1). */
export function playRefMove(s: RefState, g: RefGame, a: number, c: number, legacy = false): void {
  let fire: Fire | null = null;
  if (c < 0) {
    fire = { used: [a], blasted: area(s, s.tile[a], a) };
    if (!step(s, g, 1, [], fire, legacy)) return;
  } else {
    [s.tile[a], s.tile[c]] = [s.tile[c], s.tile[a]];
    [s.hp[a], s.hp[c]] = [s.hp[c], s.hp[a]];
    const moved = s.tile[c], partner = s.tile[a];
    const special = (t: number) => t >= 6 && t <= 9;
    if (special(moved) && special(partner)) fire = { used: [c, a], blasted: comboArea(s, moved, partner, c) };
    else if (special(moved)) fire = { used: [c], blasted: area(s, moved, c) };
    else if (special(partner)) fire = { used: [a], blasted: area(s, partner, a) };
    if (!step(s, g, 1, [a, c], fire, legacy)) return;
  }
  for (let n = 2; step(s, g, n, [], null, legacy); n++);
}

/** A swap of two non-specials (kept for the callers that play only those). */
export function playSwap(s: RefState, g: RefGame, a: number, c: number): void {
  playRefMove(s, g, a, c);
}
