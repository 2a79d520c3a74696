// The board's pointer tools as one small state machine, apart from the DOM so it is tested in node:
//   idle → painting (brush, erase, right-click with any tool) → idle
//   idle → dragging (rectangle) → idle
//   idle → marking (select, outside the selection) | moving (select, inside it) → idle
//   keyboard: idle → anchored (rectangle or select: Space/Enter or Shift+arrow) → idle (Enter commits, Esc cancels)
//   the layout tools (wall, portal, belt, spawn, hidden): their own state machine, layoutTools.svelte.ts,
//   loaded with the first version 2 level or game (layoutLoad.svelte.ts); this one hands them the events
// The board turns pointer and key events into cells and calls down/move/up/cancel/key. How each tool
// behaves comes from the tool table; every edit is registry intents through the editor store.
import { extractClip, mirrorRects, rectContains, rectFrom, type Clip, type Rect } from '../core/edit/index.ts';
import type { LevelT } from '../core/level/index.ts';
import { notice, type Notice } from '../core/notice.ts';
import { cellName, cellSpan } from '../core/cellName.ts';
import { cellIntent, eraseValue, isExitValue, isPieceValue, lineCells, mirroredCellIntents, mirroredFloodCells, mirroredRegionIntents, type BrushValue, type PieceValue } from './brush.ts';
import type { EditorStore } from './editor.svelte.ts';
import { toolSpec, type InCell } from './toolTable.ts';
import { layoutLoad } from './layoutLoad.svelte.ts';
import type { LayoutMode, LayoutTools } from './layoutTools.svelte.ts';
import * as block from './selection.ts';
import * as brushNotes from './brushNotes.ts';

export type Cell = [number, number];
export type BoardMode =
  | { kind: 'idle' }
  | { kind: 'painting'; last: Cell; start: Cell; erasing: boolean }
  | { kind: 'dragging'; from: Cell; to: Cell }
  | { kind: 'marking'; from: Cell; to: Cell }
  | { kind: 'moving'; grab: Cell; dx: number; dy: number; clip: Clip }
  /** Keyboard: a rectangle or selection anchored with Space/Enter (or Shift+arrow), grown with arrows. */
  | { kind: 'anchored'; tool: 'rect' | 'select'; from: Cell; to: Cell; before: Rect | null };

export type { InCell };

/** The keys the board itself handles (arrows, Space, Enter), with their modifiers. */
export interface BoardKey {
  key: string;
  shiftKey?: boolean;
  altKey?: boolean;
}

const ARROWS: Record<string, Cell> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class BoardTools {
  mode = $state.raw<BoardMode>({ kind: 'idle' });
  /** Where Shift+arrows extend the selection from. */
  private selAnchor: Cell | null = null;

  private layoutTools: LayoutTools | null = null;
  /** The layout tools' gesture (their own state machine's: layoutTools.svelte.ts). */
  layoutMode = $state.raw<LayoutMode>({ kind: 'idle' });

  /** Takes the editor as a getter, so a component passes its prop without freezing its first value. */
  constructor(private readonly editorOf: () => EditorStore) {}

  /** The layout tools' state machine, once its code is loaded (null before: their events do nothing yet). */
  get layout(): LayoutTools | null {
    const m = layoutLoad.module;
    return m ? (this.layoutTools ??= new m.LayoutTools(this.editorOf, this)) : null;
  }

  private get editor(): EditorStore {
    return this.editorOf();
  }

  private get level(): LevelT {
    return this.editor.level!;
  }
  private get spec() {
    return toolSpec(this.editor.tool);
  }
  private paintValue(erasing = this.editor.tool === 'erase'): BrushValue {
    return erasing ? eraseValue(this.editor.layer) : this.editor.value;
  }
  /** "Brush: Red", worded when the toolbar shows it (src/i18n/notice.ts, `step.paint`). */
  private strokeLabel(erasing: boolean, v: BrushValue, tool = erasing ? 'tool.erase' : this.spec.label): Notice {
    return notice('step.paint', { tool, value: JSON.stringify(v) });
  }

  // ── steps shared by pointer and keyboard ─────────────────────────────────────────────────────────

  /** Opens a stroke; a hidden active layer is shown again so the paint can be seen. */
  private beginStroke(erasing: boolean) {
    this.editor.beginStroke(this.strokeLabel(erasing, this.paintValue(erasing)));
    brushNotes.revealActiveLayer(this.editor);
  }

  /** Paints (or erases) one cell and its mirror images into the open stroke (a multi-cell piece: pieces()). */
  private strokeCell(x: number, y: number, erasing: boolean) {
    const v = this.paintValue(erasing);
    if (isPieceValue(v, this.editor.game)) return void this.pieces()?.paintPiece(this.editor, v, [x, y], this.refusedPiece);
    for (const intent of mirroredCellIntents(v, x, y, this.level, this.editor.mirror)) this.editor.strokeApply(intent);
  }

  /** Ends a stroke; an erase that changed nothing says so (and, like any no-op, records no step). */
  private finishStroke(erasing: boolean, at: Cell) {
    if (this.editor.endStroke()) return;
    if (erasing) brushNotes.explainEmptyErase(this.editor, at[0], at[1]);
    else brushNotes.explainRefusedPaint(this.editor, at[0], at[1]);
  }

  /** The rectangle tool's edit: the rectangle and its mirror images, one transaction. */
  private paintRect(from: Cell, to: Cell) {
    const v = this.paintValue();
    if (isPieceValue(v, this.editor.game)) return this.paintPieceRect(v, rectFrom(from, to));
    const r = this.editor.transact(this.strokeLabel(false, v), mirroredRegionIntents(v, ...from, ...to, this.level, this.editor.mirror));
    if (!r.ok) brushNotes.explainRefusedPaint(this.editor, ...from);
    brushNotes.revealActiveLayer(this.editor);
  }

  /**
   * The multi-cell pieces' painting (piecePaint.ts), loaded with the version 2 edits (the palette loads
   * them where a version 2 game's values are offered); not loaded yet: said, and the load started.
   */
  private readonly refusedPiece = (at: Cell, copy = false) => block.loadedBlockEdits()?.explainRefusedPiece(this.editor, at, copy);

  private pieces() {
    const m = block.loadedBlockEdits();
    if (m) return m;
    void block.loadBlockEdits();
    this.editor.notice = notice('sel.loading');
    return null;
  }

  /** The rectangle tool with a multi-cell piece: tiled with whole pieces, as a fill tiles them; one stroke. */
  private paintPieceRect(v: PieceValue, r: Rect) {
    this.editor.beginStroke(this.strokeLabel(false, v));
    brushNotes.revealActiveLayer(this.editor);
    this.pieces()?.paintPieceRect(this.editor, v, r, this.refusedPiece);
    this.editor.endStroke();
  }

  private fill(x: number, y: number) {
    const v = this.paintValue();
    this.editor.beginStroke(this.strokeLabel(false, v, 'tool.fill'));
    brushNotes.revealActiveLayer(this.editor);
    if (isPieceValue(v, this.editor.game)) this.pieces()?.fillPieces(this.editor, v, x, y, this.refusedPiece);
    else this.fillCells(v, x, y);
    this.editor.endStroke();
  }

  private fillCells(v: BrushValue, x: number, y: number) {
    const cells = mirroredFloodCells(this.level, this.editor.layer, x, y, this.editor.mirror, this.editor.game, isExitValue(v));
    for (const [fx, fy] of cells) this.editor.strokeApply(cellIntent(v, fx, fy));
  }

  /** One click's worth of the current tool on one cell (keyboard, and single-click tools). */
  applyAt(x: number, y: number, at?: InCell) {
    switch (this.editor.tool) {
      case 'wall':
      case 'portal':
      case 'belt':
      case 'spawn':
      case 'hidden':
        this.layout?.down([x, y], at);
        break;
      case 'brush':
      case 'erase': {
        const erasing = this.editor.tool === 'erase';
        this.beginStroke(erasing);
        this.strokeCell(x, y, erasing);
        this.finishStroke(erasing, [x, y]);
        break;
      }
      case 'rect':
        this.paintRect([x, y], [x, y]);
        break;
      case 'fill':
        this.fill(x, y);
        break;
      case 'eyedropper':
        brushNotes.pickAt(this.editor, x, y);
        break;
      case 'select':
        this.selAnchor = [x, y];
        this.editor.select({ x1: x, y1: y, x2: x, y2: y });
        break;
    }
  }

  // ── pointer ──────────────────────────────────────────────────────────────────────────────────────

  /** A press on a cell: button 0 uses the tool, button 2 (right-click) erases on the active layer. `at`: where in the cell (the Wall tool). */
  down(c: Cell, button: number, at?: InCell) {
    if (!this.editor.level || (button !== 0 && button !== 2)) return;
    if (this.mode.kind === 'anchored') this.mode = { kind: 'idle' }; // the pointer takes over from the keyboard
    const tool = this.editor.tool;
    if (this.spec.layout) {
      if (button === 0) this.applyAt(c[0], c[1], at);
      return;
    }
    if (button === 2 || tool === 'brush' || tool === 'erase') {
      const erasing = button === 2 || tool === 'erase';
      this.beginStroke(erasing);
      this.strokeCell(c[0], c[1], erasing);
      this.mode = { kind: 'painting', last: c, start: c, erasing };
    } else if (tool === 'rect') {
      this.mode = { kind: 'dragging', from: c, to: c };
    } else if (tool === 'select') {
      const s = this.editor.selection;
      this.mode = s && rectContains(s, c[0], c[1]) ? { kind: 'moving', grab: c, dx: 0, dy: 0, clip: extractClip(this.level, s) } : { kind: 'marking', from: c, to: c };
    } else this.applyAt(c[0], c[1]);
  }

  /** The pointer is over a cell (null: off the board); `at`: where in it (the Wall tool's aim). */
  move(c: Cell | null, at?: InCell) {
    const h = this.editor.hover;
    if (c?.[0] !== h?.[0] || c?.[1] !== h?.[1]) this.editor.hover = c; // only on a new cell
    if (this.spec.layout) this.layout?.move(c, at);
    if (!c) return;
    const m = this.mode;
    switch (m.kind) {
      case 'painting': {
        if (m.last[0] === c[0] && m.last[1] === c[1]) return;
        for (const [px, py] of lineCells(m.last[0], m.last[1], c[0], c[1]).slice(1)) this.strokeCell(px, py, m.erasing);
        this.mode = { ...m, last: c };
        break;
      }
      case 'dragging':
      case 'marking':
        if (m.to[0] !== c[0] || m.to[1] !== c[1]) this.mode = { ...m, to: c };
        break;
      case 'moving': {
        const [dx, dy] = block.clampMove(this.editor, c[0] - m.grab[0], c[1] - m.grab[1]);
        if (dx !== m.dx || dy !== m.dy) this.mode = { ...m, dx, dy };
        break;
      }
    }
  }

  up() {
    if (this.spec.layout) this.layout?.up();
    const m = this.mode;
    this.mode = { kind: 'idle' };
    switch (m.kind) {
      case 'painting':
        this.finishStroke(m.erasing, m.start);
        break;
      case 'dragging':
        this.paintRect(m.from, m.to);
        break;
      case 'marking':
        this.selAnchor = m.from;
        this.editor.select(rectFrom(m.from, m.to));
        this.editor.cursor = m.to;
        break;
      case 'moving':
        block.moveSelection(this.editor, m.dx, m.dy);
        break;
    }
  }

  /** The pointer was taken away mid-gesture: a stroke goes back, nothing else is applied. */
  cancel() {
    this.layout?.cancel();
    if (this.mode.kind === 'painting') this.editor.cancelStroke();
    this.mode = { kind: 'idle' };
  }

  // ── keyboard ─────────────────────────────────────────────────────────────────────────────────────

  /** Arrows, Space, Enter and Escape on the focused board. Returns whether the key was used. */
  key(e: BoardKey): boolean {
    if (!this.editor.level) return false;
    const m = this.mode;
    if (m.kind === 'anchored') {
      // Alt+arrows move a selection's cells: the selection grown so far is kept and then moved
      if (m.tool === this.editor.tool && !(m.tool === 'select' && e.altKey)) return this.anchoredKey(m, e);
      this.mode = { kind: 'idle' }; // the tool changed under the gesture, or Alt+arrows take the selection
    }
    if (this.spec.layout && this.layout?.key(e, (this.editor.cursor ??= [0, 0]), (c) => this.clampCell(c))) return true;
    const d = ARROWS[e.key];
    const tool = this.editor.tool;
    if (d && e.shiftKey && !e.altKey && (tool === 'rect' || tool === 'select')) {
      const from = tool === 'select' ? (this.selAnchor ?? this.editor.cursor ?? [0, 0]) : (this.editor.cursor ?? [0, 0]);
      this.anchor(tool, from, this.editor.selection);
      return this.anchoredKey(this.mode as Extract<BoardMode, { kind: 'anchored' }>, e);
    }
    if (d) {
      this.arrow(d, e);
      return true;
    }
    if (e.key === ' ' || e.key === 'Enter') {
      const [x, y] = (this.editor.cursor ??= [0, 0]);
      if (tool === 'rect' || tool === 'select') this.anchor(tool, [x, y], this.editor.selection);
      else this.applyAt(x, y);
      return true;
    }
    return false;
  }

  /** Starts a keyboard rectangle or selection at `from`. */
  private anchor(tool: 'rect' | 'select', from: Cell, before: Rect | null) {
    this.mode = { kind: 'anchored', tool, from, to: from, before };
    this.editor.cursor = from;
    if (tool === 'select') {
      this.selAnchor = from;
      this.editor.select(rectFrom(from, from));
    }
    this.editor.notice = notice(tool === 'rect' ? 'rect.anchored' : 'sel.anchored', { cell: cellName(...from) });
  }

  /** Keys while a keyboard rectangle or selection is open: arrows grow it, Enter/Space commit, Esc cancels. */
  private anchoredKey(m: Extract<BoardMode, { kind: 'anchored' }>, e: BoardKey): boolean {
    const d = ARROWS[e.key];
    if (d) {
      const to = this.clampCell([m.to[0] + d[0], m.to[1] + d[1]]);
      this.mode = { ...m, to };
      this.editor.cursor = to;
      if (m.tool === 'select') this.editor.select(rectFrom(m.from, to));
      return true;
    }
    const span = cellSpan(m.from[0], m.from[1], m.to[0], m.to[1]);
    if (e.key === 'Enter' || e.key === ' ') {
      this.mode = { kind: 'idle' };
      if (m.tool === 'rect') {
        this.paintRect(m.from, m.to);
        this.editor.notice ??= notice('rect.painted', { cells: span });
      } else this.editor.notice = notice('sel.kept', { cells: span });
      return true;
    }
    if (e.key === 'Escape') {
      this.mode = { kind: 'idle' };
      if (m.tool === 'select') this.editor.select(m.before);
      this.editor.notice = notice(m.tool === 'rect' ? 'rect.cancelled' : 'sel.cancelled');
      return true;
    }
    return false;
  }

  private clampCell([x, y]: Cell): Cell {
    return [Math.max(0, Math.min(this.level.width - 1, x)), Math.max(0, Math.min(this.level.height - 1, y))];
  }

  /** Arrows move the cursor; with Select, Alt+arrows move the selection's cells (Shift+arrows: anchoredKey). */
  private arrow([dx, dy]: Cell, e: BoardKey) {
    const ed = this.editor;
    const [cx, cy] = ed.cursor ?? [0, 0];
    const next: Cell = [Math.max(0, Math.min(this.level.width - 1, cx + dx)), Math.max(0, Math.min(this.level.height - 1, cy + dy))];
    if (ed.tool === 'select' && e.altKey && ed.selection) {
      const [mx, my] = block.clampMove(ed, dx, dy);
      if (block.moveSelection(ed, mx, my)) ed.cursor = [cx + mx, cy + my];
      return;
    }
    ed.cursor = next;
  }

  // ── what the board draws for the gesture ─────────────────────────────────────────────────────────

  /** The rectangle tool's marquee and its mirror images. */
  marquees(): Rect[] {
    const m = this.mode;
    const open = m.kind === 'dragging' || (m.kind === 'anchored' && m.tool === 'rect' && this.editor.tool === 'rect');
    return open ? mirrorRects(rectFrom(m.from, m.to), this.level.width, this.level.height, this.editor.mirror) : [];
  }

  /** The keyboard gesture open on the board, for the readout: its tool and the cells it covers. */
  anchoredSpan(): { tool: 'rect' | 'select'; rect: Rect } | null {
    const m = this.mode;
    return m.kind === 'anchored' && m.tool === this.editor.tool ? { tool: m.tool, rect: rectFrom(m.from, m.to) } : null;
  }

  /** The selection as drawn: being marked, being moved, or at rest; only with the Select tool. */
  selectionShown(): Rect | null {
    if (this.editor.tool !== 'select') return null;
    const m = this.mode;
    if (m.kind === 'marking') return rectFrom(m.from, m.to);
    const s = this.editor.selection;
    if (!s) return null;
    return m.kind === 'moving' ? { x1: s.x1 + m.dx, y1: s.y1 + m.dy, x2: s.x2 + m.dx, y2: s.y2 + m.dy } : s;
  }
}
