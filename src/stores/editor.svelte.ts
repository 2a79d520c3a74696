// The level being edited, its history, and the editor's tool state. Every change — brush stroke, form
// edit, slash command, copilot turn — enters through `transact` (or a stroke), as registry intents.
import { History, lastMade, type Transaction } from '../core/history/index.ts';
import { isColorOrRandom, levelWarnings, type LevelT } from '../core/level/index.ts';
import type { LevelWarning } from '../core/level/index.ts';
import { applyIntent, applyIntents, type Intent } from '../core/tools/index.ts';
import { clampRect, extractClip, transformClip, type Clip, type ClipTransform, type MirrorMode, type Rect } from '../core/edit/index.ts';
import { layerHasContent, LAYERS, startValues, topLayer, valueAt, type BrushValue, type Layer, type PaintTool } from './brush.ts';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import type { GameDef } from '../core/game/types.ts';
import { gameById } from '../core/game/known.ts';
import { cellName } from '../core/cellName.ts';
import { notice, word, type Notice, type StepLabel } from '../core/notice.ts';

export type TransactResult = { ok: true; level: LevelT } | { ok: false; error: string };

interface Stroke {
  label: StepLabel;
  before: LevelT;
  intents: Intent[];
}

/** The next undo and redo of a history beside the levels' (the game changes), with their places in the order of steps (nextSeq). */
export interface OuterNext {
  undo: { label: StepLabel; seq: number } | null;
  redo: { label: StepLabel; seq: number } | null;
}

/**
 * A history the toolbar's Undo and Redo reach beside the open level's: the workspace's game changes
 * (src/stores/games.svelte.ts), each one step. `next` is read reactively; `step` answers with the
 * outcome (null: nothing to do; ok false: refused, with the reason as data).
 */
export interface OuterSteps {
  readonly next: OuterNext;
  step(way: 'undo' | 'redo'): Promise<OuterOutcome | null>;
}

/** An outer step's outcome: refused when levels it rewrote changed since (`changed`) or would not fit (`breaks`). */
export type OuterOutcome = { ok: true } | { ok: false; reason: string; levels?: readonly { name: string }[] };

/** What the toolbar's Undo or Redo would do next: a step of the open level's or of the outer history. */
export interface NextStep {
  label: StepLabel;
  outer: boolean;
}

/** Undo steps kept per level that is not open, and how many such levels keep a history. */
export const CLOSED_STEPS = 100;
export const CLOSED_HISTORIES = 100;

export class EditorStore {
  level = $state.raw<LevelT | null>(null);
  /** Bumped on every history change so `canUndo`/`canRedo` stay reactive. */
  rev = $state(0);
  tool = $state<PaintTool>('brush');
  layer = $state<Layer>('tile');
  values = $state<Record<Layer, BrushValue>>(startValues(CLASSIC_GAME));
  /**
   * The open level's game (classic when none is open, or when its game is not known yet): what the
   * palette offers and the board draws. Bumping `gamesRev` reads the registry again (a game registered
   * or edited while its level is open).
   */
  gamesRev = $state(0);
  game = $derived.by((): GameDef => (this.gamesRev, gameById(this.level?.game ?? CLASSIC_GAME.id) ?? CLASSIC_GAME));
  /** Mirror painting for brush, rectangle, fill and erase. */
  mirror = $state<MirrorMode>('off');
  /** Layers hidden on the board (hidden, not removed: the level keeps them). */
  hidden = $state<Record<Layer, boolean>>({ tile: false, cover: false, ground: false });
  /** The Select tool's rectangle on the open level. */
  selection = $state.raw<Rect | null>(null);
  /** What Copy or Cut took; kept when another level is opened, so it pastes across levels. */
  clipboard = $state.raw<Clip | null>(null);
  /** The cell under the pointer, and the keyboard cursor on the board: where a paste lands. */
  hover = $state.raw<[number, number] | null>(null);
  cursor = $state.raw<[number, number] | null>(null);
  /** Cells a reference in the report or a warning points at ("B3–D5" clicked): outlined on the board until dismissed. */
  outline = $state.raw<Rect | null>(null);
  /** A one-line message about the last action (an erase that found nothing, a copy), worded by the palette; cleared when the next edit starts. */
  notice = $state.raw<Notice | null>(null);

  /**
   * The engine's check (no valid first move) comes with the simulator's code, which loads just after
   * the page (docs/performance.md, "First load"); until then the list holds the level model's own warnings.
   */
  private engineChecks = $state.raw<((level: LevelT) => LevelWarning[]) | null>(null);
  /** Resolves once the warnings include the engine's check (the store shows the core's one list, `warningsOf`). */
  readonly engineChecksLoaded: Promise<void> = import('../core/sim/checks.ts').then(
    ({ warningsOf }) => {
      this.engineChecks = warningsOf;
    },
    // the chunk did not load (a network fault before the service worker had it): the level's own warnings stay
    () => {},
  );
  warnings = $derived(this.level ? (this.engineChecks ?? levelWarnings)(this.level) : []);
  canUndo = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).canUndo : false));
  canRedo = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).canRedo : false));
  undoLabel = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).undoLabel : undefined));
  redoLabel = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).redoLabel : undefined));

  /** The game changes' history (the workspace sets it once the games store has loaded). */
  outer = $state.raw<OuterSteps | null>(null);
  /** True while an outer step is being undone or redone (the toolbar waits for it). */
  outerBusy = $state(false);
  /**
   * What the toolbar's Undo and Redo (and Ctrl+Z, Ctrl+Y) take next: the open level's step or the
   * outer history's (a game change), whichever the designer made (or, for redo, undid) last.
   */
  nextUndo = $derived.by(() => (this.rev, this.nextOf('undo')));
  nextRedo = $derived.by(() => (this.rev, this.nextOf('redo')));

  private histories = new Map<string, History>();
  private stroke: Stroke | null = null;
  /** Called with every new level value (autosave, workspace list). */
  onChange: ((level: LevelT) => void) | null = null;

  get value(): BrushValue {
    return this.values[this.layer];
  }
  setValue(v: BrushValue) {
    this.values = { ...this.values, [v.layer]: v };
    this.layer = v.layer;
  }

  historyOf(id: string): History {
    let h = this.histories.get(id);
    if (!h) this.histories.set(id, (h = new History()));
    return h;
  }

  /**
   * A level that is no longer open keeps its last CLOSED_STEPS steps, and only the CLOSED_HISTORIES
   * most recently open levels keep a history at all: memory does not grow with the catalogue.
   */
  private boundHistories(closing: string | undefined) {
    if (closing) {
      const h = this.histories.get(closing);
      if (h) {
        h.trimTo(CLOSED_STEPS);
        this.histories.delete(closing);
        this.histories.set(closing, h); // most recent last
      }
    }
    for (const id of this.histories.keys()) {
      if (this.histories.size <= CLOSED_HISTORIES) break;
      if (id !== this.level?.id) this.histories.delete(id);
    }
  }

  /** How many levels' histories are kept (test hook for the bound). */
  get historyCount(): number {
    return this.histories.size;
  }

  /** Shows another level; each level keeps its own history for the session. */
  open(level: LevelT) {
    this.cancelStroke();
    const closing = this.level && this.level.id !== level.id ? this.level.id : undefined;
    const before = this.game;
    this.level = level;
    this.gameChanged(before);
    this.boundHistories(closing);
    this.selection = null;
    this.hover = this.cursor = null;
    this.outline = null;
    this.notice = null;
    this.rev++;
  }

  /** Another game's level (or the game set on this one): the palette's values become that game's. */
  private gameChanged(before: GameDef) {
    if (this.game !== before) this.values = startValues(this.game);
  }

  /** Tells the store a game was registered, replaced or removed (the palette and board read it again). */
  gamesChanged() {
    const before = this.game;
    this.gamesRev++;
    this.gameChanged(before);
  }

  private set(level: LevelT) {
    const before = this.game;
    this.level = level;
    this.gameChanged(before);
    // a resize (or its undo) can leave the selection partly off the board
    if (this.selection) this.selection = clampRect(this.selection, level.width, level.height);
    this.onChange?.(level);
  }

  /** Applies intents as one undo step. A refused intent refuses the whole transaction. */
  transact(label: StepLabel, intents: Intent[]): TransactResult {
    const before = this.level;
    if (!before) return { ok: false, error: 'no level is open' };
    this.notice = null; // a notice is about the last action; this is a new one
    const r = applyIntents(before, intents);
    if (r.error) return { ok: false, error: r.error };
    this.commit(label, intents, before, r.level);
    return { ok: true, level: r.level };
  }

  /** Records an already computed change (a copilot turn's draft) as one undo step. */
  commit(label: StepLabel, intents: Intent[], before: LevelT, after: LevelT): boolean {
    if (this.historyOf(before.id).commit({ label, intents, before, after })) {
      this.rev++;
      this.set(after);
      return true;
    }
    return false;
  }

  /**
   * Records a change to a level that may not be the open one (tuning a pack): one undo step in that
   * level's own history, saved through onChange; the open level stays open.
   */
  commitTo(label: StepLabel, intents: Intent[], before: LevelT, after: LevelT, group?: string) {
    if (this.level?.id === before.id) {
      if (!this.historyOf(before.id).commit({ label, intents, before, after, group })) return false;
      this.rev++;
      this.set(after);
      return true;
    }
    if (!this.historyOf(before.id).commit({ label, intents, before, after, group })) return false;
    this.onChange?.(after);
    this.boundHistories(before.id);
    return true;
  }

  /**
   * Takes back (or brings again) every level's step of a group, the open level's included: a pack
   * tuning is one undo step, whichever level the designer undoes it from. Returns the levels changed.
   */
  private stepGroup(group: string, way: 'undo' | 'redo', except?: string): LevelT[] {
    const out: LevelT[] = [];
    for (const [id, h] of this.histories) {
      if (id === except) continue;
      const top = way === 'undo' ? h.lastDone : h.lastUndone;
      if (top?.group !== group) continue;
      const tx = way === 'undo' ? h.undo() : h.redo();
      if (!tx) continue;
      const value = way === 'undo' ? tx.before : tx.after;
      out.push(value);
      if (this.level?.id === id) this.set(value);
      else this.onChange?.(value);
    }
    if (out.length) this.rev++;
    return out;
  }
  undoGroup(group: string): LevelT[] {
    if (this.stroke) return [];
    return this.stepGroup(group, 'undo');
  }

  /**
   * Shows a version of the open level written elsewhere (another tab, or a merge with one) as one
   * undo step, without saving it again. A stroke in progress is replayed on top of it.
   */
  adopt(level: LevelT, label: StepLabel) {
    const before = this.stroke?.before ?? this.level;
    if (!before || before.id !== level.id) return;
    if (this.historyOf(level.id).commit({ label, intents: [], before, after: level })) this.rev++;
    if (!this.stroke) {
      this.level = level;
      return;
    }
    this.stroke.before = level;
    let painted = level;
    for (const intent of this.stroke.intents) {
      const r = applyIntent(painted, intent);
      if (r.ok) painted = r.level;
    }
    this.level = painted;
  }

  beginStroke(label: StepLabel) {
    if (!this.level) return;
    this.notice = null;
    this.stroke = { label, before: this.level, intents: [] };
  }
  get stroking() {
    return this.stroke !== null;
  }

  /** Paints during a drag: applied at once for feedback, recorded when the stroke ends. */
  strokeApply(intent: Intent) {
    if (!this.stroke || !this.level) return;
    const r = applyIntent(this.level, intent);
    if (!r.ok) return; // e.g. ice on a crate: the brush skips that cell
    if (r.level === this.level || sameCells(r.level, this.level)) return; // nothing changed there
    this.stroke.intents.push(intent);
    this.level = r.level; // no autosave mid-stroke
  }

  /** Ends a stroke; returns whether it changed the level (and so became an undo step). */
  endStroke(): boolean {
    const s = this.stroke;
    this.stroke = null;
    if (!s || !this.level) return false;
    if (s.intents.length === 0) return false;
    if (this.commit(s.label, s.intents, s.before, this.level)) return true;
    this.level = s.before; // painted back to what it was: no step, and the exact value as before
    return false;
  }

  cancelStroke() {
    if (this.stroke) this.level = this.stroke.before;
    this.stroke = null;
  }

  undo(): Transaction | undefined {
    if (!this.level || this.stroke) return;
    const tx = this.historyOf(this.level.id).undo();
    if (tx) {
      this.rev++;
      this.notice = null;
      this.set(tx.before);
      if (tx.group) this.stepGroup(tx.group, 'undo', tx.before.id);
    }
    return tx;
  }

  redo(): Transaction | undefined {
    if (!this.level || this.stroke) return;
    const tx = this.historyOf(this.level.id).redo();
    if (tx) {
      this.rev++;
      this.notice = null;
      this.set(tx.after);
      if (tx.group) this.stepGroup(tx.group, 'redo', tx.after.id);
    }
    return tx;
  }

  private nextOf(way: 'undo' | 'redo'): NextStep | null {
    let o = this.outer?.next[way] ?? null;
    const h = this.level ? this.historyOf(this.level.id) : null;
    let own = way === 'undo' ? h?.lastDone : h?.lastUndone;
    const ownSeq = way === 'undo' ? own?.seq : own?.undoneSeq;
    if (way === 'redo') {
      // one order of steps, as in a single history: a step made new after an undo ends that undo's redo
      // in the other history too (a level's redo after a game change would bring back cells of the game
      // before it; a game change's redo after a level edit would go over the edit)
      if (o && o.seq < lastMade('level')) o = null;
      if (own && (own.undoneSeq ?? 0) < lastMade('game')) own = undefined;
    }
    if (o && (!own || o.seq > (ownSeq ?? 0))) return { label: o.label, outer: true };
    return own ? { label: own.label, outer: false } : null;
  }

  /**
   * The toolbar's Undo: the last step, of the open level or of the game changes, whichever came last.
   * Resolves with the outer history's refusal when it refused (the level and the games unchanged).
   */
  async undoStep(): Promise<OuterOutcome | null> {
    return this.stepAny('undo');
  }

  /** The toolbar's Redo: the step undone most recently, of either history. */
  async redoStep(): Promise<OuterOutcome | null> {
    return this.stepAny('redo');
  }

  private async stepAny(way: 'undo' | 'redo'): Promise<OuterOutcome | null> {
    if (this.stroke || this.outerBusy) return null;
    const next = this.nextOf(way);
    if (!next) return null;
    if (!next.outer) return (way === 'undo' ? this.undo() : this.redo()) ? { ok: true } : null;
    this.outerBusy = true;
    try {
      const r = (await this.outer?.step(way)) ?? null;
      // a refusal says why where the editor's notices show (the palette's line); nothing changed
      if (r && !r.ok) this.notice = { key: r.reason === 'changed' ? 'history.outerChanged' : 'history.outerBreaks', params: { label: next.label, levels: (r.levels ?? []).map((l) => l.name).join(', ') } };
      return r;
    } finally {
      this.outerBusy = false;
      this.rev++;
    }
  }

  /**
   * Shows the open level as a game change wrote it (its game's definition changed, an element
   * replaced, or the change undone): not a step of the level's history, since the game change is its
   * own step, and already saved.
   */
  showWritten(level: LevelT) {
    if (this.level?.id !== level.id) return;
    this.cancelStroke();
    const before = this.game;
    this.level = level;
    this.gameChanged(before);
    if (this.selection) this.selection = clampRect(this.selection, level.width, level.height);
  }

  forget(id: string) {
    this.histories.delete(id);
  }

  // ── tools that are more than one intent ──────────────────────────────────────────────────────────

  /** Eyedropper: takes what is on top at the cell, switches to its layer, and goes back to the brush. */
  pickAt(x: number, y: number) {
    if (!this.level) return;
    const cell = this.level.cells[y][x];
    this.setValue(valueAt(cell, topLayer(cell, this.hidden), this.game));
    this.tool = 'brush';
  }

  /** Painting on a hidden layer would be invisible: the layer is shown again, and the designer told so. */
  revealActiveLayer() {
    if (!this.hidden[this.layer]) return;
    this.hidden = { ...this.hidden, [this.layer]: false };
    this.notice = notice('layer.revealed', { layer: word('layer.' + this.layer) });
  }

  /**
   * Says why paint at (x, y) did not land, when the rules refused it (a cover needs a colour or random
   * tile; a void holds no cover or ground). Painting a value the cell already has needs no words.
   */
  explainRefusedPaint(x: number, y: number) {
    const cell = this.level?.cells[y]?.[x];
    if (!cell) return;
    const tile = cell.tile ?? 'random';
    if (this.layer === 'tile') return;
    if (tile === 'void') this.notice = notice('paint.onVoid', { layer: word('layer.' + this.layer), cell: cellName(x, y) });
    // worded with the level's game (src/i18n/notice.ts)
    else if (this.layer === 'cover' && !isColorOrRandom(tile)) this.notice = notice('paint.coverNeedsTile', { cell: cellName(x, y), tile });
  }

  /** Says why an erase at (x, y) on the active layer changed nothing, naming where the cell's content is. */
  explainEmptyErase(x: number, y: number) {
    if (!this.level) return;
    const cell = this.level.cells[y][x];
    const layer = word('layer.' + this.layer);
    const other = LAYERS.find((l) => l !== this.layer && layerHasContent(cell, l));
    this.notice = other
      ? notice('erase.nothingElsewhere', { layer, cell: cellName(x, y), other: word('layer.' + other), key: LAYERS.indexOf(other) + 1 })
      : notice('erase.nothing', { layer, cell: cellName(x, y) });
  }

  // ── selection ────────────────────────────────────────────────────────────────────────────────────

  select(r: Rect | null) {
    this.selection = r;
  }
  selectAll() {
    if (this.level) this.selection = { x1: 0, y1: 0, x2: this.level.width - 1, y2: this.level.height - 1 };
  }

  copy(): boolean {
    if (!this.level || !this.selection) return false;
    this.clipboard = extractClip(this.level, this.selection);
    this.notice = notice('sel.copied', { w: this.clipboard.width, h: this.clipboard.height });
    return true;
  }

  cut(): boolean {
    if (!this.copy()) return false;
    const clip = this.clipboard!;
    const ok = this.transact(notice('sel.cut'), [clearIntent(this.selection!)]).ok;
    if (ok) this.notice = notice('sel.cutDone', { w: clip.width, h: clip.height });
    return ok;
  }

  /** Where a paste lands when no cell is given: the cell under the pointer, the keyboard cursor, the selection, the top-left. */
  pasteTarget(): [number, number] {
    return this.hover ?? this.cursor ?? (this.selection ? [this.selection.x1, this.selection.y1] : [0, 0]);
  }

  /** Pastes the clipboard with its top-left at (x, y), as one undo step; the pasted block becomes the selection. */
  paste(at: [number, number] = this.pasteTarget()): boolean {
    if (!this.level) return false;
    if (!this.clipboard) {
      this.notice = notice('sel.emptyClipboard');
      return false;
    }
    const [x, y] = at;
    const r = this.transact(notice('sel.paste'), [pasteIntent(this.clipboard, x, y)]);
    if (!r.ok) return false;
    this.selection = placed(this.clipboard, x, y, r.level);
    return true;
  }

  deleteSelection(): boolean {
    if (!this.selection) return false;
    return this.transact(notice('sel.delete'), [clearIntent(this.selection)]).ok;
  }

  /** The farthest a selection can move by (dx, dy) and stay on the board. */
  clampMove(dx: number, dy: number): [number, number] {
    const s = this.selection,
      l = this.level;
    if (!s || !l) return [0, 0];
    return [Math.max(-s.x1, Math.min(l.width - 1 - s.x2, dx)), Math.max(-s.y1, Math.min(l.height - 1 - s.y2, dy))];
  }

  /** Moves the selected cells (every layer) by (dx, dy), leaving plain cells behind: one undo step. */
  moveSelection(dx: number, dy: number): boolean {
    const s = this.selection;
    if (!this.level || !s) return false;
    [dx, dy] = this.clampMove(dx, dy);
    if (dx === 0 && dy === 0) return false;
    const clip = extractClip(this.level, s);
    const r = this.transact(notice('sel.move'), [clearIntent(s), pasteIntent(clip, s.x1 + dx, s.y1 + dy)]);
    if (r.ok) this.selection = { x1: s.x1 + dx, y1: s.y1 + dy, x2: s.x2 + dx, y2: s.y2 + dy };
    return r.ok;
  }

  /**
   * Flips or turns the selected cells in place: one undo step. A turned block keeps its top-left where it
   * fits, else moves back just enough to stay on the board.
   */
  transformSelection(how: ClipTransform): boolean {
    const s = this.selection,
      l = this.level;
    if (!l || !s) return false;
    const clip = transformClip(extractClip(l, s), how);
    const x = Math.max(0, Math.min(s.x1, l.width - clip.width)),
      y = Math.max(0, Math.min(s.y1, l.height - clip.height));
    const intents = how.startsWith('flip') ? [pasteIntent(clip, x, y)] : [clearIntent(s), pasteIntent(clip, x, y)];
    const r = this.transact(notice('sel.' + how), intents);
    if (r.ok) this.selection = placed(clip, x, y, r.level);
    return r.ok;
  }
}

/** Whether two levels have the same cells (rows an edit did not touch keep their identity: cheap in a drag). */
function sameCells(a: LevelT, b: LevelT): boolean {
  if (a.cells.length !== b.cells.length) return false;
  return a.cells.every((row, y) => row === b.cells[y] || JSON.stringify(row) === JSON.stringify(b.cells[y]));
}

const clearIntent = (r: Rect): Intent => ({ tool: 'clear_region', args: { ...r } });
const pasteIntent = (clip: Clip, x: number, y: number): Intent => ({ tool: 'paste_cells', args: { x, y, cells: clip.cells } });
function placed(clip: Clip, x: number, y: number, level: LevelT): Rect {
  return { x1: x, y1: y, x2: Math.min(level.width - 1, x + clip.width - 1), y2: Math.min(level.height - 1, y + clip.height - 1) };
}

