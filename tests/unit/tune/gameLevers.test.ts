// tune_level's blocker levers on a level of a workspace game (issue 31): each lever turns the game's
// elements that its element data picks (layer, hit points, damage), never a classic blocker by name;
// on a classic level they do exactly what they did before games.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type CellT, type LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { leverElements } from '../../../src/core/game/levers.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { describeChanges, leverArgs, leverValues, neutralSettings } from '../../../src/core/tune/levers.ts';
import { PACK_BOUND_LIMITS, PACK_BOUNDS, validBounds } from '../../../src/core/tune/bounds.ts';
import { boundsText } from '../../../src/core/tune/boundsText.ts';
import { formatTune } from '../../../src/core/tools/tune.ts';
import { LEVERS } from '../../../src/core/facts.ts';
import { adjustLevers } from '../../../src/core/tools/difficulty.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { tuneLevel } from '../../../src/core/tune/search.ts';

const TOY: GameDef = {
  format: 'match3-game',
  version: 1,
  id: 'toy',
  name: 'Toy',
  elements: [
    { id: 'box', layer: 'tile', hp: 2 },
    { id: 'rock', layer: 'tile', hp: 4, damage: [] }, // nothing breaks it: more or fewer hit points change nothing
    { id: 'gem', layer: 'tile', exit: true, falls: true },
    { id: 'bubble', layer: 'cover', hp: 2, damage: ['match', 'adjacent', 'blast'] },
    { id: 'lock', layer: 'cover', damage: ['blast'] },
    { id: 'lace', layer: 'cover' },
    { id: 'moss', layer: 'ground', hp: 3 },
  ],
};

/** A 5×5 level of the toy game: two boxes, a rock, a bubble, three locks and a lace, two moss. */
function toyLevel(objectives: LevelT['objectives'] = [{ type: 'score', target: 600 }]): LevelT {
  const cells: CellT[][] = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}) as CellT));
  cells[0][0] = { tile: 'box', hp: 2 };
  cells[0][4] = { tile: 'box' };
  cells[4][2] = { tile: 'rock', hp: 3 };
  cells[1][1] = { cover: { type: 'bubble', layers: 2 } };
  cells[1][3] = { cover: { type: 'lock' } };
  cells[2][0] = { cover: { type: 'lock' } };
  cells[2][4] = { cover: { type: 'lock' } };
  cells[3][1] = { cover: { type: 'lace' } };
  cells[3][3] = { ground: { type: 'moss', layers: 1 } };
  cells[4][4] = { ground: { type: 'moss', layers: 3 } };
  const r = parseLevel({ format: 'match3-level', version: 1, id: 'toy-1', name: 'Toy', game: 'toy', width: 5, height: 5, moves: 20, colors: 4, seed: 7, cells, objectives });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.level;
}

beforeAll(() => registerGames([TOY]));
afterAll(() => forgetGames(['toy']));

describe('which elements each blocker lever turns, by element data', () => {
  it('in a game: layered covers, layered grounds, tiles of several hit points that something damages, one-layer covers', () => {
    const ids = (l: Parameters<typeof leverElements>[1]) => leverElements(TOY, l).map((e) => e.id);
    expect(ids('ice')).toEqual(['bubble']);
    expect(ids('jelly')).toEqual(['moss']);
    expect(ids('crates')).toEqual(['box']); // not the rock (no damage), not the gem (an item)
    expect(ids('chains')).toEqual(['lock', 'lace']);
  });

  it('in the classic game: exactly its four blockers, one each', () => {
    const ids = (l: Parameters<typeof leverElements>[1]) => leverElements(CLASSIC_GAME, l).map((e) => e.id);
    expect([ids('ice'), ids('chains'), ids('jelly'), ids('crates')]).toEqual([['ice'], ['chain'], ['jelly'], ['crate']]);
  });
});

describe('the levers on a level of a game', () => {
  it('offer the range the elements on the board allow', () => {
    const l = toyLevel();
    expect(leverValues(l, 'crates')).toEqual([-1, 0, 1]);
    expect(leverValues(l, 'ice')).toEqual([-1, 0, 1]);
    expect(leverValues(l, 'jelly')).toEqual([-2, -1, 0, 1, 2]);
    expect(leverValues(l, 'chains')).toEqual([-4, -3, -2, -1, 0]);
    const b = validBounds(l);
    expect(b).toMatchObject({ crates: { from: -1, to: 1 }, ice: { from: -1, to: 1 }, jelly: { from: -2, to: 2 } });
    expect([b.chains!.from + 0, b.chains!.to]).toEqual([0, 100]); // percent of the one-layer covers removed
    // an objective to clear one of the covers keeps some of them
    expect(leverValues(toyLevel([{ type: 'clear', element: 'lace' }]), 'chains')).toEqual([-3, -2, -1, 0]);
  });

  it('offer nothing for an element the board does not hold', () => {
    const l = toyLevel();
    const bare = { ...l, cells: l.cells.map((row) => row.map((c) => (c.cover?.type === 'bubble' ? { ...c, cover: null } : c))) };
    expect(leverValues(bare, 'ice')).toEqual([]);
  });

  it('become one adjust_difficulty edit on the game’s elements, each kept within its own range', () => {
    const l = toyLevel();
    const s = { ...neutralSettings(l), crates: 1, ice: -1, jelly: 2, chains: -2 };
    const args = leverArgs(l, s);
    expect(args).toEqual({ bubble_layers: -1, moss_layers: 2, box_hp: 1, locks_removed: 0.5, laces_removed: 0.5 });
    const after = adjustLevers(l, args).level;
    expect(after.cells[0][0].hp ?? 1).toBe(2); // already at the box's most
    expect(after.cells[0][4].hp).toBe(2);
    expect(after.cells[4][2]).toEqual(l.cells[4][2]); // the rock is not a lever's
    expect(after.cells[1][1].cover).toMatchObject({ type: 'bubble' });
    expect(after.cells[1][1].cover?.layers ?? 1).toBe(1);
    expect([after.cells[3][3].ground, after.cells[4][4].ground]).toEqual([{ type: 'moss', layers: 3 }, { type: 'moss', layers: 3 }]);
    const covered = after.cells.flat().filter((c) => c.cover?.type === 'lock' || c.cover?.type === 'lace').length;
    const changes = describeChanges(l, s);
    expect(changes.map((c) => c.text)).toEqual(['bubble layers -1 on every bubble cell', 'moss layers +2 on every moss cell', 'box hit points +1', 'locks and laces 4 → 1']);
    expect(changes.find((c) => c.lever === 'chains')).toMatchObject({ from: 4, to: covered });
  });

  it('are searched by tune_level on a game level: harder boxes for a level that is too easy', async () => {
    // a row of one-hit boxes to clear in few moves: the crates lever (the box's hit points) makes it harder
    const cells: CellT[][] = Array.from({ length: 6 }, (_, y) => Array.from({ length: 6 }, () => (y === 2 ? { tile: 'box', hp: 1 } : {}) as CellT));
    const r = parseLevel({ format: 'match3-level', version: 1, id: 't', name: 'T', game: 'toy', width: 6, height: 6, moves: 7, colors: 5, seed: 7, cells, objectives: [{ type: 'clear', element: 'box' }] });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const t = await tuneLevel(r.level, localRunner(), { target: 0.15, tier: 'average', tolerance: 0.05, levers: ['crates'], maxGames: 2000 });
    expect(t.before.winRate).toBeGreaterThan(0.6);
    expect(t.args).toEqual({ box_hp: 1 });
    expect(t.changes.map((c) => c.text)).toEqual(['box hit points +1']);
    expect(t.after.winRate).toBeLessThan(t.before.winRate - 0.3);
  }, 60_000);
});

describe('the levers on a classic level, as before games', () => {
  it('name ice_layers, jelly_layers, crate_hp and chains_removed, with the same words', () => {
    const l = createLevel({ id: 'c', seed: 3, width: 5, height: 5 });
    l.cells[0][0] = { tile: 'crate', hp: 3 };
    l.cells[1][1] = { cover: { type: 'ice', layers: 2 } };
    l.cells[2][2] = { cover: { type: 'chain' } };
    l.cells[2][3] = { cover: { type: 'chain' } };
    l.cells[3][3] = { ground: { type: 'jelly', layers: 1 } };
    expect([leverValues(l, 'ice'), leverValues(l, 'jelly'), leverValues(l, 'crates'), leverValues(l, 'chains')]).toEqual([
      [-2, -1, 0, 1, 2],
      [-1, 0, 1],
      [-2, -1, 0, 1, 2],
      [-4, -3, -2, -1, 0],
    ]);
    const s = { ...neutralSettings(l), ice: 2, jelly: -1, crates: -2, chains: -2 };
    expect(leverArgs(l, s)).toEqual({ ice_layers: 2, jelly_layers: -1, crate_hp: -2, chains_removed: 0.5 });
    expect(describeChanges(l, s).map((c) => c.text)).toEqual(['ice layers +2 on every ice cell', 'jelly layers -1 on every jelly cell', 'crate hit points -2', 'chains 2 → 1']);
  });
});

describe('the bounds in words (tune_level\'s result, the CLI, a missed band\'s reason)', () => {
  const classicLevel = () => {
    const l = createLevel({ id: 'c', seed: 3, width: 5, height: 5 });
    l.cells[0][0] = { tile: 'crate', hp: 3 };
    l.cells[1][1] = { cover: { type: 'ice', layers: 2 } };
    l.cells[2][2] = { cover: { type: 'chain' } };
    l.cells[3][3] = { ground: { type: 'jelly', layers: 1 } };
    return l;
  };
  const classicWords = 'moves 1–200, colours 3–6, ice layers -2…+2, chains removed 0–100%, jelly layers -1…+1, crate hit points -2…+2, objective counts 50–200%';

  it('keep the classic words, with a classic level or none', () => {
    const l = classicLevel();
    expect(boundsText(validBounds(l), LEVERS)).toBe(classicWords);
    expect(boundsText(validBounds(l), LEVERS, l)).toBe(classicWords);
  });

  it('name a game level\'s elements, as its changes do', () => {
    const l = toyLevel();
    expect(boundsText(validBounds(l), LEVERS, l)).toBe(
      'moves 1–200, colours 3–6, bubble layers -1…+1, locks and laces removed 0–100%, moss layers -2…+2, box hit points -1…+1, objective counts 50–200%',
    );
    // a lever whose elements the board lacks names the game's; a game with none of them, the layer
    const bare = { ...l, cells: l.cells.map((row) => row.map((c) => (c.cover?.type === 'bubble' ? { ...c, cover: null } : c))) };
    expect(boundsText({ ice: { from: -1, to: 1 } }, ['ice'], bare)).toBe('bubble layers -1…+1');
    expect(boundsText({ ice: { from: 0, to: 1 } }, ['ice'], { ...l, game: 'not-known' })).toBe('cover layers 0…+1');
  });

  it('name them in tune_level\'s result', () => {
    const l = toyLevel();
    const r = { hit: true, target: 0.5, tolerance: 0.05, tier: 'average', levers: ['crates'], bounds: { crates: { from: -1, to: 1 } }, changes: [], games: 10, candidates: 1 };
    const side = { winRate: 0.5, ci95: { low: 0.4, high: 0.6 }, moves: 20, games: 10 };
    const text = formatTune(l, { ...r, before: side, after: side } as unknown as Parameters<typeof formatTune>[1]);
    expect(text).toContain('- Bounds kept: box hit points -1…+1');
  });

  it('take the pack defaults and limits from the lever kinds, as they were', () => {
    expect(PACK_BOUNDS).toMatchObject({ ice: { from: -1, to: 1 }, jelly: { from: -1, to: 1 }, crates: { from: -1, to: 1 }, chains: { from: 0, to: 25 } });
    expect(PACK_BOUND_LIMITS).toMatchObject({ ice: { from: -2, to: 2 }, jelly: { from: -1, to: 1 }, crates: { from: -2, to: 2 }, chains: { from: 0, to: 100 } });
  });
});
