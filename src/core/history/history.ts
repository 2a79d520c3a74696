// Transactions and exact undo/redo. A transaction is one undo step: a label, the intents that made it,
// and the level before and after (levels are small immutable values, so snapshots are cheap and exact).
import type { LevelT } from '../level/index.ts';
import type { Intent } from '../tools/index.ts';
import type { StepLabel } from '../notice.ts';

export interface Transaction {
  /** What the step did, worded by the UI when it shows it (src/core/notice.ts). */
  label: StepLabel;
  intents: Intent[];
  before: LevelT;
  after: LevelT;
  at: number;
  /** Steps made together on several levels (a pack tuning) share a group: undoing one undoes them all. */
  group?: string;
  /** Its place in the workspace's order of steps (nextSeq): set when done or redone. */
  seq?: number;
  /** Set when undone: the most recently undone step, of whichever history, is redone first. */
  undoneSeq?: number;
}

let lastSeq = 0;
/**
 * The next number in the workspace's order of steps. Every step of every history (a level's, the
 * games': src/stores/gameChanges.ts) takes one when it is done, undone or redone, so the toolbar's
 * Undo and Redo can reach the histories in the order the designer made the steps (docs/games.md).
 */
export function nextSeq(): number {
  return ++lastSeq;
}

const made = { level: 0, game: 0 };
/**
 * nextSeq for a step made new (not an undo or a redo), of a level's history or of the games'. A step
 * made after an undo ends that undo's redo, in the other kind of history too (the toolbar's Redo).
 */
export function madeSeq(kind: 'level' | 'game'): number {
  return (made[kind] = nextSeq());
}
/** The place of the newest step made new of that kind (0: none yet). */
export function lastMade(kind: 'level' | 'game'): number {
  return made[kind];
}

export class History {
  private past: Transaction[] = [];
  private future: Transaction[] = [];
  constructor(private readonly limit = 500) {}

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }
  get undoLabel() { return this.past.at(-1)?.label; }
  get redoLabel() { return this.future.at(-1)?.label; }
  get entries(): readonly Transaction[] { return this.past; }
  /** The step undo would take back, and the one redo would bring again. */
  get lastDone(): Transaction | undefined { return this.past.at(-1); }
  get lastUndone(): Transaction | undefined { return this.future.at(-1); }

  /** Records a transaction; an empty or no-op one is dropped. Returns whether it was recorded. */
  commit(tx: Omit<Transaction, 'at'> & { at?: number }): boolean {
    if (tx.before === tx.after || JSON.stringify(tx.before) === JSON.stringify(tx.after)) return false;
    this.past.push({ ...tx, at: tx.at ?? Date.now(), seq: madeSeq('level'), undoneSeq: undefined });
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    return true;
  }

  /** The level to show after undoing the last transaction, or undefined if there is none. */
  undo(): Transaction | undefined {
    const tx = this.past.pop();
    if (tx) {
      tx.undoneSeq = nextSeq();
      this.future.push(tx);
    }
    return tx;
  }

  redo(): Transaction | undefined {
    const tx = this.future.pop();
    if (tx) {
      tx.seq = nextSeq();
      this.past.push(tx);
    }
    return tx;
  }

  clear() { this.past = []; this.future = []; }

  /** Keeps only the last `n` steps each way (a level that is not open keeps a bounded history). */
  trimTo(n: number) {
    if (this.past.length > n) this.past = this.past.slice(-n);
    if (this.future.length > n) this.future = this.future.slice(-n);
  }
}
