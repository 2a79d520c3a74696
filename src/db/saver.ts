// Queued writes with visible status (levels are written at once, a few in one task coalesced; other
// keys may wait `delayMs`). A failed write keeps its value pending and is retried on the
// next change or on `retry()`: nothing in memory is lost when the disk is full or storage is blocked.
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}
const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Saver {
  private pending = new Map<string, () => Promise<unknown>>();
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  status: SaveStatus = 'idle';

  constructor(
    private readonly onStatus: (status: SaveStatus, message?: string) => void,
    private readonly describeError: (e: unknown) => string,
    private readonly delayMs = 400,
    private readonly timers: Timers = realTimers,
  ) {}

  private set(status: SaveStatus, message?: string) {
    this.status = status;
    this.onStatus(status, message);
  }

  /**
   * Queues a write under `key`; a later write with the same key replaces it. It runs after `delayMs`
   * (0: in the next task, so the writes of one task, e.g. a burst of typing, are coalesced).
   */
  schedule(key: string, write: () => Promise<unknown>, delayMs = this.delayMs) {
    this.pending.set(key, write);
    this.set('saving');
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
  }

  get hasPending() {
    return this.pending.size > 0;
  }

  /** Whether a write under `key` is waiting (or failed and is kept for a retry). */
  has(key: string): boolean {
    return this.pending.has(key);
  }

  /** Drops a waiting write (the designer chose another version); the status follows. */
  discard(key: string) {
    if (!this.pending.delete(key)) return;
    if (this.pending.size === 0 && !this.running) this.set('saved');
  }

  /** Writes everything pending now. Resolves when done (or failed: see status). */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
    // another flush may take the waiting writes while this one waits: wait for that one's batch too
    while (this.running) await this.running;
    if (this.pending.size === 0) return;
    this.running = (async () => {
      const batch = [...this.pending.entries()];
      this.pending.clear();
      let failure: unknown = null;
      for (const [key, write] of batch) {
        try {
          await write();
        } catch (e) {
          failure ??= e;
          // keep it unless a newer write for the same key arrived meanwhile
          if (!this.pending.has(key)) this.pending.set(key, write);
        }
      }
      if (failure) this.set('error', this.describeError(failure));
      else if (this.pending.size === 0) this.set('saved');
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  retry(): Promise<void> {
    return this.flush();
  }
}
