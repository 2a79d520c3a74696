// The pure steps of a folder: what a file is, what changed outside, the packs a folder makes, what to write.
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { readFileSync } from 'node:fs';
import { classifyFile, classifyTexts, diffScan, folderPacks, insertIndex, planWrites, type FileRecord } from '../../../src/core/files/folderDiff.ts';
import { levelFileText } from '../../../src/core/files/levelFile.ts';

const rec = (id: string, more: Partial<FileRecord> = {}): FileRecord => ({ id, kind: 'level', lastModified: 1, size: 10, ...more });

describe('classifyFile', () => {
  it('a level, a broken level (with its problem), a game, someone else’s JSON', () => {
    const text = levelFileText(createLevel({ id: 'x', name: 'X' }));
    expect(classifyFile('a/level_1.json', text).kind).toBe('level');
    const broken = classifyFile('a/level_2.json', text.replace('"moves": 25', '"moves": "many"'));
    expect(broken).toEqual({ kind: 'broken', problem: expect.stringContaining('moves'), problems: { shown: [expect.objectContaining({ path: 'moves' })], more: 0 } });
    const conflicted = classifyFile('a/level_3.json', `<<<<<<< HEAD\n${text}=======\n${text}>>>>>>> theirs\n`);
    expect(conflicted).toEqual({ kind: 'broken', problem: expect.stringContaining('not valid JSON'), problems: { shown: [expect.objectContaining({ message: expect.stringContaining('not valid JSON') })], more: 0 } });
    expect(classifyFile('package.json', '{"name":"game"}').kind).toBe('other');
    expect(classifyFile('broken.game.json', '{').kind).toBe('broken');
  });
});

describe('classifyTexts', () => {
  it('reads the folder’s games first, so a level that plays one beside it reads (in any order)', () => {
    const game = readFileSync('examples/games/home-garden.game.json', 'utf8');
    const level = { ...createLevel({ id: 'g1', name: 'Garden 1' }), game: 'home-garden' };
    level.cells[0][0] = { ground: { type: 'carpet' } };
    const texts = new Map([
      ['garden/level_1.json', levelFileText(level)],
      ['home-garden.game.json', game],
    ]);
    const out = classifyTexts(texts);
    expect(out.get('home-garden.game.json')?.kind).toBe('game');
    expect(out.get('garden/level_1.json')).toMatchObject({ kind: 'level', level: { game: 'home-garden' } });
    // without its game the level is listed as broken, with the reason
    expect(classifyTexts(new Map([texts.entries().next().value!]))).toEqual(new Map([['garden/level_1.json', { kind: 'broken', problem: expect.stringContaining('unknown game'), problems: { shown: [expect.objectContaining({ detail: expect.objectContaining({ key: expect.any(String) }) })], more: 0 } }]]));
  });
});

describe('diffScan', () => {
  it('finds files added, changed (time or size) and removed', () => {
    const records = new Map([rec('a.json'), rec('b.json'), rec('c.json')].map((r) => [r.id, r]));
    const d = diffScan(records, [
      { path: 'a.json', lastModified: 1, size: 10 },
      { path: 'b.json', lastModified: 2, size: 10 },
      { path: 'd.json', lastModified: 1, size: 3 },
    ]);
    expect(d.added.map((f) => f.path)).toEqual(['d.json']);
    expect(d.changed.map((f) => f.path)).toEqual(['b.json']);
    expect(d.removed.map((r) => r.id)).toEqual(['c.json']);
  });
});

describe('folderPacks', () => {
  it('one pack per sub-folder in natural order, the folder’s own files first and named after it', () => {
    const packs = folderPacks('game-levels', ['world 10/level_1.json', 'world 2/level_10.json', 'world 2/level_2.json', 'level_1.json']);
    expect(packs.map((p) => p.name)).toEqual(['game-levels', 'world 2', 'world 10']);
    expect(packs[1].paths).toEqual(['world 2/level_2.json', 'world 2/level_10.json']);
  });
  it('a new file goes to its place in natural order', () => {
    expect(insertIndex(['w/level_1.json', 'w/level_2.json', 'w/level_10.json'], 'w/level_3.json')).toBe(2);
    expect(insertIndex(['w/level_1.json'], 'w/level_9.json')).toBe(1);
  });
});

describe('planWrites', () => {
  const base = {
    dirs: { p1: 'w1', p2: 'w2' } as Record<string, string>,
    records: [rec('w1/level_1.json', { levelId: 'a', stamp: 'A' }), rec('w1/level_2.json', { levelId: 'b', stamp: 'B' }), rec('w2/level_1.json', { levelId: 'c', stamp: 'C' })],
    taken: new Set(['w1/level_1.json', 'w1/level_2.json', 'w2/level_1.json', 'w2/readme.md']),
  };
  const stamps: Record<string, string> = { a: 'A', b: 'B', c: 'C', d: 'D' };
  const plan = (packs: { id: string; levelIds: string[] }[], more: Partial<Parameters<typeof planWrites>[0]> = {}) => planWrites({ ...base, packs, stampOf: (id) => stamps[id], ...more });

  it('nothing to write when the catalogue says what the files say (a file only read is never rewritten)', () => {
    expect(plan([{ id: 'p1', levelIds: ['a', 'b'] }, { id: 'p2', levelIds: ['c'] }])).toEqual([]);
  });
  it('an edit, a new level, a move and a delete', () => {
    const ops = plan([{ id: 'p1', levelIds: ['b', 'd'] }, { id: 'p2', levelIds: ['c', 'a'] }, { id: 'mine', levelIds: [] }], { stampOf: (id) => (id === 'c' ? 'C2' : stamps[id]) });
    expect(ops).toEqual([
      { op: 'write', path: 'w1/level_3.json', levelId: 'd', isNew: true },
      { op: 'write', path: 'w2/level_1.json', levelId: 'c', isNew: false },
      { op: 'move', from: 'w1/level_1.json', to: 'w2/level_2.json', levelId: 'a', changed: false },
    ]);
    const del = plan([{ id: 'p1', levelIds: ['a'] }, { id: 'p2', levelIds: ['c'] }]);
    expect(del).toEqual([{ op: 'remove', path: 'w1/level_2.json', levelId: 'b' }]);
  });
  it('a level moved to a pack of the browser’s own loses its file; a broken file and a held level are left alone', () => {
    expect(plan([{ id: 'p1', levelIds: ['a'] }, { id: 'p2', levelIds: ['c'] }, { id: 'mine', levelIds: ['b'] }])).toEqual([{ op: 'remove', path: 'w1/level_2.json', levelId: 'b' }]);
    const records = [rec('w1/level_1.json', { levelId: 'a', stamp: 'old', problem: 'not valid JSON' })];
    expect(plan([{ id: 'p1', levelIds: ['a'] }], { records })).toEqual([]);
    expect(plan([{ id: 'p1', levelIds: [] }], { records })).toEqual([]);
    expect(plan([{ id: 'p1', levelIds: ['a', 'b'] }, { id: 'p2', levelIds: ['c'] }], { stampOf: () => 'new', hold: new Set(['a', 'b', 'c']) })).toEqual([]);
  });
  it('a level back in the folder (a restore) takes the name its file had in that sub-folder, when free', () => {
    const formerPath = (id: string) => ({ d: 'w1/level_7.json', e: 'w2/level_9.json' })[id];
    stamps.e = 'E';
    const ops = plan([{ id: 'p1', levelIds: ['a', 'b', 'd', 'e'] }, { id: 'p2', levelIds: ['c'] }], { formerPath });
    expect(ops).toEqual([
      { op: 'write', path: 'w1/level_7.json', levelId: 'd', isNew: true },
      { op: 'write', path: 'w1/level_8.json', levelId: 'e', isNew: true }, // it was in another sub-folder: a new name
    ]);
    const taken = new Set([...base.taken, 'w1/LEVEL_7.json']); // taken meanwhile (any case): a new name
    expect(plan([{ id: 'p1', levelIds: ['a', 'b', 'd'] }], { formerPath, taken })[0]).toMatchObject({ op: 'write', levelId: 'd', path: 'w1/level_8.json' });
  });
});
