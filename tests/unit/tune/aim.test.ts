// Fixes that aim: with a target band the move fix lands in it and says so; without one, a fix each way.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { localRunner, winRateAt } from '../../../src/core/sim/analysis/index.ts';
import { bandOf, bottleneck } from '../../../src/core/sim/analysis/bottleneck.ts';

const open = (): LevelT => ({ ...createLevel({ id: 'A', name: 'Aim', seed: 3, width: 8, height: 8 }), moves: 20 });

describe('bottleneck fixes aim at the target band', () => {
  it('a level above its target gets a fix that lowers it into the band, and says what it aims at', async () => {
    const level = open();
    const c = await localRunner().tier(level, 'average', 600);
    const rate = c.wins / c.games;
    expect(rate).toBeGreaterThan(0.6); // an open 8×8 board with 20 moves is easy
    const target = { lo: 0.35, hi: 0.55, source: 'pack' as const };
    const b = bottleneck(level, [c], { target });
    const fix = b.suggestions.find((s) => s.kind === 'moves')!;
    expect(fix.aim).toEqual(target);
    expect(fix.reached).toBe(true);
    expect(fix.to!).toBeLessThan(level.moves);
    expect(fix.winRateTo!).toBeGreaterThanOrEqual(0.35);
    expect(fix.winRateTo!).toBeLessThanOrEqual(0.55);
    expect(fix.winRateTo).toBe(winRateAt(c, fix.to!)); // read off the curve of the same games
    expect(fix.text).toMatch(/^to reach your target 35%–55%: moves 20 → \d+ \(the win rate goes from \d+% to (3[5-9]|4\d|5[0-5])%\)$/);
  });

  it('a band the curve jumps over: the closest move limit, said as not reaching it', async () => {
    const level = open();
    const c = await localRunner().tier(level, 'average', 600);
    // find two neighbouring limits whose win rates straddle a gap, and aim into the gap
    let m = 2;
    while (m < 30 && winRateAt(c, m + 1) - winRateAt(c, m) < 0.04) m++;
    const lo = winRateAt(c, m) + 0.01, hi = winRateAt(c, m + 1) - 0.01;
    const fix = bottleneck(level, [c], { target: { lo, hi } }).suggestions.find((s) => s.kind === 'moves')!;
    expect(fix.reached).toBe(false);
    expect([m, m + 1]).toContain(fix.to);
    expect(fix.text).toMatch(/^moves alone do not reach your target/);
  });

  it('inside the band: no change; without a target: one fix each way, naming the band it lands in', async () => {
    const level = open();
    const c = await localRunner().tier(level, 'average', 600);
    const rate = c.wins / c.games;
    const inside = bottleneck(level, [c], { target: { lo: rate - 0.05, hi: rate + 0.05 } }).suggestions.find((s) => s.kind === 'moves')!;
    expect(inside.to).toBe(level.moves);
    expect(inside.text).toMatch(/inside your target/);

    const harder = { ...level, moves: 9 };
    const ch = await localRunner().tier(harder, 'average', 600);
    const r = ch.wins / ch.games;
    expect(r).toBeGreaterThan(0.05);
    expect(r).toBeLessThan(0.8);
    const both = bottleneck(harder, [ch]).suggestions.filter((s) => s.kind === 'moves');
    expect(both.map((s) => Math.sign(s.to! - s.from!))).toEqual([1, -1]);
    const here = bandOf(r);
    expect(both[0].band).toBe(bandOf(both[0].winRateTo!).name);
    expect(both[0].winRateTo!).toBeGreaterThanOrEqual(here.hi);
    expect(both[1].winRateTo!).toBeLessThan(here.lo);
    expect(both[0].text).toMatch(/^easier: .*\((easy|medium|hard|very hard)\)$/);
    expect(both[1].text).toMatch(/^harder: .*\((medium|hard|very hard|extreme)\)$/);
  });

  it('bands match the difficulty labels', () => {
    expect(bandOf(0.9)).toEqual({ name: 'easy', lo: 0.8, hi: 1 });
    expect(bandOf(0.54)).toEqual({ name: 'medium', lo: 0.5, hi: 0.8 });
    expect(bandOf(0.3)).toEqual({ name: 'hard', lo: 0.25, hi: 0.5 });
    expect(bandOf(0.1)).toEqual({ name: 'very hard', lo: 0.05, hi: 0.25 });
    expect(bandOf(0)).toEqual({ name: 'extreme', lo: 0, hi: 0.05 });
  });
});
