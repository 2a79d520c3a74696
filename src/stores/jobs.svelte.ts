// A pack's long job (Analyze pack, Tune pack to curve) run in the background: its queue of levels is
// fed to the worker pool a few levels at a time (src/analysis/feed.ts), its progress is shown at most
// a few times a second, and the queue is stored (the `jobs` records of src/db/storage.ts) so a run
// interrupted by a reload goes on where it stopped — by itself when the studio starts again, or from
// Resume when it could not (another tab runs it, or it stopped on an error).
//
// What a level's work is (an analysis, a tuning) is the pack store's: this store only schedules it.
import { feed } from '../analysis/feed.ts';
import { throttled } from './throttle.ts';
import { JOB_KEY } from './jobKey.ts';
import type { TuneJobData } from './packReview.ts';

export type PackJobKind = 'analyze' | 'tune';

/** One level of a job's queue; `target` is a tuning job's target win rate for it. */
export interface JobItem {
  id: string;
  target?: number;
}

/** A job as stored: what is left to do, and enough to go on after a reload. */
export interface PackJobRecord {
  id: typeof JOB_KEY;
  kind: PackJobKind;
  packId: string;
  /** The levels not done yet, in pack order. */
  items: JobItem[];
  /** Levels in the job (done + left): the progress bar's max. */
  total: number;
  done: number;
  /** A tuning job's tolerance. */
  tolerance?: number;
  /** A tuning job's levers and bounds, and each level's review row so far (src/stores/packReview.ts). */
  tune?: TuneJobData;
  startedAt: number;
}

/** How a job started with start() ended: every level done, cancelled, or paused (an error, or another tab holds it). */
export interface JobEnd {
  how: 'done' | 'cancelled' | 'paused';
  done: number;
  total: number;
}

/** What the page shows of a job. */
export interface JobView {
  kind: PackJobKind;
  packId: string;
  done: number;
  total: number;
  /** running: the pool plays it; paused: stored, waiting for Resume (or for the studio to start it again). */
  status: 'running' | 'paused';
  /** The levels being played now, with the share of their games done (progress per level). */
  active: { id: string; name: string; fraction: number }[];
  error: string | null;
}

/** The records API of the storage layer (src/db/storage.ts), or what a test gives. */
export interface JobRecords {
  get<T>(table: 'jobs', key: string): Promise<T | undefined>;
  put(table: 'jobs', rows: object[]): Promise<void>;
  remove(table: 'jobs', keys: string[]): Promise<void>;
}

export interface LevelWork {
  signal: AbortSignal;
  /** Games done of the level's games (for its own progress). */
  onProgress: (done: number, total: number) => void;
}

export interface JobHandlers {
  /** Runs one level of the job; resolves once its result is recorded. */
  run(kind: PackJobKind, item: JobItem, job: PackJobRecord, work: LevelWork): Promise<void>;
  /** A level's name for the progress line (undefined: the level is gone, it is skipped). */
  nameOf(id: string): string | undefined;
  /**
   * Stores what the levels done so far produced (their waiting cache entries). The queue is written
   * only after it: a level leaves the stored queue once its result is stored, never before.
   */
  persist?(): Promise<void>;
  /** The job ended: every level done, or cancelled (not called for a job that stopped on an error: it waits for Resume). */
  end?(rec: PackJobRecord, how: 'done' | 'cancelled'): void;
}

/** One pack job at a time for the studio: they share one pool. */
export { JOB_KEY };
/** The page shows progress at most this often (each update costs a style, layout and paint). */
const SHOW_MS = 250;
/** The stored queue is rewritten at most this often during an analysis (a tuning job stores after every level). */
const STORE_MS = 1000;

export class PackJobs {
  job = $state.raw<JobView | null>(null);
  private ctl: AbortController | null = null;
  private record: PackJobRecord | null = null;
  private fractions = new Map<string, number>();
  private readonly show = throttled(() => this.publish(), SHOW_MS);
  private readonly store = throttled(() => void this.save(), STORE_MS);

  constructor(
    private readonly records: () => JobRecords | undefined,
    private readonly handlers: JobHandlers,
    /** How many levels run at once: the pool's workers + 1, so a level's end finds the next one queued. */
    private readonly inFlight: () => number,
  ) {}

  get running(): boolean {
    return this.job?.status === 'running';
  }

  /**
   * Starts a new job over `items` (a job already running or paused is replaced only when it is not
   * running); resolves when it ends, with how (null: not started, another job runs or nothing to do).
   */
  async start(kind: PackJobKind, packId: string, items: JobItem[], extra: { tolerance?: number; tune?: TuneJobData } = {}): Promise<JobEnd | null> {
    if (this.running || !items.length) return null;
    const rec: PackJobRecord = { id: JOB_KEY, kind, packId, items, total: items.length, done: 0, startedAt: Date.now(), ...extra };
    return this.go(rec);
  }

  /** After a reload: a stored job goes on by itself; it waits for Resume when another tab holds it. */
  async restore(): Promise<JobEnd | void> {
    if (this.job) return;
    const rec = await this.records()?.get<PackJobRecord>('jobs', JOB_KEY).catch(() => undefined);
    if (!rec || !rec.items?.length) return;
    this.record = rec;
    this.publish('paused');
    return this.go(rec);
  }

  /** Resume a paused job (stopped by an error, or held by another tab before). */
  async resume(): Promise<JobEnd | void> {
    if (this.running || !this.record) return;
    return this.go(this.record);
  }

  /** Stops the job within one chunk and forgets its queue (what is done stays done). */
  async cancel(): Promise<void> {
    const wasRunning = this.running;
    const rec = this.record;
    this.ctl?.abort();
    this.store.cancel();
    this.record = null;
    if (!wasRunning) {
      this.job = null; // a paused job: nothing else will clear it
      if (rec) this.handlers.end?.(rec, 'cancelled');
    }
    await this.records()?.remove('jobs', [JOB_KEY]).catch(() => undefined);
  }

  private async go(rec: PackJobRecord): Promise<JobEnd> {
    this.record = rec;
    const release = await this.hold();
    if (!release) {
      this.publish('paused');
      return { how: 'paused', done: rec.done, total: rec.total }; // another tab runs this job
    }
    const ctl = (this.ctl = new AbortController());
    this.fractions.clear();
    this.job = { kind: rec.kind, packId: rec.packId, done: rec.done, total: rec.total, status: 'running', active: [], error: null };
    await this.save();
    let error: string | null = null;
    try {
      const items = rec.items.filter((it) => this.handlers.nameOf(it.id) !== undefined);
      rec.total -= rec.items.length - items.length; // levels deleted since: not in the job any more
      rec.items = items;
      await feed(items, (item, _i, signal) => this.one(rec, item, signal), { inFlight: Math.max(1, this.inFlight()), signal: ctl.signal });
    } catch (e) {
      if ((e as Error).name !== 'AbortError') error = (e as Error).message;
    } finally {
      release();
      this.ctl = null;
      this.show.cancel();
      this.store.cancel();
    }
    if (this.record !== rec) {
      this.job = null; // cancelled: cancel() forgot its queue
      this.handlers.end?.(rec, 'cancelled');
      return { how: 'cancelled', done: rec.done, total: rec.total };
    }
    if (error) {
      await this.save();
      this.job = { ...this.viewOf(rec, 'paused'), error };
      return { how: 'paused', done: rec.done, total: rec.total };
    }
    this.record = null;
    this.job = null;
    this.handlers.end?.(rec, 'done');
    await this.handlers.persist?.().catch(() => undefined); // the last results are stored before the queue goes
    await this.records()?.remove('jobs', [JOB_KEY]).catch(() => undefined);
    return { how: 'done', done: rec.done, total: rec.total };
  }

  /** One level: run it, then take it off the stored queue. */
  private async one(rec: PackJobRecord, item: JobItem, signal: AbortSignal): Promise<void> {
    this.fractions.set(item.id, 0);
    this.show.push(undefined);
    await this.handlers.run(rec.kind, item, rec, {
      signal,
      onProgress: (d, n) => {
        this.fractions.set(item.id, n ? d / n : 0);
        this.show.push(undefined);
      },
    });
    this.fractions.delete(item.id);
    rec.items = rec.items.filter((it) => it !== item);
    rec.done++;
    this.show.push(undefined);
    // a tuning changed a level: its place in the queue is stored at once; an analysis is cached anyway
    if (rec.kind === 'tune') await this.save();
    else this.store.push(undefined);
  }

  private viewOf(rec: PackJobRecord, status: JobView['status']): JobView {
    const active = [...this.fractions].map(([id, fraction]) => ({ id, name: this.handlers.nameOf(id) ?? id, fraction }));
    return { kind: rec.kind, packId: rec.packId, done: rec.done, total: rec.total, status, active, error: null };
  }

  private publish(status?: JobView['status']) {
    const rec = this.record;
    if (!rec) return;
    this.job = this.viewOf(rec, status ?? this.job?.status ?? 'running');
  }

  private async save(): Promise<void> {
    const rec = this.record;
    if (!rec) return;
    // a copy taken now (the levels done so far), stored once their results are
    const row = { ...rec, items: rec.items.map((it) => ({ ...it })) };
    await this.handlers.persist?.().catch(() => undefined);
    if (this.record !== rec) return; // cancelled or finished meanwhile
    await this.records()?.put('jobs', [row]).catch(() => undefined);
  }

  /**
   * One tab runs a job: the Web Locks API where there is one (a second tab sees the job paused, with
   * Resume); a release function, or null when another tab holds it.
   */
  private async hold(): Promise<(() => void) | null> {
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    if (!locks) return () => {};
    return new Promise((resolve) => {
      void locks.request('match3-pack-job', { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return;
        }
        return new Promise<void>((done) => resolve(done));
      });
    });
  }
}
