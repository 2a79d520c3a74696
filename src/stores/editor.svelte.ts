// The level being edited, its history, and the editor's tool state. Every change — brush stroke, form
// edit, slash command, copilot turn — enters through `transact` (or a stroke), as registry intents.
// The selected block's edits are selection.ts; the eyedropper and the brush's notices brushNotes.ts.
import { History, lastMade, type Transaction } from '../core/history/index.ts';
import { levelWarnings, type LevelT } from '../core/level/index.ts';
import type { LevelWarning } from '../core/level/index.ts';
import { applyIntent, applyIntents, type Intent } from '../core/tools/index.ts';
import { clampRect, type Clip, type MirrorMode, type Rect } from '../core/edit/index.ts';
import { startValues, type BrushValue, type Layer, type PaintTool } from './brush.ts';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import type { GameDef } from '../core/game/types.ts';
import { gameById } from '../core/game/known.ts';
import type { Notice, StepLabel } from '../core/notice.ts';

/** A refusal's `reason`: what is wrong as a key and params where the tool gave one (the layout tools), for the UI to word. */
export type TransactResult = { ok: true; level: LevelT } | { ok: false; error: string; reason?: Notice };

interface Stroke {
  label: StepLabel;
  before: LevelT;
  intents: Intent[];
}

export type { NextStep, OuterNext, OuterOutcome, OuterSteps } from './outerSteps.ts';
import type { NextStep, OuterOutcome, OuterSteps } from './outerSteps.ts';

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
    if (r.error) return { ok: false, error: r.error, reason: r.reason };
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

  /** Sets the board's selection (its edits: selection.ts). */
  select(r: Rect | null) {
    this.selection = r;
  }

}

/** Whether two levels have the same cells (rows an edit did not touch keep their identity: cheap in a drag). */
function sameCells(a: LevelT, b: LevelT): boolean {
  if (a.cells.length !== b.cells.length) return false;
  return a.cells.every((row, y) => row === b.cells[y] || JSON.stringify(row) === JSON.stringify(b.cells[y]));
}
