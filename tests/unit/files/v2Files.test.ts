// Pack, workspace and folder files carry version 2 games and levels like version 1 ones (RULES §12):
// what is written reads back the same, and a version 1 file is written as it always was.
import { describe, expect, it } from 'vitest';
import { createLevel, serializeLevel, type LevelT } from '../../../src/core/level/index.ts';
import { packFileText, parseFileText, workspaceFileText } from '../../../src/core/files/index.ts';
import { classifyTexts } from '../../../src/core/files/folderDiff.ts';
import { levelFileText } from '../../../src/core/files/levelFile.ts';
import { serializeGame } from '../../../src/core/game/schema.ts';
import { CASCADE } from '../game/fixturesV2.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';

/** A version 2 level of Cascade with a bit of everything §12 adds. */
function cascadeLevel(id: string): LevelT {
  const l = createLevel({ id, name: `Cascade ${id}`, seed: 11, width: 6, height: 6, rules: 2 });
  const cells = l.cells.map((r) => [...r]);
  cells[1][3] = { tile: 'candy_bomb', color: 'green', countdown: 5 };
  cells[3][3] = { tile: 'cake', hp: 4 };
  return {
    ...l,
    version: 2,
    game: 'cascade',
    cells,
    portals: [{ from: [0, 5], to: [5, 0] }],
    belts: [{ cells: [[0, 2], [1, 2]] }],
    walls: [{ x: 1, y: 1, side: 'bottom' }],
    spawners: [{ at: [2, 0], spawn: [{ element: 'cherry', chance: 0.25, max: 1, total: 3 }] }],
    hidden: [{ at: [4, 4], size: [2, 2] }],
    objectives: [{ type: 'find', count: 1 }],
  };
}

describe('version 2 games and levels in files', () => {
  const v2a = cascadeLevel('c1');
  const v1 = { ...sweetLevel(), id: 's1' };

  it('a pack carries a version 2 game and its levels, beside a version 1 game and level', () => {
    const text = packFileText({ id: 'p', name: 'Mixed' }, [v2a, v1], [CASCADE, SWEET]);
    const r = parseFileText(text);
    expect(r.ok ? [] : r.problems).toEqual([]);
    if (!r.ok || r.kind !== 'pack') throw new Error('expected a pack');
    expect(r.games).toEqual([CASCADE, SWEET]);
    expect(r.levels.map(serializeLevel)).toEqual([serializeLevel(v2a), serializeLevel(v1)]);
    // written again, byte for byte
    expect(packFileText({ id: 'p', name: 'Mixed' }, r.levels, r.games)).toBe(text);
  });

  it('a pack of version 1 games and levels is written as before (no §12 field)', () => {
    const text = packFileText({ id: 'p', name: 'Old' }, [v1], [SWEET]);
    expect(text).not.toMatch(/"version": 2|portals|belts|walls|spawners|hidden|colored|countdown/);
    expect(text).toContain(serializeLevel(v1).trimEnd().replace(/\n/g, '\n    '));
  });

  it('a pack whose v2 level breaks a §12 rule names the field inside the pack', () => {
    const bad = JSON.parse(packFileText({ id: 'p', name: 'Bad' }, [v2a], [CASCADE]));
    bad.levels[0].portals = [{ from: [1, 5], to: [1, 0] }];
    bad.games[0].elements[0].hp = 2;
    const r = parseFileText(JSON.stringify(bad));
    // (a game the file gets wrong is not carried: its levels read as of an unknown game, checked on the board alone)
    expect(!r.ok && r.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'games[0].elements[0].hp: not with "colored"',
      'levels[0].game: unknown game "cascade" (import its match3-game file first)',
      'levels[0].portals[0]: makes a closed loop',
    ]);
    delete bad.games[0].elements[0].hp;
    const r2 = parseFileText(JSON.stringify(bad));
    expect(!r2.ok && r2.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(['levels[0].portals[0]: makes a closed loop']);
  });

  it('a workspace round-trips version 2 games and levels', () => {
    const ws = { packs: [{ id: 'p', name: 'P', levelIds: ['c1', 's1'] }], games: [CASCADE, SWEET], levels: [v2a, v1], conversations: [], settings: {} };
    const r = parseFileText(workspaceFileText(ws));
    expect(r.ok ? [] : r.problems).toEqual([]);
    if (!r.ok || r.kind !== 'workspace') throw new Error('expected a workspace');
    expect(r.workspace.games).toEqual([CASCADE, SWEET]);
    expect(r.workspace.levels.map(serializeLevel)).toEqual([serializeLevel(v2a), serializeLevel(v1)]);
  });

  it('a folder reads a version 2 game beside its levels', () => {
    const texts = new Map([
      ['cascade/level_1.json', levelFileText(v2a)],
      ['cascade.game.json', serializeGame(CASCADE)],
    ]);
    const out = classifyTexts(texts);
    expect(out.get('cascade.game.json')).toEqual({ kind: 'game', game: CASCADE });
    const level = out.get('cascade/level_1.json');
    expect(level?.kind).toBe('level');
    expect(level?.kind === 'level' && serializeLevel(level.level)).toBe(serializeLevel(v2a));
  });

  it("a level whose game file beside it is broken blames that file, not an unknown game to import", () => {
    const v2a = cascadeLevel('a');
    const broken = JSON.parse(serializeGame(CASCADE));
    broken.elements[0].onDestroy = [{ do: 'explode_everything' }];
    const out = classifyTexts(new Map([
      ['cascade/level_1.json', levelFileText(v2a)],
      ['cascade.game.json', JSON.stringify(broken)],
    ]));
    expect(out.get('cascade.game.json')?.kind).toBe('broken');
    const level = out.get('cascade/level_1.json');
    expect(level?.kind).toBe('broken');
    const first = level?.kind === 'broken' ? level.problems.shown[0] : undefined;
    expect(first?.detail).toEqual({ key: 'gameFileBroken', params: { game: 'cascade', file: 'cascade.game.json' } });
    expect(level?.kind === 'broken' && level.problem).toMatch(/^game: game "cascade": its file cascade\.game\.json is broken/);
    // with no game file at all it is still an unknown game to import
    const alone = classifyTexts(new Map([['cascade/level_1.json', levelFileText(v2a)]])).get('cascade/level_1.json');
    expect(alone?.kind === 'broken' && alone.problems.shown[0].detail?.key).toBe('unknownGame');
  });
});
