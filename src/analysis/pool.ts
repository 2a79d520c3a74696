// A pool of simulation workers: a request is split into chunks of games so progress streams back,
// a cancel stops within one chunk, and a crashed worker is replaced and its chunk re-run.
// Generic over the chunk runner so it is tested in node with in-thread "workers".

export interface ChunkRunner<Req, Res> {
  run(req: Req, start: number, count: number): Promise<Res>;
  terminate(): void;
  /** Loads the runner's code ahead of the first chunk (a Web Worker's script); optional. */
  warm?(): Promise<void>;
  /** Chunks this runner holds at once, instead of the pool's `depth` (see the pool's constructor). */
  depth?: number;
}

export interface PoolJob<Req, Res> {
  req: Req;
  games: number;
  /** Index of the first game (default 0): the run plays games [first, first + games). */
  first?: number;
  chunkSize?: number;
  merge: (a: Res, b: Res) => Res;
  empty: () => Res;
  onProgress?: (done: number, total: number) => void;
  /** The result so far (the merge of the chunks finished), after each chunk: for a first estimate. */
  onPartial?: (partial: Res, done: number, total: number) => void;
  signal?: AbortSignal;
}

import { AbortedError } from './aborted.ts';
export { AbortedError };

interface Slot<Req, Res> {
  /** Its place in the pool: a replacement runner is spawned for the same place. */
  index: number;
  runner: ChunkRunner<Req, Res>;
  /** Chunks sent to this runner and not answered yet (at most the pool's `depth`). */
  held: Set<Task<Req>>;
  /** The request of the last chunk it was given (`keepToRequest`). */
  last: Req | null;
}

/** One chunk of one request, waiting for a free worker. */
interface Task<Req> {
  req: Req;
  start: number;
  count: number;
  tries: number;
  done: (res: unknown) => void;
  fail: (err: unknown) => void;
  cancelled: () => boolean;
}

export class WorkerPool<Req, Res> {
  private slots: Slot<Req, Res>[] = [];
  /** Chunks of every running request, in order: the pool serves them as workers free up. */
  private queue: Task<Req>[] = [];
  /** How many times a chunk is retried on a fresh worker before the request fails. */
  maxRetries = 2;
  replaced = 0;
  /**
   * When several requests are queued (a long job's levels), each runner keeps to the request it
   * played last and a free runner starts one that no other runner is on, rather than every runner
   * taking the oldest chunk: each runner then meets fewer levels, and a fresh V8 isolate compiles
   * the simulator for fewer kinds of board (docs/performance.md, "`match3 analyze DIR --threads`").
   * A runner whose request has no chunk left helps with the others, so none idles while work
   * remains. Off: chunks are served oldest first.
   */
  keepToRequest = false;

  constructor(
    readonly size: number,
    /** The runner for place `slot` (0 … size − 1), at the start and again when one is replaced. */
    private readonly spawn: (slot: number) => ChunkRunner<Req, Res>,
    /** A chunk that takes longer means its worker hangs: it is replaced and the chunk re-run. */
    private readonly chunkTimeoutMs = Infinity,
    /**
     * Chunks each runner holds at once. 2 (the page's Web Workers, whose calls queue in the worker):
     * the next chunk is already waiting when one ends, so a worker never idles while the main thread,
     * busy with a frame, gets round to answering it. 1: a runner that takes one call at a time.
     * A runner's own `depth` overrides it (the CLI's threads beside its main thread).
     */
    private readonly depth = 1,
  ) {
    for (let i = 0; i < size; i++) this.slots.push({ index: i, runner: spawn(i), held: new Set(), last: null });
  }

  private depthOf(slot: Slot<Req, Res>): number {
    return slot.runner.depth ?? this.depth;
  }

  /** Chunk size: small enough for progress and cancel, big enough to keep messaging cheap. */
  static chunkSizeFor(games: number, workers: number): number {
    return Math.max(10, Math.min(250, Math.ceil(games / (workers * 4))));
  }

  /**
   * The chunks of a request, in order. With `ramp` (the pool's own sizing): each worker's first chunk
   * is small (a first estimate arrives after a few games), then chunks of `size` that shrink towards
   * the end (each ⌈games left / (2 × workers)⌉, at least 10), so the workers finish
   * together instead of one idling through the other's last full chunk. Without `ramp` every chunk is
   * `size`. Any split merges to the same counts, so this changes no figure.
   */
  static chunkPlan(games: number, workers: number, size: number, ramp = true): { start: number; count: number }[] {
    const plan: { start: number; count: number }[] = [];
    const push = (count: number) => plan.push({ start: s, count: Math.min(count, games - s) });
    let s = 0;
    if (!ramp) {
      for (; s < games; s += size) push(size);
      return plan;
    }
    const first = Math.min(size, Math.max(10, Math.ceil(size / 10)));
    for (let w = 0; w < workers && s < games && first < size; w++, s += first) push(first);
    for (let n; s < games; s += n) push((n = Math.min(size, Math.max(10, Math.ceil((games - s) / (2 * workers))))));
    return plan;
  }

  /** Starts every worker's code loading now, so the first request does not wait for it. */
  async warm(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.runner.warm?.().catch(() => undefined)));
  }

  /** Gives queued chunks to workers with room. Called whenever a chunk is queued or a worker answers. */
  private pump() {
    // round by round: every worker gets its first chunk before any gets a second one
    const rounds = Math.max(0, ...this.slots.map((s) => this.depthOf(s)));
    for (let round = 1; round <= rounds; round++) {
      for (const slot of this.slots) {
        if (slot.held.size >= round || this.depthOf(slot) < round) continue;
        const task = this.next(slot);
        if (!task) return;
        this.dispatch(slot, task);
      }
    }
  }

  /** Takes the chunk `slot` plays next off the queue (see `keepToRequest`); null when none is left. */
  private next(slot: Slot<Req, Res>): Task<Req> | null {
    this.queue = this.queue.filter((t) => !t.cancelled());
    if (!this.queue.length) return null;
    let at = 0;
    if (this.keepToRequest) {
      const others = new Set(this.slots.filter((s) => s !== slot).map((s) => s.last));
      const own = this.queue.findIndex((t) => t.req === slot.last);
      const unclaimed = own >= 0 ? own : this.queue.findIndex((t) => !others.has(t.req));
      at = Math.max(0, unclaimed);
    }
    const [task] = this.queue.splice(at, 1);
    slot.last = task.req;
    return task;
  }

  private dispatch(slot: Slot<Req, Res>, t: Task<Req>) {
    const runner = slot.runner;
    slot.held.add(t);
    this.runWithTimeout(runner, t)
      .then((res) => {
        if (slot.runner !== runner) return; // the runner was replaced: its chunks went back to the queue
        slot.held.delete(t);
        t.done(res);
      })
      .catch((err: unknown) => {
        if (slot.runner !== runner) return;
        this.replace(slot, t, err);
      })
      .finally(() => this.pump());
  }

  /** The runner is suspect: a fresh one takes its place and every chunk it held is queued again, in order. */
  private replace(slot: Slot<Req, Res>, failed: Task<Req>, err: unknown) {
    try {
      slot.runner.terminate();
    } catch {
      /* already gone */
    }
    slot.runner = this.spawn(slot.index);
    this.replaced++;
    const held = [...slot.held];
    slot.held.clear();
    for (const t of held.reverse()) {
      if (t === failed && ++t.tries > this.maxRetries) t.fail(err);
      else if (!t.cancelled()) this.queue.unshift(t);
    }
  }

  private runWithTimeout(runner: ChunkRunner<Req, Res>, t: Task<Req>): Promise<Res> {
    if (!Number.isFinite(this.chunkTimeoutMs)) return runner.run(t.req, t.start, t.count);
    return new Promise<Res>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('simulation worker stopped answering')), this.chunkTimeoutMs);
      runner.run(t.req, t.start, t.count).then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  async run(job: PoolJob<Req, Res>): Promise<Res> {
    const size = job.chunkSize ?? WorkerPool.chunkSizeFor(job.games, this.size);
    let result = job.empty();
    let done = 0;
    job.onProgress?.(0, job.games);
    if (job.games <= 0) return result;

    return new Promise<Res>((resolve, reject) => {
      let finished = false;
      let remaining = 0;
      const cancelled = () => finished;
      const finish = (err?: unknown) => {
        if (finished) return;
        finished = true;
        job.signal?.removeEventListener('abort', abort);
        if (err) reject(err);
        else resolve(result);
      };
      const abort = () => finish(new AbortedError());
      if (job.signal?.aborted) return abort();
      job.signal?.addEventListener('abort', abort, { once: true });
      for (const { start, count } of WorkerPool.chunkPlan(job.games, this.size, size, job.chunkSize === undefined)) {
        remaining++;
        this.queue.push({
          req: job.req,
          start: (job.first ?? 0) + start,
          count,
          tries: 0,
          cancelled,
          fail: (err) => finish(err instanceof Error ? err : new Error(String(err))),
          done: (res) => {
            if (finished) return;
            result = job.merge(result, res as Res);
            done += count;
            job.onProgress?.(done, job.games);
            if (remaining > 1) job.onPartial?.(result, done, job.games);
            if (--remaining === 0) finish();
          },
        });
      }
      this.pump();
    });
  }

  terminate() {
    for (const s of this.slots) s.runner.terminate();
    this.slots = [];
    this.queue = [];
  }
}
