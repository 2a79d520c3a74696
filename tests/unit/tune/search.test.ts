// tune_level: the search (pure core, in-thread simulator), the tool's result as one transaction, the
// levers, and honest misses.
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntents, loadTools, runTool, type SimRunner } from '../../../src/core/tools/index.ts';
import { emptyCounts, localRunner, winRateAt } from '../../../src/core/sim/analysis/index.ts';
import { SEARCH_FIRST, tuneLevel } from '../../../src/core/tune/search.ts';
import { leverValues } from '../../../src/core/tune/levers.ts';
import { History } from '../../../src/core/history/index.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { tuneReasonText } from '../../../src/i18n/tuneText.ts';

const open = (): LevelT => ({ ...createLevel({ id: 'T', name: 'Open', seed: 7, width: 8, height: 8 }), moves: 20 });

/** A runner that records which games each run played. */
function spying(): { runner: SimRunner; runs: { first: number; games: number; moves: number }[] } {
  const inner = localRunner();
  const runs: { first: number; games: number; moves: number }[] = [];
  return {
    runs,
    runner: {
      tier: (level, tier, games, opts = {}) => {
        runs.push({ first: opts.first ?? 0, games, moves: level.moves });
        return inner.tier(level, tier, games, opts);
      },
      deep: (level, games, opts) => inner.deep(level, games, opts),
    },
  };
}

describe('the win-rate curve gives the move limit in one pass', () => {
  it('the curve at m moves is exactly the win rate of the level with m moves, on the same games', async () => {
    const r = localRunner();
    const long = await r.tier(open(), 'average', 300, { first: SEARCH_FIRST });
    for (const m of [6, 11, 15, 20, 27, 40]) {
      const atM = await r.tier({ ...open(), moves: m }, 'average', 300, { first: SEARCH_FIRST });
      expect(winRateAt(long, m), `moves ${m}`).toBe(atM.wins / atM.games);
    }
  });
});

describe('tuneLevel', () => {
  it('hits 0.5 on an easy open level by lowering the moves; after is confirmed on games the search never played', async () => {
    const { runner, runs } = spying();
    const r = await tuneLevel(open(), runner, { target: 0.5, tier: 'average', tolerance: 0.05, levers: ['moves', 'colors'], maxGames: 20_000 });
    expect(r.hit).toBe(true);
    expect(r.after.winRate).toBeGreaterThanOrEqual(0.45);
    expect(r.after.winRate).toBeLessThanOrEqual(0.55);
    expect(r.before.winRate).toBeGreaterThan(0.8);
    expect(r.changes.map((c) => c.lever)).toContain('moves');
    expect(r.level.moves).toBeLessThan(20);
    // search runs start at SEARCH_FIRST; the only runs on games 0..N-1 are before and the confirmation
    const fresh = runs.filter((x) => x.first < SEARCH_FIRST);
    expect(fresh.map((x) => x.moves)).toEqual([20, r.level.moves]);
    expect(runs.filter((x) => x.first >= SEARCH_FIRST).length).toBeGreaterThan(0);
    // the confirmation is what an analysis of the tuned level shows (same games, same counts)
    const analysis = await localRunner().tier(r.level, 'average', 1000);
    expect(r.after.winRate).toBe(analysis.wins / analysis.games);
    expect(r.games).toBe(runs.reduce((s, x) => s + x.games, 0));
    expect(r.games).toBeLessThanOrEqual(20_000);
  });

  it('every candidate plays the same search games (common random numbers)', async () => {
    const { runner, runs } = spying();
    const level = { ...open(), moves: 6 }; // too hard at 6 moves for 0.9: colours must move too
    await tuneLevel(level, runner, { target: 0.9, tier: 'average', tolerance: 0.03, levers: ['colors'], maxGames: 8000 });
    const search = runs.filter((x) => x.first >= SEARCH_FIRST);
    expect(search.length).toBeGreaterThan(1);
    // each candidate starts at SEARCH_FIRST and continues in batches from there
    const starts = search.filter((x) => x.first === SEARCH_FIRST).length;
    expect(starts).toBeGreaterThan(1);
  });

  it('without the moves lever it turns the colours, toward the target', async () => {
    const level = { ...open(), moves: 14, colors: 4 };
    const r = await tuneLevel(level, localRunner(), { target: 0.3, tier: 'average', tolerance: 0.08, levers: ['colors'], maxGames: 10_000 });
    expect(r.level.moves).toBe(14);
    expect(r.changes[0]).toMatchObject({ lever: 'colors', from: 4 });
    expect(r.level.colors).toBeGreaterThan(4); // more colours, fewer matches: harder
    expect(Math.abs(r.after.winRate - 0.3)).toBeLessThan(Math.abs(r.before.winRate - 0.3));
  });

  it('says honestly when the target cannot be reached, and why', async () => {
    const level: LevelT = { ...open(), moves: 10, objectives: [{ type: 'collect', color: 'red', count: 999 }] };
    const r = await tuneLevel(level, localRunner(), { target: 0.5, tier: 'average', tolerance: 0.05, levers: ['moves'], maxGames: 6000 });
    expect(r.hit).toBe(false);
    expect(r.reason).toMatch(/even with \d+ moves the average bot wins/);
    expect(r.reason).toMatch(/collect.*red.*bottleneck/i);
    await setLocale('zh');
    try {
      expect(tuneReasonText(r.reasonNote!)).toMatch(/^即使有 \d+ 步，普通机器人在调整项 步数 下的胜率也只有 [\d.]+%：.*是瓶颈/);
    } finally {
      await setLocale('en');
    }
    expect(r.games).toBeLessThanOrEqual(6000 + 250);
  });

  it('names a jump in the curve when no move limit lands in the band', async () => {
    // a scripted simulator: 30% of games win at move 10, 40% more at move 11 — whatever the games
    const jumpy: SimRunner = {
      async tier(level, tier, games) {
        const c = emptyCounts({ rulesVersion: 1, levelHash: levelHash(level), tier, width: level.width, height: level.height, moveLimit: level.moves, curveMax: 2 * level.moves, objectives: level.objectives.length });
        c.games = games;
        c.curveWins[10] = Math.round(games * 0.3);
        c.curveWins[11] = Math.round(games * 0.4);
        c.wins = (level.moves >= 10 ? c.curveWins[10] : 0) + (level.moves >= 11 ? c.curveWins[11] : 0);
        return c;
      },
      deep: async () => [],
    };
    const r = await tuneLevel(open(), jumpy, { target: 0.5, tier: 'average', tolerance: 0.05, levers: ['moves'], maxGames: 20_000 });
    expect(r.hit).toBe(false);
    expect(r.reason).toMatch(/the win rate jumps from 30\.0% at 10 moves to 70\.0% at 11/);
    // the same reason reaches the designer in their language, levers and all
    await setLocale('zh');
    try {
      expect(tuneReasonText(r.reasonNote!)).toMatch(/^在搜索的对局中，胜率从 10 步时的 30\.0% 跳到 11 步时的 70\.0%：.*其他调整项（步数）/);
    } finally {
      await setLocale('en');
    }
    expect(tuneReasonText(r.reasonNote!)).toMatch(/^on the search’s games the win rate jumps from 30\.0% at 10 moves to 70\.0% at 11: .*other levers \(Moves\)/);
  });

  it('a cancelled search throws and returns nothing', async () => {
    const ctl = new AbortController();
    const p = tuneLevel(open(), localRunner(), {
      target: 0.5, tier: 'average', tolerance: 0.05, levers: ['moves'], maxGames: 20_000, signal: ctl.signal,
      onProgress: (d) => d > 300 && ctl.abort(),
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('levers', () => {
  it('colours never drop below what a collect objective needs; obstacle levers only where the board has them', () => {
    const l: LevelT = { ...open(), colors: 6, objectives: [{ type: 'collect', color: 'purple', count: 20 }] };
    expect(leverValues(l, 'colors')).toEqual([5, 6]);
    expect(leverValues(l, 'ice')).toEqual([]);
    expect(leverValues(l, 'chains')).toEqual([]);
    const iced = applyIntents(l, [{ tool: 'paint_cover_region', args: { x1: 0, y1: 6, x2: 7, y2: 7, cover: 'ice', layers: 1 } }]).level;
    expect(leverValues(iced, 'ice')).toEqual([-2, -1, 0, 1, 2]);
  });

  it('adjust_difficulty turns several levers in one edit, clamped to the rules', async () => {
    // its code loads on first use: a synchronous apply loads it first (runTool does it itself)
    await loadTools(['adjust_difficulty']);
    const l = applyIntents(open(), [
      { tool: 'paint_cover_region', args: { x1: 0, y1: 7, x2: 7, y2: 7, cover: 'ice', layers: 2 } },
      { tool: 'paint_cover_region', args: { x1: 0, y1: 6, x2: 3, y2: 6, cover: 'chain' } },
      { tool: 'set_objective', args: { type: 'collect', color: 'red', count: 30 } },
    ]).level;
    const r = applyIntents(l, [{ tool: 'adjust_difficulty', args: { moves: 25, ice_layers: 2, chains_removed: 0.5, objective_scale: 1.5 } }]);
    expect(r.error).toBeUndefined();
    expect(r.level.moves).toBe(25);
    expect(r.level.cells[7].every((c) => c.cover?.type === 'ice' && c.cover.layers === 3)).toBe(true);
    expect(r.level.cells[6].filter((c) => c.cover?.type === 'chain').length).toBe(2);
    expect(r.level.objectives[0]).toEqual({ type: 'collect', color: 'red', count: 45 });
  });
});

describe('tune_level through the registry', () => {
  it('returns one adjust_difficulty intent whose replay is the tuned level: one undo step back to the original', async () => {
    const level = open();
    const r = await runTool(level, 'tune_level', { target_win_rate: '0.5' }, { runner: localRunner() });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.intents?.map((i) => i.tool)).toEqual(['adjust_difficulty']);
    expect(applyIntents(level, r.intents!).level).toEqual(r.level);
    expect(r.summary).toMatch(/Before: [\d.]+% \(95% CI [\d.]+%–[\d.]+%\)/);
    expect(r.summary).toMatch(/After .*\*\*[\d.]+%\*\* \(95% CI/);
    expect(r.summary).toMatch(/Games simulated: \d+/);
    const h = new History();
    h.commit({ label: 'Tune', intents: r.intents!, before: level, after: r.level });
    expect(h.undo()!.before).toBe(level);
    expect(h.canUndo).toBe(false);
  });

  it('refuses bad arguments naming the field, and a missing simulator, without touching the level', async () => {
    const bad = await runTool(open(), 'tune_level', { target_win_rate: 1.5 }, { runner: localRunner() });
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^tune_level: target_win_rate: must be 0.01..0.99/) });
    const lever = await runTool(open(), 'tune_level', { target_win_rate: 0.5, levers: 'moves,speed' }, { runner: localRunner() });
    expect(lever).toMatchObject({ ok: false, error: expect.stringMatching(/levers/) });
    expect(await runTool(open(), 'tune_level', { target_win_rate: 0.5 })).toMatchObject({ ok: false, error: 'tune_level: analysis is not available yet' });
  });

  it('generate_random_level with a target generates, then tunes: two intents that replay to the result', async () => {
    const level = open();
    const r = await runTool(level, 'generate_random_level', { seed: 5, ice_ratio: 0.2, target_win_rate: 0.5 }, { runner: localRunner() });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.intents?.map((i) => i.tool)).toEqual(['generate_random_level', 'adjust_difficulty']);
    expect(r.intents![0].args).not.toHaveProperty('target_win_rate');
    expect(applyIntents(level, r.intents!).level).toEqual(r.level);
    expect(r.summary).toMatch(/Generated a level/);
    expect(r.summary).toMatch(/tune_level/);
    // without a simulator the target is refused rather than ignored
    const off = await runTool(level, 'generate_random_level', { seed: 5, target_win_rate: 0.5 });
    expect(off).toMatchObject({ ok: false, error: expect.stringMatching(/target_win_rate needs the simulator/) });
  });
});
