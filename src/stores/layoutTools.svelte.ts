// The board's layout tools (RULES §12.3) as one small state machine beside BoardTools, loaded with the
// first version 2 level or game (layoutLoad.svelte.ts), not with the first page:
//   wall:   the pointer over a cell aims at the nearest edge between two cells (wallAim: the board draws it,
//           `outer` when the nearest edge of all is the board's own, which has no wall); a click (or
//           Space/Enter on the right edge, Shift for the bottom) puts or takes a wall there
//   portal: idle → portalFrom (the entry) → idle (the exit: one add_portal); a portal's cell → portalPicked
//   belt:   a drag through neighbouring cells → one add_belt; by keyboard Space/Enter starts and adds the
//           cursor's cell, Enter on the path's last cell lays it, Esc drops it; a belt's cell → beltPicked
//   spawn:  a click on a fall path's first cell → one set_spawner (colours only; its list is edited in the
//           level properties); a spawner's cell → spawnerPicked
//   hidden: a drag (or Space/Enter, arrows, Enter) marks a rectangle → one add_hidden; a rectangle's cell → hiddenPicked
// Delete (or Backspace) removes what is picked, or what is under the cursor; Esc lets go. Every edit is
// one registry intent through the editor's transact (one undo step); a refusal says §12's reason.
import { notice, type Notice } from '../core/notice.ts';
import { cellName, cellSpan } from '../core/cellName.ts';
import type { EditorStore, TransactResult } from './editor.svelte.ts';
import type { InCell, PaintTool } from './toolTable.ts';

type Cell = [number, number];
type Edge = { x: number; y: number; side: 'right' | 'bottom' };
type Layout = {
  walls?: Edge[];
  portals?: { from: Cell; to: Cell }[];
  belts?: { cells: Cell[] }[];
  spawners?: { at: Cell; spawn: unknown[] }[];
  hidden?: { at: Cell; size: Cell }[];
};
export type LayoutMode =
  | { kind: 'idle' }
  /** The Wall tool's aim under the pointer: the edge a click changes (`on`: it has a wall), `outer` when the pointer is nearer the board's outer edge. */
  | { kind: 'wallAim'; edge: Edge; outer: boolean; on: boolean }
  | { kind: 'portalFrom'; from: Cell }
  | { kind: 'portalPicked'; n: number }
  /** A belt being laid: its cells so far, in order. */
  | { kind: 'belt'; cells: Cell[]; keyboard: boolean }
  | { kind: 'beltPicked'; n: number }
  | { kind: 'spawnerPicked'; at: Cell }
  /** A hidden rectangle being marked from one corner to the other. */
  | { kind: 'hidden'; from: Cell; to: Cell; keyboard: boolean }
  | { kind: 'hiddenPicked'; n: number };

/** The keys the board hands over, with their modifiers. */
interface Key {
  key: string;
  shiftKey?: boolean;
}

const TOOL_OF: Record<Exclude<LayoutMode['kind'], 'idle'>, PaintTool> = {
  wallAim: 'wall',
  portalFrom: 'portal',
  portalPicked: 'portal',
  belt: 'belt',
  beltPicked: 'belt',
  spawnerPicked: 'spawn',
  hidden: 'hidden',
  hiddenPicked: 'hidden',
};
const same = (a: Cell, b: Cell) => a[0] === b[0] && a[1] === b[1];
const neighbours = (a: Cell, b: Cell) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
const ARROWS: Record<string, Cell> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const isDelete = (e: Key) => e.key === 'Delete' || e.key === 'Backspace';
const rectOf = (a: Cell, b: Cell) => ({ x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), w: Math.abs(a[0] - b[0]) + 1, h: Math.abs(a[1] - b[1]) + 1 });

export class LayoutTools {
  /**
   * `box` holds the gesture's state (BoardTools' `layoutMode`): state made where the component is built,
   * not in the reaction that first reads this object (which would not see its later changes).
   */
  constructor(
    private readonly editorOf: () => EditorStore,
    private readonly box: { layoutMode: LayoutMode },
  ) {}

  get mode(): LayoutMode {
    return this.box.layoutMode;
  }
  set mode(m: LayoutMode) {
    this.box.layoutMode = m;
  }

  private get editor(): EditorStore {
    return this.editorOf();
  }
  private get layout(): Layout {
    return this.editor.level as unknown as Layout;
  }

  /** The gesture open with the current tool (one begun with another tool is let go). */
  current(): LayoutMode {
    const m = this.mode;
    return m.kind !== 'idle' && TOOL_OF[m.kind] !== this.editor.tool ? { kind: 'idle' } : m;
  }

  private say(key: string, params?: Notice['params']) {
    this.editor.notice = notice(key, params);
  }
  /** One registry intent as one undo step; the notice says what happened, or §12's reason for a refusal. */
  private edit(label: Notice, tool: string, args: Record<string, unknown>, done: Notice): TransactResult {
    const r = this.editor.transact(label, [{ tool, args }]);
    this.editor.notice = r.ok ? done : notice('layout.refused', { reason: r.reason ?? r.error });
    return r;
  }

  // what is on a cell
  private beltAt(c: Cell): number {
    return (this.layout.belts ?? []).findIndex((b) => b.cells.some((k) => same(k, c))) + 1;
  }
  private hiddenAt([x, y]: Cell): number {
    return (this.layout.hidden ?? []).findIndex((h) => x >= h.at[0] && x < h.at[0] + h.size[0] && y >= h.at[1] && y < h.at[1] + h.size[1]) + 1;
  }
  private spawnerAt(c: Cell): boolean {
    return (this.layout.spawners ?? []).some((s) => same(s.at, c));
  }
  private portalAt(c: Cell): number {
    return (this.layout.portals ?? []).findIndex((p) => same(p.from, c) || same(p.to, c)) + 1;
  }

  // ── wall and portal ─────────────────────────────────────────────────────────────────────────────

  private hasWall(e: Edge): boolean {
    return (this.layout.walls ?? []).some((w) => w.x === e.x && w.y === e.y && w.side === e.side);
  }

  /**
   * The edge a click at `at` (where in cell c) changes: the nearest edge between two cells, written as
   * walls are (a cell's right or bottom edge). `outer`: the nearest edge of all is the board's outer one,
   * which has no wall (RULES §12.3: a wall stands between two cells), so the click goes on the next nearest.
   */
  wallAim([x, y]: Cell, [fx, fy]: InCell): Extract<LayoutMode, { kind: 'wallAim' }> | null {
    const { width, height } = this.editor.level!;
    const near: [number, Edge][] = [
      [1 - fx, { x, y, side: 'right' }],
      [fx, { x: x - 1, y, side: 'right' }],
      [1 - fy, { x, y, side: 'bottom' }],
      [fy, { x, y: y - 1, side: 'bottom' }],
    ];
    const inner = ([, w]: [number, Edge]) => w.x >= 0 && w.y >= 0 && (w.side === 'right' ? w.x + 1 < width : w.y + 1 < height);
    near.sort((a, b) => a[0] - b[0]);
    const edge = near.find(inner)?.[1];
    return edge ? { kind: 'wallAim', edge, outer: !inner(near[0]), on: this.hasWall(edge) } : null;
  }

  /** What the board's readout says of the aim, as keys of the tools' words (loaded with them): the edge a click changes, and that the outer edge has none. */
  aimSaid(m: Extract<LayoutMode, { kind: 'wallAim' }>): Notice[] {
    const said = [notice(`wall.aim.${m.on ? 'off' : 'on'}.${m.edge.side}`, { cell: cellName(m.edge.x, m.edge.y) })];
    return m.outer ? [...said, notice('wall.aim.outer')] : said;
  }

  /** Puts a wall on an edge, or takes the one there off; `outer`: the pointer was nearer the board's edge (the notice says why the wall went here). */
  toggleWall(e: Edge, outer = false) {
    const has = this.hasWall(e);
    const what = `${has ? 'off' : 'on'}.${e.side}`;
    const cell = cellName(e.x, e.y);
    this.edit(notice(`step.wall.${what}`, { cell }), 'set_wall', { ...e, on: !has }, notice(`wall.${outer ? 'outer.' : ''}${what}`, { cell }));
    if (this.mode.kind === 'wallAim') this.mode = { ...this.mode, on: this.hasWall(this.mode.edge) };
  }

  /** The Portal tool on a cell: pick an existing portal, choose an entry, or (with an entry chosen) the exit. */
  private portal(c: Cell) {
    const m = this.current();
    if (m.kind === 'portalFrom') {
      this.mode = { kind: 'idle' };
      if (same(m.from, c)) return this.say('portal.cancelled');
      const words = { from: cellName(...m.from), to: cellName(...c) };
      this.edit(notice('step.portal', words), 'add_portal', { from_x: m.from[0], from_y: m.from[1], to_x: c[0], to_y: c[1] }, notice('portal.added', words));
      return;
    }
    const n = this.portalAt(c);
    this.mode = n > 0 ? { kind: 'portalPicked', n } : { kind: 'portalFrom', from: c };
    if (n > 0) this.say('portal.picked', { n });
    else this.say('portal.from', { cell: cellName(...c) });
  }

  // ── belt ────────────────────────────────────────────────────────────────────────────────────────

  /** Starts a belt on a free cell, or picks the belt a cell is on. */
  private beltStart(c: Cell, keyboard: boolean) {
    const n = this.beltAt(c);
    if (n > 0) {
      this.mode = { kind: 'beltPicked', n };
      return this.say('belt.picked', { n });
    }
    this.mode = { kind: 'belt', cells: [c], keyboard };
    this.say(keyboard ? 'belt.startedKeys' : 'belt.started', { cell: cellName(...c) });
  }

  /** Takes the belt a step to `c`: a neighbour not on it is added, the cell before the last takes the last back. */
  private beltStep(m: Extract<LayoutMode, { kind: 'belt' }>, c: Cell): boolean {
    const cells = m.cells;
    if (cells.length > 1 && same(cells[cells.length - 2], c)) {
      this.mode = { ...m, cells: cells.slice(0, -1) };
      return true;
    }
    if (!neighbours(cells[cells.length - 1], c) || cells.some((k) => same(k, c))) return false;
    this.mode = { ...m, cells: [...cells, c] };
    return true;
  }

  /** The pointer dragged to `c`: every cell between (a row first, then a column) joins the path in order. */
  private beltDrag(c: Cell) {
    for (;;) {
      const m = this.mode;
      if (m.kind !== 'belt') return;
      const last = m.cells[m.cells.length - 1];
      if (same(last, c)) return;
      const next: Cell = last[0] !== c[0] ? [last[0] + Math.sign(c[0] - last[0]), last[1]] : [last[0], last[1] + Math.sign(c[1] - last[1])];
      if (!this.beltStep(m, next)) return;
    }
  }

  /** Lays the belt being drawn: one add_belt of its cells in order. */
  private beltLay(cells: Cell[]) {
    this.mode = { kind: 'idle' };
    if (cells.length < 2) return this.say('belt.short');
    const words = { from: cellName(...cells[0]), to: cellName(...cells[cells.length - 1]), n: cells.length };
    this.edit(notice('step.belt', words), 'add_belt', { cells }, notice('belt.added', words));
  }

  /** Space/Enter with the Belt tool: start, add the cursor's cell, or (Enter on the last cell) lay the belt. */
  private beltKey(c: Cell, enter: boolean) {
    const m = this.current();
    if (m.kind !== 'belt') return this.beltStart(c, true);
    const last = m.cells[m.cells.length - 1];
    if (enter && same(last, c)) return this.beltLay(m.cells);
    if (this.beltStep(m, c)) this.say('belt.cells', { n: (this.mode as typeof m).cells.length, cell: cellName(...c) });
    else this.say('belt.notNext', { cell: cellName(...c), last: cellName(...last) });
  }

  // ── spawner ─────────────────────────────────────────────────────────────────────────────────────

  /** The Spawn tool on a cell: a spawner there is picked; else one is put there (colours only until its list is edited). */
  private spawner(c: Cell) {
    const cell = cellName(...c);
    if (this.spawnerAt(c)) {
      this.mode = { kind: 'spawnerPicked', at: c };
      return this.say('spawner.picked', { cell });
    }
    const r = this.edit(notice('step.spawner', { cell }), 'set_spawner', { x: c[0], y: c[1] }, notice('spawner.added', { cell }));
    if (r.ok) this.mode = { kind: 'spawnerPicked', at: c };
  }

  // ── hidden ──────────────────────────────────────────────────────────────────────────────────────

  private hiddenStart(c: Cell, keyboard: boolean) {
    const n = this.hiddenAt(c);
    if (n > 0) {
      this.mode = { kind: 'hiddenPicked', n };
      return this.say('hidden.picked', { n });
    }
    this.mode = { kind: 'hidden', from: c, to: c, keyboard };
    if (keyboard) this.say('hidden.anchored', { cell: cellName(...c) });
  }

  private hiddenLay(from: Cell, to: Cell) {
    this.mode = { kind: 'idle' };
    const r = rectOf(from, to);
    const words = { cells: cellSpan(r.x, r.y, r.x + r.w - 1, r.y + r.h - 1) };
    this.edit(notice('step.hidden', words), 'add_hidden', { x: r.x, y: r.y, width: r.w, height: r.h }, notice('hidden.added', words));
  }

  /** What removing hidden piece n says: a find objective above the pieces left follows them down (remove_hidden); with none left the level warns. */
  private hiddenRemoved(n: number): Notice {
    const left = (this.layout.hidden?.length ?? 1) - 1;
    const find = this.editor.level?.objectives.find((o) => o.type === 'find');
    if (find && left > 0 && find.count > left) return notice('hidden.removedFind', { n, count: left });
    if (find && left === 0) return notice('hidden.removedLast', { n });
    return notice('hidden.removed', { n });
  }

  // ── Delete and Escape ───────────────────────────────────────────────────────────────────────────

  /** Removes what is picked, else what the cursor is on, with the current tool. */
  private remove(cursor: Cell | null): boolean {
    const m = this.current();
    const tool = this.editor.tool;
    this.mode = { kind: 'idle' };
    if (tool === 'portal') {
      const n = m.kind === 'portalPicked' ? m.n : cursor ? this.portalAt(cursor) : 0;
      if (n > 0) this.edit(notice('step.portalOff', { n }), 'remove_portal', { n }, notice('portal.removed', { n }));
      return n > 0;
    }
    if (tool === 'belt') {
      const n = m.kind === 'beltPicked' ? m.n : cursor ? this.beltAt(cursor) : 0;
      if (n > 0) this.edit(notice('step.beltOff', { n }), 'remove_belt', { n }, notice('belt.removed', { n }));
      return n > 0;
    }
    if (tool === 'hidden') {
      const n = m.kind === 'hiddenPicked' ? m.n : cursor ? this.hiddenAt(cursor) : 0;
      if (n > 0) this.edit(notice('step.hiddenOff', { n }), 'remove_hidden', { n }, this.hiddenRemoved(n));
      return n > 0;
    }
    const at = m.kind === 'spawnerPicked' ? m.at : cursor && this.spawnerAt(cursor) ? cursor : null;
    if (tool !== 'spawn' || !at) return false;
    const cell = cellName(...at);
    this.edit(notice('step.spawnerOff', { cell }), 'remove_spawner', { x: at[0], y: at[1] }, notice('spawner.removed', { cell }));
    return true;
  }

  /** Esc: lets go of what is open or picked. */
  private escape(): boolean {
    const m = this.current();
    if (m.kind === 'idle' || m.kind === 'wallAim') return false;
    this.mode = { kind: 'idle' };
    this.say(m.kind === 'portalFrom' ? 'portal.cancelled' : m.kind === 'belt' ? 'belt.cancelled' : m.kind === 'hidden' ? 'hidden.cancelled' : 'layout.letGo');
    return true;
  }

  // ── what the board calls ────────────────────────────────────────────────────────────────────────

  /** A press (button 0) on a cell with a layout tool; `at`: where in the cell (Wall: the edge nearest it). */
  down(c: Cell, at?: InCell) {
    switch (this.editor.tool) {
      case 'wall': {
        const aim = at && this.wallAim(c, at);
        return aim ? this.toggleWall(aim.edge, aim.outer) : this.toggleWall({ x: c[0], y: c[1], side: 'right' });
      }
      case 'portal':
        return this.portal(c);
      case 'belt':
        return this.beltStart(c, false);
      case 'spawn':
        return this.spawner(c);
      case 'hidden':
        return this.hiddenStart(c, false);
    }
  }

  /** The pointer is over a cell (null: off the board): the Wall tool aims, a belt or rectangle being dragged follows it. */
  move(c: Cell | null, at?: InCell) {
    const m = this.current();
    if (this.editor.tool === 'wall') {
      const aim = c && at ? this.wallAim(c, at) : null;
      const same = aim && m.kind === 'wallAim' && m.outer === aim.outer && m.on === aim.on && m.edge.x === aim.edge.x && m.edge.y === aim.edge.y && m.edge.side === aim.edge.side;
      if (!same && (aim || m.kind === 'wallAim')) this.mode = aim ?? { kind: 'idle' };
      return;
    }
    if (!c) return;
    if (m.kind === 'belt' && !m.keyboard) this.beltDrag(c);
    else if (m.kind === 'hidden' && !m.keyboard && !same(m.to, c)) this.mode = { ...m, to: c };
  }

  /** The press ends: a dragged belt or rectangle is laid. */
  up() {
    const m = this.current();
    if (m.kind === 'belt' && !m.keyboard) this.beltLay(m.cells);
    else if (m.kind === 'hidden' && !m.keyboard) this.hiddenLay(m.from, m.to);
  }

  /** The pointer was taken away mid-gesture: nothing is laid. */
  cancel() {
    const m = this.current();
    if ((m.kind === 'belt' || m.kind === 'hidden') && !m.keyboard) this.mode = { kind: 'idle' };
  }

  /** A key on the focused board with a layout tool, the cursor at `cursor`. Returns whether it was used. */
  key(e: Key, cursor: Cell | null, clamp: (c: Cell) => Cell): boolean {
    const m = this.current();
    if (isDelete(e)) return this.remove(cursor);
    if (e.key === 'Escape') return this.escape();
    const d = ARROWS[e.key];
    if (d && m.kind === 'hidden' && m.keyboard) {
      const to = clamp([m.to[0] + d[0], m.to[1] + d[1]]);
      this.mode = { ...m, to };
      this.editor.cursor = to;
      return true;
    }
    if (e.key !== ' ' && e.key !== 'Enter') return false;
    const c = cursor ?? [0, 0];
    switch (this.editor.tool) {
      case 'wall':
        this.toggleWall({ x: c[0], y: c[1], side: e.shiftKey ? 'bottom' : 'right' });
        break;
      case 'belt':
        this.beltKey(c, e.key === 'Enter');
        break;
      case 'hidden':
        if (m.kind === 'hidden') this.hiddenLay(m.from, m.to);
        else this.hiddenStart(c, true);
        break;
      default:
        this.down(c);
    }
    return true;
  }
}
