// A move's animation as a list of frames: the view after each beat, and the beat's natural length
// (playTiming.ts shortens them together to fit about a second). Built from the engine's step events
// (src/core/sim/events.ts): a clear step's clear, its later waves of effects and gates (RULES §12.2),
// its fall and settle and its slides; under version 2 also the belts' shift, portals carrying pieces
// out in another column, the emitters' placements and the countdowns' tick (RULES §12.5). Each frame
// says what it lights (`flashes`), for the board to mark; items taken at exit cells light those cells.
import type { StepEvent, WaveMark } from '../core/sim/events.ts';
import { beatMs, stepBeats, type StepBeat } from './playTiming.ts';
import { clearPhase, fallPhase, settlePhase, slidePhase, type Flash, type ViewBoard, type ViewTile } from './playView.ts';

export interface Frame {
  view: ViewBoard;
  beat: StepBeat;
  /** The beat's natural length (ms at 1×). */
  ms: number;
}

/** A portal of the level (RULES §12.3), [x, y] cells: what a carried piece lights. */
export interface PortalXY {
  from: readonly [number, number];
  to: readonly [number, number];
}

type Lists = Pick<StepEvent, 'removed' | 'coverHits' | 'elementHits' | 'groundHits'>;
const LISTS = ['removed', 'coverHits', 'elementHits', 'groundHits'] as const;

/** The part of a step's hit lists that wave k made (0: the step's own clear, before the first mark). */
export function waveSlice(e: StepEvent, k: number): Lists {
  const marks: readonly WaveMark[] = e.waves ?? [];
  const out = {} as Record<(typeof LISTS)[number], unknown[]>;
  for (const name of LISTS) {
    const from = k === 0 ? 0 : marks[k - 1][name];
    const to = k < marks.length ? marks[k][name] : e[name].length;
    out[name] = e[name].slice(from, to);
  }
  return out as Lists;
}

const cellsOf = (l: Lists) => [...l.removed.map((r) => r.cell), ...l.coverHits.map((h) => h.cell), ...l.elementHits.map((h) => h.cell), ...l.groundHits.map((h) => h.cell)];

/** The cells a wave lights: its gates' pieces as 'gate', every other cell it hit as 'effect'. */
function waveFlashes(l: Lists, mark: WaveMark): Flash[] {
  const gates = new Set(mark.gates);
  const gated = new Set([...l.removed.filter((r) => gates.has(r.tile)).map((r) => r.cell), ...l.coverHits.filter((h) => gates.has(h.cover) && h.left === 0).map((h) => h.cell)]);
  return [...new Set(cellsOf(l))].map((cell) => ({ cell, kind: gated.has(cell) ? 'gate' : 'effect' }));
}

/** The portal ends a fall into another column went through (a portal from that column into the other). */
function portalFlashes(v: ViewBoard, falls: readonly { from: number; to: number }[], portals: readonly PortalXY[]): Flash[] {
  const out = new Map<number, Flash>();
  for (const f of falls) {
    const fx = f.from % v.width, tx = f.to % v.width;
    if (fx === tx) continue;
    for (const p of portals)
      if (p.from[0] === fx && p.to[0] === tx)
        for (const [x, y] of [p.from, p.to]) out.set(y * v.width + x, { cell: y * v.width + x, kind: 'portal' });
  }
  return [...out.values()];
}

const tileAt = (v: ViewBoard, tiles: ViewTile[], cell: number) => tiles.find((t) => t.state !== 'pop' && t.x === cell % v.width && t.y === ((cell / v.width) | 0));

/** The belts' shift: every listed slot moves at once; a move between cells that are not neighbours (a belt's return) comes out there. */
export function beltPhase(v: ViewBoard, shifted: readonly { from: number; to: number }[]): ViewBoard {
  const tiles = v.tiles.filter((t) => t.state !== 'pop').map((t) => ({ ...t, state: t.state === 'warp' ? ('idle' as const) : t.state }));
  const movers = shifted.map((s) => ({ s, t: tileAt(v, tiles, s.from) }));
  for (const { s, t } of movers) {
    if (!t) continue;
    const x = s.to % v.width, y = (s.to / v.width) | 0;
    if (Math.abs(x - t.x) + Math.abs(y - t.y) !== 1) t.state = 'warp';
    t.x = x;
    t.y = y;
  }
  return { ...v, tiles, flashes: shifted.map((s) => ({ cell: s.to, kind: 'belt' })) };
}

let seq = 1e9; // ids of placed pieces (reconcile keeps them; they never meet playView's own ids)

/**
 * Spreading and emitters: each target's colour tile gives way to the element, which appears in place;
 * a spreading ground lays its one layer under the cell's tile.
 */
export function emitPhase(v: ViewBoard, e: Pick<StepEvent, 'spread' | 'emitted'>): ViewBoard {
  const tiles = v.tiles.filter((t) => t.state !== 'pop').map((t) => ({ ...t }));
  const flashes: Flash[] = [];
  const grounds = e.spread.filter((s) => s.ground);
  const cells = grounds.length ? v.cells.map((c) => ({ ...c })) : v.cells;
  for (const g of grounds) {
    cells[g.cell].ground = { type: g.element, layers: 1 };
    flashes.push({ cell: g.cell, kind: 'emit' });
  }
  const placed = [...e.spread.filter((s) => !s.ground).map((s) => ({ cell: s.cell, tile: s.element, by: -1 })), ...(e.emitted ?? [])];
  for (const p of placed) {
    const old = tileAt(v, tiles, p.cell);
    if (old) old.state = 'pop';
    tiles.push({ id: ++seq, tile: p.tile, hp: 1, x: p.cell % v.width, y: (p.cell / v.width) | 0, state: 'warp' });
    flashes.push({ cell: p.cell, kind: 'emit' });
    if (p.by >= 0) flashes.push({ cell: p.by, kind: 'emit' });
  }
  return { ...v, tiles, cells, flashes };
}

/** Items taken at exit cells leave (version 2 records them before the gravity that follows). */
export function exitPhase(v: ViewBoard, cells: readonly number[]): ViewBoard {
  const tiles = v.tiles.map((t) => ({ ...t }));
  for (const c of cells) {
    const t = tileAt(v, tiles, c);
    if (t) t.state = 'pop';
  }
  return { ...v, tiles };
}

/** The countdowns' tick: each piece shows what it has left. */
export function tickPhase(v: ViewBoard, countdowns: readonly { cell: number; left: number }[]): ViewBoard {
  const tiles = v.tiles.filter((t) => t.state !== 'pop').map((t) => ({ ...t }));
  for (const c of countdowns) {
    const t = tileAt(v, tiles, c.cell);
    if (t) t.countdown = c.left;
  }
  return { ...v, tiles, flashes: countdowns.map((c) => ({ cell: c.cell, kind: 'tick' })) };
}

/** The frames of one step, from the view before it. */
export function stepFrames(v: ViewBoard, e: StepEvent, portals: readonly PortalXY[] = []): Frame[] {
  const out: Frame[] = [];
  let wave = 0;
  const lit = (view: ViewBoard, flashes: Flash[] = []): ViewBoard => ({ ...view, flashes });
  for (const beat of stepBeats(e)) {
    if (beat === 'clear') v = lit(clearPhase(v, { ...e, ...waveSlice(e, wave++) }));
    else if (beat === 'wave') {
      const slice = waveSlice(e, wave);
      v = lit(clearPhase(v, { ...e, ...slice, created: [] }), waveFlashes(slice, e.waves![wave - 1]));
      wave++;
    } else if (beat === 'fall') v = lit(fallPhase(v, e), portalFlashes(v, e.falls, portals));
    else if (beat === 'settle') v = lit(settlePhase(v), v.flashes?.filter((f) => f.kind === 'portal'));
    else if (beat === 'slides') {
      // the diagonal slides of a step (one after another in the engine) drawn together: tiles glide from where they were to where they end
      const flashes: Flash[] = [];
      for (const s of e.slides) {
        flashes.push(...portalFlashes(v, s.falls, portals));
        if (s.exited) {
          v = exitPhase(v, s.exited);
          flashes.push(...s.exited.map((cell): Flash => ({ cell, kind: 'exit' })));
        }
        v = settlePhase(fallPhase(slidePhase(v, s), s));
      }
      v = lit(v, flashes);
    } else if (beat === 'belt') v = beltPhase(v, e.shifted ?? []);
    else if (beat === 'emit') v = emitPhase(v, e);
    else if (beat === 'tick') v = tickPhase(v, e.countdowns ?? []);
    out.push({ view: v, beat, ms: beatMs(beat) });
  }
  return out;
}

/** The frames of a move's steps, in order (the swap before them is the play-test's own beat). */
export function moveFrames(v: ViewBoard, steps: readonly StepEvent[], portals: readonly PortalXY[] = []): Frame[] {
  const out: Frame[] = [];
  for (const e of steps) {
    const f = stepFrames(v, e, portals);
    if (f.length) v = f[f.length - 1].view;
    out.push(...f);
  }
  return out;
}
