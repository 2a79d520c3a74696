// Analysis maths: exact merging, the curve, summaries, the bottleneck and the reports; bot strength.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import {
  bottleneck, deepSummary, difficultyOf, formatAnalyzeLevel, formatBottleneck, formatDeepAnalyze, mergeAll, mergeCounts,
  playGames, summarize, wilson, winRateAt,
} from '../../../src/core/sim/index.ts';

function jellyLevel(moves = 16): LevelT {
  const l = createLevel({ colors: 5, seed: 12, moves, width: 7, height: 7, id: 'jelly' });
  for (let y = 1; y < 6; y++) for (let x = 1; x < 6; x++) l.cells[y][x] = { ground: { type: 'jelly', layers: y === 3 ? 2 : 1 } };
  l.cells[0][3] = { tile: 'crate', hp: 2 };
  l.cells[6][0] = { cover: { type: 'ice', layers: 1 } };
  l.objectives = [{ type: 'clear_ground', ground: 'jelly' }, { type: 'collect', color: 'blue', count: 12 }];
  return l;
}

describe('playGames counts', () => {
  it('any split of games [0, N) into chunks merges to exactly the same counts', () => {
    const l = jellyLevel();
    for (const tier of ['novice', 'expert'] as const) {
      const whole = playGames(l, { tier, count: 24 });
      const parts = [playGames(l, { tier, start: 0, count: 5 }), playGames(l, { tier, start: 5, count: 12 }), playGames(l, { tier, start: 17, count: 7 })];
      expect(mergeAll(parts)).toEqual(whole);
      expect(mergeCounts(mergeCounts(parts[2], parts[0]), parts[1])).toEqual(whole);
    }
  });

  it('the curve at the real limit equals the win rate; playing on never changes the real result', () => {
    const l = jellyLevel(12);
    const withCurve = playGames(l, { tier: 'average', count: 40 });
    const without = playGames(l, { tier: 'average', count: 40, curve: false });
    expect(winRateAt(withCurve, l.moves)).toBe(withCurve.wins / withCurve.games);
    const { curveWins: a, curveMax: ca, ...restA } = withCurve;
    const { curveWins: b, curveMax: cb, ...restB } = without;
    expect(restA).toEqual(restB);
    expect(a.slice(0, l.moves + 1)).toEqual(b);
    expect(ca).toBe(24);
    expect(cb).toBe(12);
    // more moves never lower the win rate
    const s = summarize(withCurve);
    for (let i = 1; i < s.curve.length; i++) expect(s.curve[i].winRate).toBeGreaterThanOrEqual(s.curve[i - 1].winRate);
    expect(s.curve[0].moves).toBe(6);
    expect(s.curve.at(-1)!.moves).toBe(24);
  });

  it('counts add up', () => {
    const c = playGames(jellyLevel(), { tier: 'average', count: 30 });
    expect(c.games).toBe(30);
    const lost = c.games - c.wins;
    expect(c.objIncompleteOnLoss.every((v) => v <= lost)).toBe(true);
    expect(c.objCompleted.every((v) => v >= c.wins && v <= c.games)).toBe(true);
    expect(c.heatClears.length).toBe(49);
    expect(c.heatClears.reduce((s, v) => s + v, 0)).toBeGreaterThan(0);
    expect(() => mergeCounts(c, { ...c, tier: 'novice' })).toThrow(/tier/);
  });
});

describe('summaries and reports', () => {
  it('Wilson interval and difficulty labels', () => {
    const w = wilson(50, 100);
    expect(w.low).toBeCloseTo(0.4038, 3);
    expect(w.high).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 10).low).toBe(0);
    expect([difficultyOf(80, 100), difficultyOf(50, 100), difficultyOf(25, 100), difficultyOf(5, 100), difficultyOf(4, 100), difficultyOf(0, 100)])
      .toEqual(['easy', 'medium', 'hard', 'very hard', 'extreme', 'impossible']);
  });

  it('bottleneck names the open objective and a simulated move change', () => {
    const l = jellyLevel(12);
    const c = playGames(l, { tier: 'average', count: 60 });
    const b = bottleneck(l, [c]);
    expect(b.lostGames).toBeGreaterThan(0);
    expect(b.objective).not.toBeNull();
    expect(b.stallCells.length).toBeGreaterThan(0);
    expect(b.suggestions[0].kind).toBe('moves');
    expect(b.suggestions[0].text).toMatch(/^easier: moves 12 → \d+ raises the win rate from \d+% to \d+% \((easy|medium|hard|very hard|extreme)\)$|more moves alone/);
    const md = formatBottleneck(l, b);
    expect(md).toContain('get_bottleneck');
    expect(md).toContain(b.suggestions[0].text);
  });

  it('markdown reports carry the figures', () => {
    const l = jellyLevel();
    const list = (['novice', 'average', 'expert'] as const).map((tier) => playGames(l, { tier, count: 20 }));
    const s = summarize(list[1]);
    const md = formatAnalyzeLevel(l, s, { gamesPerSecond: 1234 });
    expect(md).toContain(`${(s.winRate * 100).toFixed(1)}%`);
    expect(md).toContain('1,234 games/s');
    const d = deepSummary(list);
    expect(d.skillSensitivity).toBeCloseTo(d.tiers.expert!.winRate - d.tiers.novice!.winRate);
    const deep = formatDeepAnalyze(l, d);
    expect(deep).toContain('| novice |');
    expect(deep).toContain('Skill sensitivity');
    expect(deep).toContain('Win rate by move limit (average)');
  });
});

describe('bots', () => {
  const levels: LevelT[] = [];
  {
    const l = createLevel({ colors: 5, seed: 11, moves: 20, id: 'collect' });
    l.objectives = [{ type: 'collect', color: 'red', count: 45 }];
    levels.push(l);
  }
  {
    const l = createLevel({ colors: 5, seed: 12, moves: 22, id: 'jelly' });
    for (let y = 2; y < 7; y++) for (let x = 1; x < 8; x++) l.cells[y][x] = { ground: { type: 'jelly', layers: 2 } };
    l.objectives = [{ type: 'clear_ground', ground: 'jelly' }];
    levels.push(l);
  }
  {
    const l = createLevel({ colors: 5, seed: 13, moves: 25, id: 'blockers' });
    for (let x = 1; x < 8; x += 2) l.cells[4][x] = { tile: 'crate', hp: 2 };
    for (let x = 0; x < 9; x += 2) l.cells[6][x] = { cover: { type: 'ice', layers: 2 } };
    l.objectives = [{ type: 'clear_crates' }, { type: 'clear_cover', cover: 'ice' }];
    levels.push(l);
  }
  it.each(levels.map((l) => [l.id, l] as const))('expert ≥ average ≥ novice win rate (%s)', (_id, l) => {
    const rate = (tier: 'novice' | 'average' | 'expert') => {
      const c = playGames(l, { tier, count: 150, curve: false });
      return c.wins / c.games;
    };
    const [n, a, e] = [rate('novice'), rate('average'), rate('expert')];
    expect(a).toBeGreaterThanOrEqual(n);
    expect(e).toBeGreaterThanOrEqual(a);
    expect(e).toBeGreaterThan(n);
  });
});

describe('bottleneck: refill starvation', () => {
  /** Jelly under a full-width ice row: nothing below it refills, under either rules version. */
  function starvedJelly(rules: 1 | 2): LevelT {
    const l = createLevel({ colors: 5, seed: 77, moves: 14, width: 7, height: 7, id: `starved-${rules}`, rules });
    for (let x = 0; x < 7; x++) l.cells[3][x] = { cover: { type: 'ice', layers: 2 } };
    for (let y = 4; y < 7; y++) for (let x = 0; x < 7; x++) l.cells[y][x] = { ground: { type: 'jelly', layers: 2 } };
    l.objectives = [{ type: 'clear_ground', ground: 'jelly' }];
    return l;
  }

  it('names the starvation and the blocker when lost games leave their stuff in cells no tile reaches', () => {
    for (const rules of [1, 2] as const) {
      const l = starvedJelly(rules);
      const b = bottleneck(l, [playGames(l, { tier: 'average', count: 40 })]);
      expect(b.lostGames).toBeGreaterThan(0);
      expect(b.starvation).not.toBeNull();
      expect(b.starvation!.rulesVersion).toBe(rules);
      expect(b.starvation!.share).toBeGreaterThan(0.9);
      expect(b.starvation!.groups[0]).toMatchObject({ blocker: 'ice', at: '(0, 3)–(6, 3)', cells: 21 });
      const s = b.suggestions.find((x) => x.kind === 'starvation');
      expect(s?.text).toMatch(rules === 1 ? /^refill starvation: .*the ice at \(0, 3\)–\(6, 3\) \(21 cells\).*use rules version 2/ : /not even by a diagonal slide/);
      // the cause replaces "lighten those cells"
      expect(b.suggestions.some((x) => x.kind === 'cells')).toBe(false);
      expect(formatBottleneck(l, b)).toContain(`rules v${rules}`);
      expect(formatBottleneck(l, b)).toContain('- Refill starvation: ');
    }
  });

  it('stays quiet when nothing starves or what is left lies elsewhere', () => {
    const open = jellyLevel(12);
    const b = bottleneck(open, [playGames(open, { tier: 'average', count: 40 })]);
    expect(b.starvation).toBeNull();
    // the same heat, but all of it on cells tiles can reach
    const l = starvedJelly(1);
    const c = playGames(l, { tier: 'average', count: 20 });
    const reachable = { ...c, heatLeft: c.heatLeft.map((v, i) => (i < 21 ? 1 : 0)) };
    expect(bottleneck(l, [reachable]).starvation).toBeNull();
  });
});
