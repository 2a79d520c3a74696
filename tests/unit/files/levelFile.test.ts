// The level file a folder holds: written the same way every time, so one edit is one line of `git diff`.
import { describe, expect, it } from 'vitest';
import { createLevel, parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { dirNameOf, levelFileText, naturalCompare, nextFileName } from '../../../src/core/files/levelFile.ts';

/** The lines of `b` that differ from `a` (same line count expected: a one-field edit adds or removes none). */
function changedLines(a: string, b: string): string[] {
  const x = a.split('\n'), y = b.split('\n');
  expect(y.length).toBe(x.length);
  return y.filter((line, i) => line !== x[i]);
}

const level = (): LevelT => {
  const l = createLevel({ id: 'lv-1', name: 'Crate wall', width: 6, height: 5, seed: 7 });
  l.cells[1][2] = { tile: 'crate', hp: 2 };
  l.cells[3][0] = { ground: { type: 'jelly', layers: 1 } };
  return l;
};

describe('levelFileText', () => {
  it('is stable: 2-space indent, one board row per line, a final newline, same text for the same level', () => {
    const text = levelFileText(level());
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(false);
    expect(text.split('\n')[1]).toBe('  "format": "match3-level",');
    const rows = text.split('\n').filter((l) => l.startsWith('    [{'));
    expect(rows).toHaveLength(5);
    // the keys of a level in any order give the same text
    const shuffled = Object.fromEntries(Object.entries(level()).reverse()) as LevelT;
    expect(levelFileText(shuffled)).toBe(text);
    // read back, written again: the same bytes (a file the studio only read would not change)
    const back = parseLevelText(text);
    expect(back.ok && levelFileText(back.level)).toBe(text);
  });

  it('a one-field edit changes one line', () => {
    const a = levelFileText(level());
    expect(changedLines(a, levelFileText({ ...level(), moves: 31 }))).toEqual(['  "moves": 31,']);
    expect(changedLines(a, levelFileText({ ...level(), name: 'Crate wall II' }))).toEqual(['  "name": "Crate wall II",']);
    const painted = level();
    painted.cells[4][5] = { tile: 'red' };
    const lines = changedLines(a, levelFileText(painted));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {4}\[.*\{"tile":"red"\}\]$/);
    const goal = level();
    goal.objectives = [{ ...goal.objectives[0], count: 44 } as LevelT['objectives'][number]];
    expect(changedLines(a, levelFileText(goal))).toHaveLength(1);
  });

  it('keeps the id the file carries when the catalogue gave the level another', () => {
    const text = levelFileText({ ...level(), id: 'new-id' }, 'lv-1');
    expect(text).toBe(levelFileText(level()));
  });
});

describe('file names', () => {
  it('natural order: level_2 before level_10', () => {
    expect(['level_10.json', 'level_2.json', 'Level_1.json', 'level_11.json'].sort(naturalCompare)).toEqual(['Level_1.json', 'level_2.json', 'level_10.json', 'level_11.json']);
  });
  it('a new file follows the folder’s numbering, after the highest number, never a taken name', () => {
    expect(nextFileName([])).toBe('level_1.json');
    expect(nextFileName(['level_2.json', 'level_10.json', 'notes.txt'])).toBe('level_11.json');
    expect(nextFileName(['stage-007.json', 'stage-008.json', 'x.game.json'])).toBe('stage-009.json');
    expect(nextFileName(['a.json'])).toBe('level_1.json');
  });
  it('a new pack’s folder name drops characters file systems refuse and is not taken', () => {
    expect(dirNameOf('World: 1/2', [])).toBe('World- 1-2');
    expect(dirNameOf('Pack', ['pack'])).toBe('Pack 2');
    expect(dirNameOf('..', [])).toBe('pack');
  });
});
