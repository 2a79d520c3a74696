// Tools whose code loads on first use (docs/performance.md, "First load"): their registry entries —
// name, description, parameters — are there from the start; their work loads with the first runTool,
// or with loadTools before a synchronous apply (a stored review, a proposal of an earlier visit).
// Each test imports the modules afresh, so nothing is loaded before it starts.
import { beforeEach, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
});

const fresh = async () => ({
  ...(await import('../../../src/core/tools/index.ts')),
  ...(await import('../../../src/core/level/index.ts')),
});

it('the registry lists them from the start; a synchronous apply before their code loads is refused, named, and loadTools then lets it apply', async () => {
  const { TOOLS, applyIntent, loadTools, validateArgs, createLevel } = await fresh();
  expect(TOOLS.filter((t) => t.load).map((t) => t.name).sort()).toEqual([
    'add_belt', 'add_hidden', 'add_portal', 'add_spawn', 'adjust_difficulty', 'analyze_level', 'deep_analyze', 'define_element', 'generate_random_level', 'get_bottleneck', 'get_level', 'paint_cells',
    'remove_belt', 'remove_hidden', 'remove_portal', 'remove_spawn', 'remove_spawner', 'set_game', 'set_grid_size', 'set_level', 'set_spawner', 'set_wall', 'tune_level', 'update_element', 'update_spawn',
    // a game's multi-cell pieces are checked by code that loads on first use (core/edit/blockLoaded.ts)
    'paint_cover', 'paint_cover_region', 'paint_exit_region', 'paint_tile', 'paint_tile_region', 'paste_cells', 'place_block', 'place_bomb',
  ].sort());
  const level = createLevel({ id: 'l', seed: 1 });
  const intent = { tool: 'adjust_difficulty', args: { moves: 25 } };
  expect(applyIntent(level, intent)).toEqual({ ok: false, error: 'adjust_difficulty: its code is not loaded yet (loadTools before a synchronous apply)' });
  expect(validateArgs('tune_level', { target_win_rate: 0.3 })).toEqual({ ok: false, error: 'tune_level: its code is not loaded yet (loadTools before a synchronous apply)' });
  await loadTools(['adjust_difficulty']);
  const r = applyIntent(level, intent);
  expect(r.ok && r.level.moves).toBe(25);
  // their heads are their definitions' own (heads.ts is the one place they are written)
  await loadTools();
  const { toolSpecs } = await import('../../../src/core/tools/specs.ts');
  expect(toolSpecs().map((s) => s.name)).toEqual(TOOLS.filter((t) => !t.games).map((t) => t.name));
});

it('a tool whose definition cannot load (offline before it was cached) is refused by runTool, named, instead of throwing', async () => {
  vi.doMock('../../../src/core/tools/compact.ts', () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
  const { runTool, createLevel } = await fresh();
  const level = createLevel({ id: 'l', seed: 3 });
  const r = await runTool(level, 'set_level', { moves: 12 });
  expect(r.ok).toBe(false);
  expect(!r.ok && r.error).toMatch(/^set_level: /);
  vi.doUnmock('../../../src/core/tools/compact.ts');
});

it('runTool loads a tool’s code itself, and its recorded intent then replays synchronously to the same level', async () => {
  const { runTool, applyIntent, createLevel } = await fresh();
  const level = createLevel({ id: 'l', seed: 2 });
  const r = await runTool(level, 'generate_random_level', { seed: 9, ice_ratio: 0.2 });
  expect(r.ok).toBe(true);
  if (!r.ok || !r.intent) throw new Error('no intent');
  const replay = applyIntent(level, r.intent);
  expect(replay.ok && replay.level).toEqual(r.level);
});

it('a tuning’s result lands through adjust_difficulty, whose code runTool loads too', async () => {
  const { runTool, applyIntents, createLevel } = await fresh();
  const { localRunner } = await import('../../../src/core/sim/analysis/index.ts');
  const level = { ...createLevel({ id: 'T', seed: 7, width: 8, height: 8 }), moves: 20 };
  const r = await runTool(level, 'tune_level', { target_win_rate: 0.5, max_games: 500 }, { runner: localRunner() });
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.intents?.map((i) => i.tool)).toEqual(['adjust_difficulty']);
  expect(applyIntents(level, r.intents!).level).toEqual(r.level);
});

it('a proposal stored by an earlier visit is reviewed and applied: the conversation loads its tools when it is read back', async () => {
  const { createLevel } = await fresh();
  const { EditorStore } = await import('../../../src/stores/editor.svelte.ts');
  const { ChatStore } = await import('../../../src/stores/chat.svelte.ts');
  const editor = new EditorStore();
  editor.open({ ...createLevel({ id: 'L', seed: 4 }), moves: 30 });
  const stored = {
    id: 'm1',
    levelId: 'L',
    turnId: 't1',
    role: 'assistant',
    content: 'Proposed: fewer moves.',
    createdAt: 1_700_000_000_000,
    operations: [{ intent: { tool: 'adjust_difficulty', args: { moves: 22 } }, summary: 'Difficulty levers: moves 30 → 22.' }],
    applied: 'pending',
  };
  const storage = { messages: { list: async () => [stored], put: async () => {} } } as unknown as import('../../../src/db/storage.ts').Storage;
  const chat = new ChatStore(editor, () => storage, () => undefined);
  await chat.open('L');
  expect(chat.pendingReview?.id).toBe('m1');
  expect(chat.applyReview('m1', [0])).toBe(true);
  expect(editor.level?.moves).toBe(22);
});
