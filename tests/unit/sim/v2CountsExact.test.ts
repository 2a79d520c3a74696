// The version 2 analysis counts on hand-built lab2 levels (tests/unit/sim/v2Defs.ts) whose figures are
// known without playing: lostToCountdown and the countdown heat, emitted, gateClosedOnLoss and
// counterOnLoss (docs/rules.md §9 "What stops players"); and that halves merge to the whole, from a
// runner's empty start too. Caps (immune, never falling) hold the refill up under rules 1, so a board
// with one legal move plays the same for every bot.
import { describe, expect, it } from 'vitest';
import { deepSummary, emptyCounts, formatAnalyzeLevel, formatDeepAnalyze, mergeAll, mergeCounts, playGames, summarize, type SimCounts } from '../../../src/core/sim/index.ts';
import { createGame, legalMoves } from '../../../src/core/sim/play.ts';
import { tablesOf } from '../../../src/core/game/registry.ts';
import { LAB2 } from './v2Defs.ts';
import { maker, validLevels } from './v2Kit.ts';

const { make, made } = maker('lab2');
const idx = (id: string) => LAB2.elements.findIndex((e) => e.id === id);
const TIERS = ['novice', 'average', 'expert'] as const;
const N = 12;

/** Two countdown pieces at 1, each walled off by two rows and columns of caps: no match, rocket or bomb of one move reaches them. */
const WALLED = 'cb=R#1 cap cap cap cap cap cb=B#1 / cap cap cap cap cap cap cap / cap cap ? ? ? cap cap / cap cap ? ? ? cap cap / cap cap ? ? ? cap cap / cap cap ? ? ? cap cap';
/** One legal move (A2 with A3): R R R on row 2 breaks the two keys under it; caps on top, so nothing refills. */
const KEYS = 'cap cap cap cap / G R+skey R+skey Y / R B G P / B gstone Y O';

describe('lostToCountdown and the countdown heat', () => {
  it('every game ends on move 1 by the two walled-off pieces reaching 0: each counted, where they stand', () => {
    const level = make(WALLED, { moves: 3 });
    for (const tier of TIERS) {
      const c = playGames(level, { tier, count: N });
      expect([c.games, c.wins, c.lostToCountdown]).toEqual([N, 0, N]);
      const hot = c.heatCountdown!.flatMap((v, i) => (v ? [[i, v]] : []));
      expect(hot).toEqual([[0, N], [6, N]]);
    }
  });

  it('the summary gives the share of all games and of lost games; the deep summary the countdown heat per lost game; Markdown both', () => {
    const level = make(WALLED, { moves: 3 });
    const c = playGames(level, { tier: 'average', count: N });
    const s = summarize(c);
    expect([s.lostToCountdown, s.lostToCountdownOfLost]).toEqual([1, 1]);
    const heat = deepSummary([c]).heat!.countdownPerLoss!;
    expect([heat[0][0], heat[0][6], heat[1][0]]).toEqual([1, 1, 0]);
    expect(formatAnalyzeLevel(level, s)).toContain('- Lost to a countdown: 100.0% of games (100.0% of lost games)');
    expect(formatDeepAnalyze(level, deepSummary([c]))).toContain('- Where countdowns reached 0 (pieces per lost game): A1 1, G1 1');
    // a level without countdowns: none lost to one, and no share of lost games without a lost game
    const won = summarize(playGames(make(KEYS, { moves: 1, objectives: [{ type: 'score', target: 10 }] }), { tier: 'average', count: 3 }));
    expect([won.lostToCountdown, won.lostToCountdownOfLost]).toEqual([0, null]);
  });

  it('a game lost at the move limit is not lost to a countdown, even when the curve plays on until one reaches 0', () => {
    const level = make(WALLED.replace(/#1/g, '#2'), { moves: 1 });
    const c = playGames(level, { tier: 'average', count: N, curve: true });
    expect([c.games, c.wins, c.lostToCountdown]).toEqual([N, 0, 0]);
    expect(c.heatCountdown!.every((v) => v === 0)).toBe(true);
  });
});

describe('emitted', () => {
  it('a sprayer places one piece a move: moves × games, counted up to the real limit only (not the curve\'s extra moves)', () => {
    const level = make('sprayer ? ? ? ? ? / ? ? ? ? ? ? / ? ? ? ? ? ? / ? ? ? ? ? ? / ? ? ? ? ? ? / ? ? ? ? ? ?', { moves: 4 });
    for (const tier of TIERS) {
      const c = playGames(level, { tier, count: N, curve: true });
      expect(c.curveMax).toBe(8);
      expect(c.emitted![idx('sprayer')]).toBe(4 * N);
      expect(c.emitted!.reduce((a, v) => a + v, 0)).toBe(4 * N);
    }
  });
});

describe('gateClosedOnLoss and counterOnLoss', () => {
  it('the only move breaks two keys: gates at 2 opened in every game, gates at 9 shut in every lost game, the counter at 2 each', () => {
    const level = make(KEYS, { moves: 1 });
    expect(legalMoves(createGame(level, { seed: 5, record: false }))).toHaveLength(1);
    for (const tier of TIERS) {
      const c = playGames(level, { tier, count: N });
      expect(c.wins).toBe(0);
      expect(c.gateClosedOnLoss![idx('chest')]).toBe(0); // at 2
      expect(c.gateClosedOnLoss![idx('gcov')]).toBe(0); // at 2
      expect(c.gateClosedOnLoss![idx('gstone')]).toBe(N); // at 9
      expect(c.gateClosedOnLoss![idx('cb')]).toBe(0); // no gate
      const keys = tablesOf(level).v2!.counters.indexOf('keys');
      expect(keys).toBeGreaterThanOrEqual(0);
      expect(c.counterOnLoss![keys]).toBe(2 * N);
      expect(c.counterOnLoss!.reduce((a, v) => a + v, 0)).toBe(2 * N);
    }
  });

  it('a won game adds nothing to either', () => {
    const level = make(KEYS, { moves: 1, objectives: [{ type: 'score', target: 10 }] });
    const c = playGames(level, { tier: 'average', count: N });
    expect(c.wins).toBe(N);
    expect(c.gateClosedOnLoss!.every((v) => v === 0)).toBe(true);
    expect(c.counterOnLoss!.every((v) => v === 0)).toBe(true);
  });
});

describe('merge', () => {
  const levels = () => [make(WALLED, { moves: 3 }), make(KEYS, { moves: 2 }), make('sprayer ? ? ? ? / ? ? ? ? ? / ? ? mixer ? ? / ? ? ? ? ? / ? ? ? ? ?', { moves: 5 })];
  it('two halves merge to the whole, and so does a runner\'s merge from an empty start (which carries no version 2 arrays)', () => {
    for (const level of levels()) {
      const whole = playGames(level, { tier: 'novice', count: 10 });
      const a = playGames(level, { tier: 'novice', count: 4 }), b = playGames(level, { tier: 'novice', start: 4, count: 6 });
      expect(mergeCounts(a, b)).toEqual(whole);
      const { rulesVersion, levelHash, tier, width, height, moveLimit, curveMax, objectives } = whole;
      const empty: SimCounts = emptyCounts({ rulesVersion, levelHash, tier, width, height, moveLimit, curveMax, objectives });
      expect(empty.heatCountdown).toBeUndefined();
      expect(mergeAll([empty, a, b])).toEqual({ ...whole });
      expect(mergeCounts(a, empty)).toEqual(a);
    }
  });
});

validLevels(5, made);
