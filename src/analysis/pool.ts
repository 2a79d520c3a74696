// A pool of simulation workers: a request is split into chunks of games so progress streams back,
// a cancel stops within one chunk, and a crashed worker is replaced and its chunk re-run.
// Generic over the chunk runner so it is tested in node with in-thread "workers".

export interface ChunkRunner<Req, Res> {
  run(req: Req, start: number, count: number): Promise<Res>;
  terminate(): void;
}

export interface PoolJob<Req, Res> {
  req: Req;
  games: number;
  chunkSize?: number;
  merge: (a: Res, b: Res) => Res;
  empty: () => Res;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export class AbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('analysis cancelled');
  }
}

interface Slot<Req, Res> {
  runner: ChunkRunner<Req, Res>;
  busy: boolean;
}

export class WorkerPool<Req, Res> {
  private slots: Slot<Req, Res>[] = [];
  /** How many times a chunk is retried on a fresh worker before the request fails. */
  maxRetries = 2;
  replaced = 0;

  constructor(
    readonly size: number,
    private readonly spawn: () => ChunkRunner<Req, Res>,
  ) {
    for (let i = 0; i < size; i++) this.slots.push({ runner: spawn(), busy: false });
  }

  /** Chunk size: small enough for progress and cancel, big enough to keep messaging cheap. */
  static chunkSizeFor(games: number, workers: number): number {
    return Math.max(10, Math.min(250, Math.ceil(games / (workers * 4))));
  }

  async run(job: PoolJob<Req, Res>): Promise<Res> {
    const size = job.chunkSize ?? WorkerPool.chunkSizeFor(job.games, this.size);
    const chunks: { start: number; count: number; tries: number }[] = [];
    for (let s = 0; s < job.games; s += size) chunks.push({ start: s, count: Math.min(size, job.games - s), tries: 0 });
    let result = job.empty();
    let done = 0;
    job.onProgress?.(0, job.games);

    return new Promise<Res>((resolve, reject) => {
      let failed = false;
      let inFlight = 0;
      const abort = () => {
        if (failed) return;
        failed = true;
        reject(new AbortedError());
      };
      if (job.signal?.aborted) return abort();
      job.signal?.addEventListener('abort', abort, { once: true });

      const pump = () => {
        if (failed) return;
        if (chunks.length === 0 && inFlight === 0) {
          job.signal?.removeEventListener('abort', abort);
          resolve(result);
          return;
        }
        for (const slot of this.slots) {
          if (slot.busy || chunks.length === 0) continue;
          const chunk = chunks.shift()!;
          slot.busy = true;
          inFlight++;
          slot.runner
            .run(job.req, chunk.start, chunk.count)
            .then((res) => {
              slot.busy = false;
              inFlight--;
              if (failed) return;
              result = job.merge(result, res);
              done += chunk.count;
              job.onProgress?.(done, job.games);
              pump();
            })
            .catch((err: unknown) => {
              inFlight--;
              // the worker is suspect: replace it, then re-run its chunk on the fresh one
              try {
                slot.runner.terminate();
              } catch {
                /* already gone */
              }
              slot.runner = this.spawn();
              slot.busy = false;
              this.replaced++;
              if (failed) return;
              if (++chunk.tries > this.maxRetries) {
                failed = true;
                reject(err instanceof Error ? err : new Error(String(err)));
                return;
              }
              chunks.unshift(chunk);
              pump();
            });
        }
      };
      pump();
    });
  }

  terminate() {
    for (const s of this.slots) s.runner.terminate();
    this.slots = [];
  }
}
