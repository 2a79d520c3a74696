import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { mergeFields, mergeLevels, mergePackLists } from '../../../src/core/level/merge.ts';

const base = createLevel({ id: 'L', name: 'Level 1', width: 6, height: 6, moves: 20, seed: 7 });
const paint = (l: LevelT, x: number, y: number, tile: 'red' | 'blue' | 'crate'): LevelT => ({
  ...l,
  cells: l.cells.map((row, yy) => row.map((c, xx) => (xx === x && yy === y ? { tile } : c))),
});

describe('mergeLevels', () => {
  it('edits of different fields combine (moves here, name there)', () => {
    const r = mergeLevels(base, { ...base, moves: 31 }, { ...base, name: 'Renamed' });
    expect(r).toEqual({ ok: true, level: { ...base, moves: 31, name: 'Renamed' } });
  });

  it('paint on different cells of one board combines cell by cell', () => {
    const r = mergeLevels(base, paint(base, 0, 0, 'red'), paint(base, 5, 5, 'blue'));
    expect(r.ok && r.level.cells[0][0]).toEqual({ tile: 'red' });
    expect(r.ok && r.level.cells[5][5]).toEqual({ tile: 'blue' });
  });

  it('the rules version is a part of its own (rules 2 here, a rename there)', () => {
    const r = mergeLevels(base, { ...base, rules: 2 } as LevelT, { ...base, name: 'Renamed' });
    expect(r.ok && (r.level as LevelT & { rules?: number }).rules).toBe(2);
    expect(r.ok && r.level.name).toBe('Renamed');
    // both tabs chose version 2: the same change, no question
    expect(mergeLevels(base, { ...base, rules: 2 } as LevelT, { ...base, rules: 2 } as LevelT).ok).toBe(true);
  });

  it('the same field changed two ways is a conflict naming the part', () => {
    expect(mergeLevels(base, { ...base, moves: 30 }, { ...base, moves: 40 })).toEqual({ ok: false, conflicts: ['moves'] });
    expect(mergeLevels(base, paint(base, 1, 1, 'red'), paint(base, 1, 1, 'blue'))).toEqual({ ok: false, conflicts: ['board'] });
    const objectives = mergeLevels(base, { ...base, objectives: [{ type: 'score', target: 10 }] }, { ...base, objectives: [{ type: 'clear_crates' }] });
    expect(objectives).toEqual({ ok: false, conflicts: ['objectives'] });
  });

  it('the same change on both sides is no conflict; a resize against a paint is', () => {
    expect(mergeLevels(base, { ...base, moves: 30 }, { ...base, moves: 30 })).toEqual({ ok: true, level: { ...base, moves: 30 } });
    const resized = { ...base, width: 3, cells: base.cells.map((r) => r.slice(0, 3)) };
    expect(mergeLevels(base, resized, paint(base, 1, 1, 'red'))).toEqual({ ok: false, conflicts: ['board'] });
    expect(mergeLevels(base, resized, { ...base, name: 'x' })).toEqual({ ok: true, level: { ...resized, name: 'x' } });
  });
});

describe('mergePackLists', () => {
  const p = (id: string, name: string, levelIds: string[]) => ({ id, name, levelIds });
  const b = [p('A', 'Pack A', ['1', '2', '3']), p('B', 'Pack B', ['4'])];

  it('a level added on each side is kept in both places it was put', () => {
    const mine = [p('A', 'Pack A', ['1', '2', '3', 'm']), p('B', 'Pack B', ['4'])];
    const theirs = [p('A', 'Pack A', ['1', '2', '3']), p('B', 'Pack B', ['4', 't'])];
    expect(mergePackLists(b, mine, theirs).packs).toEqual([p('A', 'Pack A', ['1', '2', '3', 'm']), p('B', 'Pack B', ['4', 't'])]);
  });

  it('a rename there and a move here both land; a removal there goes', () => {
    const mine = [p('A', 'Pack A', ['2', '1', '3']), p('B', 'Pack B', ['4'])];
    const theirs = [p('A', 'Renamed', ['1', '2']), p('B', 'Pack B', ['4'])];
    expect(mergePackLists(b, mine, theirs)).toEqual({ packs: [p('A', 'Renamed', ['2', '1']), p('B', 'Pack B', ['4'])], nameConflicts: [] });
  });

  it('a pack added there is kept; two renames keep this side and say so', () => {
    const mine = [p('A', 'Mine', ['1', '2', '3']), p('B', 'Pack B', ['4'])];
    const theirs = [p('A', 'Theirs', ['1', '2', '3']), p('B', 'Pack B', ['4']), p('C', 'New', [])];
    const r = mergePackLists(b, mine, theirs);
    expect(r.packs.map((x) => x.name)).toEqual(['Mine', 'Pack B', 'New']);
    expect(r.nameConflicts).toEqual([{ id: 'A', mine: 'Mine', theirs: 'Theirs' }]);
  });
});

describe('mergeFields', () => {
  it('merges settings objects key by key, this side winning a key changed twice', () => {
    expect(mergeFields({ a: 1, b: 1, c: 1 }, { a: 2, b: 1, c: 5 }, { a: 1, b: 3, c: 6 })).toEqual({ a: 2, b: 3, c: 5 });
    expect(mergeFields('en', 'zh', 'en')).toBe('zh');
  });

  it('a __proto__ key is a plain key, never the prototype', () => {
    const theirs = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}');
    const out = mergeFields({}, { y: 2 }, theirs) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out.x).toBe(1);
  });
});
