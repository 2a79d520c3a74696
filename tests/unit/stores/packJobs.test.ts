// Analyze pack as a background job: the levels go to the pool together, each level's counts and cache
// entry are exactly a one-level run's, progress counts levels, Cancel stops within a chunk, and a job
// stored before a reload goes on with the levels it had left.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { AnalysisRunner, cacheKey, type AnalysisCache } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER } from '../../../src/core/facts.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { PackStore } from '../../../src/stores/pack.svelte.ts';
import { AnalysisStore } from '../../../src/stores/analysis.svelte.ts';
import { JOB_KEY, type JobRecords, type PackJobRecord } from '../../../src/stores/jobs.svelte.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** Small varied levels (fast in node): sizes, colours, seeds and move limits differ. */
const levels: LevelT[] = [
  [4, 4, 5, 4], [5, 5, 6, 5], [6, 4, 7, 6], [5, 6, 5, 4], [4, 6, 8, 5],
].map(([w, h, moves, colors], i) => ({ ...createLevel({ id: `L${i}`, name: `Level ${i}`, width: w, height: h, colors, seed: 40 + i }), moves }));

/** In-thread workers; `log` gets each chunk's level id as it starts; `gate` can hold chunks back. */
function pool(workers: number, log: string[] = [], gate?: () => Promise<void>) {
  return new WorkerPool<SimRequest, SimCounts>(workers, () => ({
    run: async (req, start, count) => {
      log.push(req.level.id);
      await (gate ? gate() : tick());
      return simApi.playChunk(req, start, count);
    },
    terminate() {},
  }));
}

function memoryCache() {
  const held = new Map<string, SimCounts>();
  const cache: AnalysisCache = { get: async (k) => held.get(k), put: async (k, v) => void held.set(k, v) };
  return { cache, held };
}

function memoryRecords() {
  const rows = new Map<string, object>();
  const records: JobRecords = {
    get: async <T,>(_t: 'jobs', k: string) => rows.get(k) as T | undefined,
    put: async (_t, list) => list.forEach((r) => rows.set((r as { id: string }).id, structuredClone(r))),
    remove: async (_t, keys) => keys.forEach((k) => rows.delete(k)),
  };
  return { records, rows };
}

/** The pack store over its own analysis store: what a job measures becomes the level's one report. */
function packStore(runner: AnalysisRunner, records = memoryRecords().records, all: LevelT[] = levels) {
  const analysis = new AnalysisStore(() => runner);
  const store = new PackStore(new EditorStore(), () => runner, analysis, { records: () => records, levelOf: (id) => all.find((l) => l.id === id), nameOf: (id) => all.find((l) => l.id === id)?.name });
  return Object.assign(store, { figures: analysis });
}

/** The levels with a report (the pack's figures), by id. */
const measured = (store: ReturnType<typeof packStore>) => Object.keys(store.figures.reports);

describe('Analyze pack as one job over the pool', () => {
  it('gives every level the counts and the cache entry of a one-level run, with levels overlapping on the pool', async () => {
    const log: string[] = [];
    const packCache = memoryCache();
    const store = packStore(new AnalysisRunner(() => pool(2, log), packCache.cache));
    await store.analyzePack(levels);
    expect(new Set(log)).toEqual(new Set(levels.map((l) => l.id)));
    expect(store.jobs.job).toBeNull();

    const aloneCache = memoryCache();
    const alone = new AnalysisRunner(() => pool(1), aloneCache.cache);
    for (const l of levels) {
      const c = await alone.tier(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
      expect(store.figures.reportFor(l)!.counts[0]).toMatchObject({ wins: c.wins, games: c.games });
      expect(store.figures.figureFor(l)).toMatchObject({ stale: false, winRate: c.wins / c.games });
    }
    // the same cache entries, key for key and count for count (the job's writes are batched, then flushed)
    await tick(5);
    expect([...packCache.held.keys()].sort()).toEqual([...aloneCache.held.keys()].sort());
    for (const [k, v] of aloneCache.held) expect(packCache.held.get(k)).toEqual(v);
  });

  it('Analyze selection runs as the same job: only the chosen levels, fed together, stored for a reload, ends done with its count', async () => {
    const log: string[] = [];
    const { records, rows } = memoryRecords();
    const store = packStore(new AnalysisRunner(() => pool(2, log)), records);
    const chosen = [levels[3].id, levels[0].id, levels[4].id];
    let stored: PackJobRecord | undefined;
    const started = store.analyzeLevels(chosen);
    for (let i = 0; i < 200 && !stored; i++) (await tick(1), (stored = rows.get(JOB_KEY) as PackJobRecord | undefined));
    // the queue is stored as a pack job (packId '' : a selection), so a reload goes on with it
    expect(stored?.kind).toBe('analyze');
    expect(stored?.items.map((it) => it.id)).toEqual(chosen);
    expect(stored?.total).toBe(3);
    const end = await started;
    expect(end).toEqual({ how: 'done', done: 3, total: 3 });
    expect(new Set(log)).toEqual(new Set(chosen));
    expect(measured(store).sort()).toEqual([...chosen].sort());
    expect(rows.has(JOB_KEY)).toBe(false);
    // a level measured as it is now is passed over when asked again: no games played
    log.length = 0;
    expect(await store.analyzeLevels([levels[0].id])).toEqual({ how: 'done', done: 1, total: 1 });
    expect(log).toEqual([]);
  });

  it('keeps the pool fed: a level\'s chunks are queued before the previous level ends', async () => {
    // two workers, levels of one chunk plan each: with the job, at some moment chunks of two different
    // levels are in the workers at once
    const inWorkers = new Map<string, number>();
    let mixed = false;
    const p = new WorkerPool<SimRequest, SimCounts>(2, () => ({
      run: async (req, start, count) => {
        const id = req.level.id;
        inWorkers.set(id, (inWorkers.get(id) ?? 0) + 1);
        if ([...inWorkers.values()].filter((n) => n > 0).length > 1) mixed = true;
        await tick(1);
        inWorkers.set(id, inWorkers.get(id)! - 1);
        return simApi.playChunk(req, start, count);
      },
      terminate() {},
    }));
    await packStore(new AnalysisRunner(() => p)).analyzePack(levels);
    expect(mixed).toBe(true);
  });

  it('progress counts levels done of the job; the stored queue shrinks as levels finish, never ahead of their cache entries', async () => {
    const { records, rows } = memoryRecords();
    const { cache, held } = memoryCache();
    const store = packStore(new AnalysisRunner(() => pool(2), cache), records);
    const seen: { done: number; total: number }[] = [];
    const stored: number[] = [];
    const run = store.analyzePack(levels);
    while (store.jobs.job || !seen.length) {
      if (store.jobs.job) seen.push({ done: store.jobs.job.done, total: store.jobs.job.total });
      const r = rows.get(JOB_KEY) as PackJobRecord | undefined;
      if (r) {
        stored.push(r.items.length);
        // a level off the stored queue has its result stored: a reload now would lose nothing
        for (const l of levels) if (!r.items.some((it) => it.id === l.id)) expect(held.has(cacheKey(l, DEFAULT_TIER, ANALYSIS_GAMES.default))).toBe(true);
      }
      await tick(5);
    }
    await run;
    expect(seen.every((s) => s.total === levels.length)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    expect(stored[0]).toBe(levels.length);
    for (let i = 1; i < stored.length; i++) expect(stored[i]).toBeLessThanOrEqual(stored[i - 1]);
    expect(rows.has(JOB_KEY)).toBe(false); // a finished job is forgotten
    expect(measured(store)).toHaveLength(levels.length);
  });

  it('Cancel stops within a chunk per worker, forgets the stored queue, and keeps what was measured', async () => {
    const { records, rows } = memoryRecords();
    const log: string[] = [];
    let release!: () => void;
    let hold = new Promise<void>((r) => (release = r));
    const store = packStore(new AnalysisRunner(() => pool(2, log, () => hold)), records);
    const run = store.analyzePack(levels);
    while (log.length < 2) await tick(1);
    await tick(5);
    expect(store.jobs.job?.status).toBe('running');
    expect(rows.has(JOB_KEY)).toBe(true);
    const started = log.length;
    store.cancel();
    release();
    hold = Promise.resolve();
    await run;
    await tick(20);
    expect(log.length).toBe(started); // the held chunks ended; nothing new was sent
    expect(store.jobs.job).toBeNull();
    expect(rows.has(JOB_KEY)).toBe(false);
  });

  it('a job stored before a reload goes on with the levels it had left, and only those', async () => {
    const { records, rows } = memoryRecords();
    rows.set(JOB_KEY, { id: JOB_KEY, kind: 'analyze', packId: 'p', items: [{ id: 'L3' }, { id: 'L4' }], total: 5, done: 3, startedAt: 0 } satisfies PackJobRecord);
    const log: string[] = [];
    const store = packStore(new AnalysisRunner(() => pool(2, log)), records);
    const dones: number[] = [];
    const run = store.resumeStored();
    while (!store.jobs.job) await tick(0);
    while (store.jobs.job) {
      dones.push(store.jobs.job.done);
      await tick(2);
    }
    await run;
    expect(new Set(log)).toEqual(new Set(['L3', 'L4']));
    expect(dones[0]).toBe(3);
    expect(measured(store).sort()).toEqual(['L3', 'L4']);
    expect(rows.has(JOB_KEY)).toBe(false);
  });

  it('a level that fails stops the job with its message and keeps the queue for Resume', async () => {
    const { records, rows } = memoryRecords();
    let broken = true;
    const p = new WorkerPool<SimRequest, SimCounts>(1, () => ({
      run: async (req, start, count) => {
        await tick();
        if (broken && req.level.id === 'L2') throw new Error('worker out of memory');
        return simApi.playChunk(req, start, count);
      },
      terminate() {},
    }));
    p.maxRetries = 0;
    const store = packStore(new AnalysisRunner(() => p), records);
    await store.analyzePack(levels);
    expect(store.jobs.job?.status).toBe('paused');
    expect(store.error).toContain('worker out of memory');
    const left = (rows.get(JOB_KEY) as PackJobRecord).items.map((i) => i.id);
    expect(left).toContain('L2');
    broken = false;
    await store.resume();
    expect(store.jobs.job).toBeNull();
    expect(measured(store).sort()).toEqual(levels.map((l) => l.id).sort());
  });
});

describe('Tune pack to curve as a job ends in the review', () => {
  /** Records that keep a copy of every queue stored (the moments a reload could happen). */
  function loggedRecords() {
    const mem = memoryRecords();
    const puts: PackJobRecord[] = [];
    const records: JobRecords = { ...mem.records, put: async (t, list) => (list.forEach((r) => puts.push(structuredClone(r) as PackJobRecord)), mem.records.put(t, list)) };
    return { records, rows: mem.rows, puts };
  }

  it('changes nothing until Apply; a job resumed after a reload lists the levels tuned before it, a level edited since unchosen', async () => {
    const first = loggedRecords();
    const store = packStore(new AnalysisRunner(() => pool(2)), first.records);
    let commits = 0;
    (store as unknown as { editor: EditorStore }).editor.onChange = () => commits++;
    store.shape = 'ramp';
    store.easy = 0.95;
    store.hard = 0.1;
    await store.tunePack(levels);
    expect(commits).toBe(0);
    const review = store.review!;
    expect(review.map((r) => r.id)).toEqual(levels.map((l) => l.id));
    expect(review.every((r) => r.status !== 'noTarget' && r.reason !== 'not tuned (cancelled)')).toBe(true);
    expect(first.rows.has(JOB_KEY)).toBe(false);

    // a reload in the middle: the queue as stored after some levels were tuned
    const mid = first.puts.find((p) => p.items.length > 0 && p.items.length < levels.length && Object.values(p.tune!.rows).some((r) => !p.items.some((it) => it.id === r.id) && r.intents.length))!;
    expect(mid).toBeTruthy();
    const doneBefore = Object.values(mid.tune!.rows).filter((r) => !mid.items.some((it) => it.id === r.id));
    const edited = doneBefore.find((r) => r.intents.length)!;
    const kept = doneBefore.filter((r) => r !== edited);
    const { records, rows } = memoryRecords();
    rows.set(JOB_KEY, structuredClone(mid));
    const log: string[] = [];
    // the designer edited one tuned level before the reload
    const now = levels.map((l) => (l.id === edited.id ? { ...l, moves: l.moves + 1 } : l));
    const again = packStore(new AnalysisRunner(() => pool(2, log)), records, now);
    await again.resumeStored();
    expect(new Set(log)).toEqual(new Set(mid.items.map((it) => it.id)));
    const after = again.review!;
    expect(after.map((r) => r.id)).toEqual(levels.map((l) => l.id));
    for (const s of kept) {
      const r = after.find((x) => x.id === s.id)!;
      expect(r).toMatchObject({ status: s.status, intents: s.intents, winRateBefore: s.winRateBefore, winRateAfter: s.winRateAfter, selected: s.selected, bounds: s.bounds });
    }
    expect(after.find((r) => r.id === edited.id)).toMatchObject({ status: 'error', selected: false, intents: [] });
    for (const id of mid.items.map((it) => it.id)) expect(after.find((r) => r.id === id)!.reason).not.toBe('not tuned (cancelled)');
    // Apply tuning replays the chosen rows on the levels as they are now: one commit per chosen level
    const chosen = after.filter((r) => r.selected && r.intents.length);
    let applied = 0;
    (again as unknown as { editor: EditorStore }).editor.onChange = () => applied++;
    again.applyReview((id) => now.find((l) => l.id === id), 'Tune pack to curve');
    expect(again.applied!.ids.sort()).toEqual(chosen.map((r) => r.id).sort());
    expect(applied).toBe(chosen.length);
  }, 120_000);
});
