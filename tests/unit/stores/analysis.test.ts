import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { applyIntent } from '../../../src/core/tools/index.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { AnalysisStore, reviveReport, type Report } from '../../../src/stores/analysis.svelte.ts';
import { openStorage } from '../../../src/db/storage.ts';

const pool = () => new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (req, s, c) => simApi.playChunk(req, s, c), terminate() {} }));
const setObjective = (l: ReturnType<typeof createLevel>, args: Record<string, unknown>) => {
  const r = applyIntent(l, { tool: 'set_objective', args });
  if (!r.ok) throw new Error(r.error);
  return r.level;
};

describe('analysis store: a report is the level as analysed', () => {
  it('a stale report keeps the objectives, moves and size it measured', async () => {
    const saved: Report[] = [];
    const store = new AnalysisStore(() => new AnalysisRunner(pool), { save: (r) => saved.push(r) });
    const red = setObjective({ ...createLevel({ id: 'L', width: 6, height: 6, seed: 3 }), moves: 10 }, { type: 'collect', color: 'red', count: 30 });
    await store.analyze(red, 40);
    const blue = setObjective({ ...red, moves: 14 }, { type: 'collect', color: 'blue', count: 12 });
    expect(store.isStale(blue)).toBe(true);
    const r = store.reportFor(blue)!;
    expect(r.level.objectives).toEqual([{ type: 'collect', color: 'red', count: 30 }]);
    expect(r.level.moves).toBe(10);
    expect(r.level.width).toBe(6);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toBe(r);
  });

  it('reports come back from IndexedDB after a reload, stale when the level changed since', async () => {
    const name = `reports-${Date.now()}`;
    const storage = await openStorage({ name, onStatus: () => {} });
    const lvl = { ...createLevel({ id: 'R', width: 5, height: 5, seed: 9 }), moves: 8 };
    const first = new AnalysisStore(() => new AnalysisRunner(pool), { save: (r) => void storage.putReport({ ...r }) });
    await first.analyze(lvl, 30);
    await storage.flush();
    await new Promise((r) => setTimeout(r, 20));

    const again = await openStorage({ name, onStatus: () => {} });
    const rows = await again.listReports();
    expect(rows).toHaveLength(1);
    const restored = new AnalysisStore(() => new AnalysisRunner(pool));
    restored.restore(rows.map(reviveReport).filter((r): r is Report => r !== null));
    const back = restored.reportFor(lvl)!;
    expect(back.main.winRate).toBe(first.reportFor(lvl)!.main.winRate);
    expect(back.hash).toBe(levelHash(lvl));
    expect(restored.isStale(lvl)).toBe(false);
    expect(restored.isStale({ ...lvl, moves: 9 })).toBe(true);
  });

  it("the copilot's analysis is kept like the button's and comes back still marked as the copilot's", async () => {
    const saved: Report[] = [];
    const lvl = { ...createLevel({ id: 'C', width: 5, height: 5, seed: 4 }), moves: 8 };
    const counts = await new AnalysisRunner(pool).tier(lvl, 'average', 20);
    const store = new AnalysisStore(() => new AnalysisRunner(pool), { save: (r) => saved.push(r) });
    store.publish(lvl, 'analyze', 20, [counts], 'copilot');
    expect(saved).toHaveLength(1);
    const back = reviveReport(JSON.parse(JSON.stringify(saved[0])))!;
    expect(back.origin).toBe('copilot');
    expect(back.main.winRate).toBe(store.reportFor(lvl)!.main.winRate);
    expect(reviveReport(JSON.parse(JSON.stringify({ ...saved[0], origin: undefined })))!.origin).toBeUndefined();
  });

  it('a damaged stored report is dropped, not shown', () => {
    expect(reviveReport(null)).toBeNull();
    expect(reviveReport({ levelId: 'x', hash: 'h', kind: 'analyze', counts: [] })).toBeNull();
    expect(reviveReport({ levelId: 'x', hash: 'h', kind: 'weird', level: createLevel({}), counts: [{}] })).toBeNull();
  });
});

describe('schema version 2 (reports)', () => {
  it('a database written by version 1 opens with its levels intact and an empty reports table', async () => {
    // schema 1 as Dexie laid it out: native version 10, no reports store (tests/unit/db/dexieLayout.test.ts
    // checks the same against Dexie itself)
    const name = `v1-${Date.now()}`;
    const lvl = createLevel({ id: 'old', name: 'From v1' });
    await new Promise<void>((resolve, reject) => {
      const r = indexedDB.open(name, 10);
      r.onupgradeneeded = () => {
        const db = r.result;
        db.createObjectStore('levels', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        db.createObjectStore('packs', { keyPath: 'id' }).createIndex('order', 'order');
        const messages = db.createObjectStore('messages', { keyPath: 'id' });
        messages.createIndex('levelId', 'levelId');
        messages.createIndex('[levelId+createdAt]', ['levelId', 'createdAt']);
        db.createObjectStore('settings', { keyPath: 'key' });
        db.createObjectStore('analyses', { keyPath: 'key' }).createIndex('createdAt', 'createdAt');
        r.transaction!.objectStore('levels').put({ id: 'old', level: lvl, updatedAt: 1 });
        r.transaction!.objectStore('packs').put({ id: 'p', name: 'P', order: 0, levelIds: ['old'] });
      };
      r.onsuccess = () => (r.result.close(), resolve());
      r.onerror = () => reject(r.error);
    });

    const storage = await openStorage({ name, onStatus: () => {} });
    const ws = await storage.loadWorkspace();
    expect(ws.levels.map((l) => l.name)).toEqual(['From v1']);
    expect(await storage.listReports()).toEqual([]);
  });
});
