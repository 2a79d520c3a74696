// The level being edited, its history, and the editor's tool state. Every change — brush stroke, form
// edit, slash command, copilot turn — enters through `transact` (or a stroke), as registry intents.
import { History, type Transaction } from '../core/history/index.ts';
import { levelWarnings, type LevelT, type LevelWarning } from '../core/level/index.ts';
import { firstMoveExists } from '../core/sim/checks.ts';
import { applyIntent, applyIntents, type Intent } from '../core/tools/index.ts';
import type { BrushValue, Layer, PaintTool } from './brush.ts';

export type TransactResult = { ok: true; level: LevelT } | { ok: false; error: string };

interface Stroke {
  label: string;
  before: LevelT;
  intents: Intent[];
}

export class EditorStore {
  level = $state.raw<LevelT | null>(null);
  /** Bumped on every history change so `canUndo`/`canRedo` stay reactive. */
  rev = $state(0);
  tool = $state<PaintTool>('brush');
  layer = $state<Layer>('tile');
  values = $state<Record<Layer, BrushValue>>({
    tile: { layer: 'tile', tile: 'red' },
    cover: { layer: 'cover', cover: 'ice', layers: 1 },
    ground: { layer: 'ground', ground: 'jelly', layers: 1 },
  });
  lastError = $state<string | null>(null);

  warnings = $derived(this.level ? warningsOf(this.level) : []);
  canUndo = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).canUndo : false));
  canRedo = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).canRedo : false));
  undoLabel = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).undoLabel : undefined));
  redoLabel = $derived.by(() => (this.rev, this.level ? this.historyOf(this.level.id).redoLabel : undefined));

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

  /** Shows another level; each level keeps its own history for the session. */
  open(level: LevelT) {
    this.cancelStroke();
    this.level = level;
    this.rev++;
  }

  private set(level: LevelT) {
    this.level = level;
    this.onChange?.(level);
  }

  /** Applies intents as one undo step. A refused intent refuses the whole transaction. */
  transact(label: string, intents: Intent[]): TransactResult {
    const before = this.level;
    if (!before) return { ok: false, error: 'no level is open' };
    const r = applyIntents(before, intents);
    if (r.error) {
      this.lastError = r.error;
      return { ok: false, error: r.error };
    }
    this.lastError = null;
    this.commit(label, intents, before, r.level);
    return { ok: true, level: r.level };
  }

  /** Records an already computed change (a copilot turn's draft) as one undo step. */
  commit(label: string, intents: Intent[], before: LevelT, after: LevelT) {
    if (this.historyOf(before.id).commit({ label, intents, before, after })) {
      this.rev++;
      this.set(after);
    }
  }

  /**
   * Shows a version of the open level written elsewhere (another tab, or a merge with one) as one
   * undo step, without saving it again. A stroke in progress is replayed on top of it.
   */
  adopt(level: LevelT, label: string) {
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

  beginStroke(label: string) {
    if (!this.level) return;
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
    if (r.level === this.level) return;
    this.stroke.intents.push(intent);
    this.level = r.level; // no autosave mid-stroke
  }

  endStroke() {
    const s = this.stroke;
    this.stroke = null;
    if (!s || !this.level) return;
    if (s.intents.length === 0) return;
    this.commit(s.label, s.intents, s.before, this.level);
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
      this.set(tx.before);
    }
    return tx;
  }

  redo(): Transaction | undefined {
    if (!this.level || this.stroke) return;
    const tx = this.historyOf(this.level.id).redo();
    if (tx) {
      this.rev++;
      this.set(tx.after);
    }
    return tx;
  }

  forget(id: string) {
    this.histories.delete(id);
  }
}

/** The level model's warnings plus the one only the simulator can tell: no valid first move. */
export function warningsOf(level: LevelT): LevelWarning[] {
  const out = levelWarnings(level);
  let movable = false;
  try {
    movable = firstMoveExists(level);
  } catch {
    movable = true; // a board the engine cannot set up is reported by the level's own checks
  }
  if (!movable) out.push({ code: 'no_first_move', message: 'the start board has no valid move: the game opens with a reshuffle', detail: { key: 'noFirstMove' } });
  return out;
}
