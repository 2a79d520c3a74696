import { describe, expect, it } from 'vitest';
import { flagsOf, packCsv, targetCurve, type PackRow } from '../../../src/core/pack/curve.ts';

describe('pack difficulty curve', () => {
  it('ramp goes from easy to hard; sawtooth restarts each group; custom keeps what was set', () => {
    expect(targetCurve('ramp', 4, { easy: 0.9, hard: 0.3 })).toEqual([0.9, 0.7, 0.5, 0.3]);
    expect(targetCurve('sawtooth', 6, { easy: 0.8, hard: 0.4, period: 3 })).toEqual([0.8, 0.6, 0.4, 0.8, 0.6, 0.4]);
    expect(targetCurve('custom', 3, { custom: [0.5, null, 0.2] })).toEqual([0.5, null, 0.2]);
    expect(targetCurve('none', 2)).toEqual([null, null]);
  });

  it('flags a level much harder (spike) or easier (dip) than both neighbours, not a smooth ramp', () => {
    expect(flagsOf([0.8, 0.3, 0.75, 0.7, 0.95, 0.7])).toEqual([null, 'spike', null, null, 'dip', null]);
    expect(flagsOf([0.9, 0.7, 0.5, 0.3])).toEqual([null, null, null, null]);
    expect(flagsOf([0.8, null, 0.2])).toEqual([null, null, null]);
  });

  it('CSV: header, one line per level, names with commas quoted', () => {
    const row: PackRow = { id: 'a', index: 0, name: 'Ice, crates "hard"', winRate: 0.41234, low: 0.38, high: 0.44, games: 1000, target: 0.4, flag: 'spike', offTarget: false };
    const csv = packCsv([row, { ...row, id: 'b', index: 1, name: 'B', winRate: null, low: null, high: null, games: 0, target: null, flag: null }]);
    expect(csv.split('\n')).toEqual([
      'index,id,name,win_rate,ci95_low,ci95_high,games,target,flag,off_target',
      '1,a,"Ice, crates ""hard""",0.4123,0.38,0.44,1000,0.4,spike,no',
      '2,b,B,,,,0,,,no',
      '',
    ]);
  });
});
