import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/core/csv.ts';
import { packCsv, type PackRow } from '../../src/core/pack/curve.ts';

describe('CSV cells: spreadsheet formula injection', () => {
  it('text starting with = + - @ tab or CR is written as text (leading apostrophe)', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  it('numbers, and text that only contains those characters later, are left as they are', () => {
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField('Level 1 = easy')).toBe('Level 1 = easy');
    expect(csvField('a-b@c')).toBe('a-b@c');
  });

  it('the pack CSV guards level names (a level named like a formula)', () => {
    const row: PackRow = { id: 'a', index: 0, name: '=cmd|"/c calc"!A1', winRate: 0.5, low: 0.4, high: 0.6, games: 100, target: null, flag: null, offTarget: false };
    expect(packCsv([row]).split('\n')[1]).toBe(`1,a,"'=cmd|""/c calc""!A1",0.5,0.4,0.6,100,,,no`);
  });
});
