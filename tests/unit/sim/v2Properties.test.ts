// Property tests over random version 2 games and levels (RULES §12; tests/unit/sim/v2Cases.ts):
// games played by the novice bot (some by the greedy one), and after every move, read from the
// public snapshot: no match on a stable board, immovable elements never move (but with a belt),
// belts conserve their slots (a belt's anvils turn one cell on per move, hp and all), fall paths and
// portals conserve pieces (the pebbles), gates open only at their count, counters never go down,
// multi-cell pieces stay whole where they were painted, the objectives agree with a recount of the
// board, coloured pieces keep a level colour and a countdown in range, and the status follows
// §12.5's order (win, then countdown, then the move limit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGame } from '../../../src/core/game/schema.ts';
import { registerGames } from '../../../src/core/game/registry.ts';
import type { ElementDef } from '../../../src/core/game/types.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { createBot } from '../../../src/core/sim/bots/index.ts';
import { botMove, createGame, legalMoves, playMove, snapshot, type GameSnapshot, type PlayGame } from '../../../src/core/sim/play.ts';
import { COUNTER, PALETTE, v2CaseArb, type V2Case } from './v2Cases.ts';

/** `FUZZ=long` (npm run fuzz's switch) plays ten times as many games. */
const RUNS = process.env.FUZZ === 'long' ? 10 : 1;
const COLOURS = new Set<string>(PALETTE);

type Cell = GameSnapshot['cells'][number][number] & { color?: string; countdown?: number; anchor?: { x: number; y: number } };
type Snap = GameSnapshot & { counters?: Record<string, number>; found?: number };
const snap = (g: PlayGame) => snapshot(g) as Snap;
const cellAt = (s: Snap, x: number, y: number) => s.cells[y][x] as Cell;

/** The colour a cell shows in a line (a colour tile or a coloured piece), or null. */
function lineColour(c: Cell, defs: Map<string, ElementDef>): string | null {
  if (!c.tile) return null;
  if (c.cover && defs.get(c.cover.type)?.blocksMatch) return null;
  if (COLOURS.has(c.tile)) return c.tile;
  return c.color ?? null;
}

/** A line of 3+ of one colour, not cut by a wall, with an uncovered cell (that cell's tile would go). */
function hasLine(s: Snap, defs: Map<string, ElementDef>, walls: Set<string>): string | null {
  const { width: w, height: h } = s;
  const runs = (len: number, at: (k: number) => [number, number], cut: (k: number) => boolean) => {
    let k = 0;
    while (k < len) {
      const [x, y] = at(k);
      const col = lineColour(cellAt(s, x, y), defs);
      let e = k + 1;
      while (e < len && !cut(e - 1) && col !== null && lineColour(cellAt(s, ...at(e)), defs) === col) e++;
      if (col !== null && e - k >= 3) for (let j = k; j < e; j++) if (!cellAt(s, ...at(j)).cover) return `${col} line at (${x},${y})`;
      k = e;
    }
    return null;
  };
  for (let y = 0; y < h; y++) {
    const r = runs(w, (k) => [k, y], (k) => walls.has(`${k},${y},right`));
    if (r) return r;
  }
  for (let x = 0; x < w; x++) {
    const r = runs(h, (k) => [x, k], (k) => walls.has(`${x},${k},bottom`));
    if (r) return r;
  }
  return null;
}

const count = (s: Snap, id: string) => s.cells.flat().filter((c) => c.tile === id).length;
const holds = (c: Cell, id: string) => c.tile === id || c.cover?.type === id || c.ground?.type === id;

/** What the games exercised, so that the invariants are not checked on nothing. */
const tally = { moves: 0, beltTurns: 0, portalGames: 0, gatesOpened: 0, countdownLosses: 0, multiCells: 0, found: 0, effectsTicked: 0 };

interface Ctx {
  c: V2Case;
  defs: Map<string, ElementDef>;
  walls: Set<string>;
  beltIndex: Map<string, number>;
  anchors: Map<string, { id: string; hp: number }>;
}

function checkBoard(s: Snap, ctx: Ctx, where: string): void {
  const { c, defs } = ctx;
  const colours = new Set(PALETTE.slice(0, c.level.colors));
  for (let y = 0; y < s.height; y++)
    for (let x = 0; x < s.width; x++) {
      const cell = cellAt(s, x, y), at = `${where} (${x},${y})`;
      const d = cell.tile ? defs.get(cell.tile) : undefined;
      if (d?.colored) {
        expect(colours.has(cell.color as never), `${at}: a coloured piece of colour ${cell.color}`).toBe(true);
        if (d.countdown) {
          const left = cell.countdown ?? 0; // (a piece at 0 may show none)
          expect(left, at).toBeGreaterThanOrEqual(0);
          expect(left, at).toBeLessThanOrEqual(d.countdown);
          if (s.status === 'playing') expect(left, `${at}: playing with a countdown at 0`).toBeGreaterThan(0);
        }
        expect(cell.cover, `${at}: a coloured piece under a cover`).toBeNull();
      }
      if (d && !d.colored && cell.tile) expect(cell.hp, at).toBeLessThanOrEqual(d.hp ?? 1);
      // multi-cell pieces stay whole and where they were painted
      if (cell.anchor) {
        tally.multiCells++;
        const a = ctx.anchors.get(`${cell.anchor.x},${cell.anchor.y}`);
        expect(a?.id, `${at}: a multi-cell cell whose anchor was never painted there`).toBe(cell.tile);
        const [sw, sh] = defs.get(cell.tile!)!.size!;
        expect(x >= cell.anchor.x && x < cell.anchor.x + sw && y >= cell.anchor.y && y < cell.anchor.y + sh, `${at}: outside its piece`).toBe(true);
        for (let yy = cell.anchor.y; yy < cell.anchor.y + sh; yy++)
          for (let xx = cell.anchor.x; xx < cell.anchor.x + sw; xx++) {
            const o = cellAt(s, xx, yy);
            expect([o.tile, o.hp, o.anchor], `${at}: its piece is not whole at (${xx},${yy})`).toEqual([cell.tile, cell.hp, cell.anchor]);
          }
      } else if (d?.size) expect.fail(`${at}: a cell of a multi-cell piece without its anchor`);
    }
  const line = hasLine(s, defs, ctx.walls);
  expect(line, `${where}: a match on the stable board`).toBeNull();
}

function checkMove(g: PlayGame, ctx: Ctx, p: Snap, ctxText: string): void {
  const { c, defs, beltIndex } = ctx;
  const s = snap(g);
  checkBoard(s, ctx, ctxText);
  const belt = c.belt;
  // anvils (immune, static) move only with the belt: one cell on, hp and all; pebbles (immune, falling) are never lost
  for (let y = 0; y < s.height; y++)
    for (let x = 0; x < s.width; x++) {
      const now = cellAt(s, x, y), bi = beltIndex.get(`${x},${y}`);
      const from = bi === undefined ? [x, y] : belt![(bi + belt!.length - 1) % belt!.length];
      const was = cellAt(p, from[0], from[1]);
      const where = `${ctxText} (${x},${y})`;
      if (was.tile === 'anvil') expect([now.tile, now.hp], `${where}: an anvil did not ${bi === undefined ? 'stay' : 'turn with its belt'}`).toEqual(['anvil', was.hp]);
      else expect(now.tile, `${where}: an anvil came from nowhere`).not.toBe('anvil');
      if (bi !== undefined && was.tile === 'anvil') tally.beltTurns++;
      // other immovable pieces (static, not swappable, that no spawn, emitter or spreading places) stay off belts
      const d = now.tile ? defs.get(now.tile) : undefined;
      if (bi === undefined && d && !d.falls && !d.swappable && !d.colored && !d.spread && !isPlaced(c, now.tile!) && now.tile !== 'anvil')
        expect(cellAt(p, x, y).tile, `${where}: ${now.tile} moved here`).toBe(now.tile);
    }
  expect(count(s, 'pebble'), `${ctxText}: pebbles lost or made`).toBe(count(p, 'pebble'));
  // counters and gates
  const counters = s.counters ?? {};
  for (const [k, v] of Object.entries(p.counters ?? {})) expect(counters[k], `${ctxText}: counter ${k} went down`).toBeGreaterThanOrEqual(v);
  if ((counters[COUNTER] ?? 0) > (p.counters?.[COUNTER] ?? 0)) tally.effectsTicked++;
  for (const e of c.game.elements) {
    if (!e.gate) continue;
    const open = (counters[e.gate.counter] ?? 0) >= e.gate.at;
    if (open) {
      if (count(p, e.id) > 0) tally.gatesOpened++;
      expect(count(s, e.id), `${ctxText}: gate ${e.id} open (counter ${counters[e.gate.counter]}) but pieces left`).toBe(0);
    } else expect(count(s, e.id), `${ctxText}: a closed gate's piece ${e.id} went`).toBe(count(p, e.id));
  }
  // objectives against a recount of the board
  const nonVoid = s.cells.flat().filter((cell) => cell.tile !== 'void');
  for (const o of s.objectives) {
    const ob = o.objective as { type: string; element?: string; count?: number };
    if (ob.type === 'clear') expect(o.complete, `${ctxText}: clear ${ob.element}`).toBe(!s.cells.flat().some((cell) => holds(cell as Cell, ob.element!)));
    if (ob.type === 'cover') expect(o.complete, `${ctxText}: cover ${ob.element}`).toBe(nonVoid.every((cell) => cell.ground?.type === ob.element));
    if (ob.type === 'find') {
      const rects = (c.level as unknown as { hidden?: { at: [number, number]; size: [number, number] }[] }).hidden ?? [];
      const bare = rects.filter((r) => !cellAt(s, r.at[0], r.at[1]).ground).length;
      expect(s.found, `${ctxText}: found`).toBeGreaterThanOrEqual(Math.max(bare, p.found ?? 0));
      expect(s.found, ctxText).toBeLessThanOrEqual(rects.length);
      expect(o.complete, ctxText).toBe((s.found ?? 0) >= ob.count!);
      if (s.found) tally.found++;
    }
    const before = p.objectives[o.index];
    if (ob.type === 'collect' || ob.type === 'bring_down' || ob.type === 'find') expect(o.done, `${ctxText}: ${ob.type} progress went back`).toBeGreaterThanOrEqual(before.done);
    if (o.complete) expect(o.done, ctxText).toBe(o.target);
  }
  // status in §12.5's order: win, countdown, move limit
  const all = s.objectives.every((o) => o.complete);
  const zero = s.cells.flat().some((cell) => {
    const d = cell.tile ? defs.get(cell.tile) : undefined;
    return !!d?.colored && !!d.countdown && ((cell as Cell).countdown ?? 0) === 0;
  });
  expect(s.movesUsed, ctxText).toBe(p.movesUsed + 1);
  if (all) expect(s.status, `${ctxText}: every objective complete but not won`).toBe('won');
  else if (zero) {
    expect([s.status, s.reason], `${ctxText}: a countdown at 0`).toEqual(['lost', 'countdown']);
    tally.countdownLosses++;
  } else if (s.movesUsed >= c.level.moves) expect([s.status, s.reason], ctxText).toEqual(['lost', 'moves']);
  else if (s.status === 'lost') expect(s.reason, ctxText).toBe('unsolvable');
  else {
    expect(s.status, ctxText).toBe('playing');
    expect(legalMoves(g).length, `${ctxText}: playing with no move`).toBeGreaterThan(0);
  }
  if (s.status === 'lost' && s.reason === 'countdown') expect(zero, `${ctxText}: lost to a countdown with none at 0`).toBe(true);
}

/** Whether the element can enter a cell during play (a level or spawner entry, or an emitter's element). */
function isPlaced(c: V2Case, id: string): boolean {
  const l = c.level as unknown as { spawn?: { element: string }[]; spawners?: { spawn: { element: string }[] }[] };
  return (
    (l.spawn ?? []).some((e) => e.element === id) ||
    (l.spawners ?? []).some((sp) => sp.spawn.some((e) => e.element === id)) ||
    c.game.elements.some((e) => e.emit?.element === id)
  );
}

function contextOf(c: V2Case): Ctx {
  const defs = new Map(c.game.elements.map((e) => [e.id, e]));
  const l = c.level as unknown as { walls?: { x: number; y: number; side: string }[] };
  const walls = new Set((l.walls ?? []).map((w) => `${w.x},${w.y},${w.side}`));
  const beltIndex = new Map((c.belt ?? []).map(([x, y], i) => [`${x},${y}`, i]));
  const anchors = new Map<string, { id: string; hp: number }>();
  c.level.cells.forEach((row, y) =>
    row.forEach((cell, x) => {
      const d = cell.tile ? defs.get(cell.tile) : undefined;
      if (d?.size) anchors.set(`${x},${y}`, { id: d.id, hp: (cell as { hp?: number }).hp ?? 1 });
    }),
  );
  return { c, defs, walls, beltIndex, anchors };
}

describe('properties of random version 2 games (RULES §12)', () => {
  it('generated version 2 games and levels are valid files', () => {
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        const pg = parseGame(c.game);
        expect(pg.ok ? [] : pg.problems, JSON.stringify(c.game)).toEqual([]);
        const pl = parseLevel(c.level, { games: [c.game] });
        expect(pl.ok ? [] : pl.problems, JSON.stringify(c.level)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('after every move of the novice (and greedy) bot, the invariants of §12 hold', () => {
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const ctx = contextOf(c);
        if ((c.level as unknown as { portals?: unknown[] }).portals) tally.portalGames++;
        const g = createGame(c.level, { seed: c.seed, record: false });
        checkBoard(snap(g), ctx, 'start');
        expect(Object.values(snap(g).counters ?? {}).every((v) => v === 0), 'counters at the start').toBe(true);
        const bot = createBot(c.greedy ? 'average' : 'novice');
        bot.reset(c.seed ^ 0x5bd1e995);
        for (let k = 0; snapshot(g).status === 'playing' && k < 30; k++) {
          const m = botMove(g, bot);
          expect(m, 'playing with no move').not.toBeNull();
          const p = snap(g);
          const r = playMove(g, m!);
          expect(r.ok ? '' : r.error).toBe('');
          checkMove(g, ctx, p, `move ${k + 1} (${JSON.stringify(m)})`);
          tally.moves++;
        }
      }),
      { numRuns: 60 * RUNS },
    );
    expect(tally.moves, JSON.stringify(tally)).toBeGreaterThan(250);
    for (const k of ['beltTurns', 'portalGames', 'gatesOpened', 'countdownLosses', 'multiCells', 'found', 'effectsTicked'] as const) expect(tally[k], `${k}: ${JSON.stringify(tally)}`).toBeGreaterThan(0);
  });

  it('a version 2 game replays identically from its seed', () => {
    fc.assert(
      fc.property(v2CaseArb, fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), (c, picks) => {
        registerGames([c.game]);
        const run = () => {
          const g = createGame(c.level, { seed: c.seed, record: false });
          const out = [JSON.stringify(snapshot(g))];
          for (const k of picks) {
            const ms = legalMoves(g);
            if (!ms.length) break;
            const r = playMove(g, ms[k % ms.length]);
            out.push(JSON.stringify(r), JSON.stringify(snapshot(g)));
          }
          return out;
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 30 * RUNS },
    );
  });
});
