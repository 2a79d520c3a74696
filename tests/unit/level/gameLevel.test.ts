// Levels of a game (RULES §11.1): the game-aware checks, their messages, canonical form and hash.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkLevelAgainstGame,
  createLevel,
  levelHash,
  levelHashWith,
  levelWarnings,
  parseLevel,
  parseLevelText,
  serializeLevel,
  type CellT,
  type LevelT,
} from '../../../src/core/level/index.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';

afterEach(() => forgetGames());

const json = (l: LevelT): Record<string, any> => JSON.parse(serializeLevel(l));
const problems = (input: unknown, games: GameDef[] = [SWEET]) => {
  const r = parseLevel(input, { games });
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};
/** A Sweet Saga level as JSON, to break on purpose. */
const sweet = (): Record<string, any> => ({ ...json(createLevel({ id: 'S', name: 'S', seed: 1 })), game: 'sweet-saga' });

describe('the level names its game', () => {
  it('an unknown game is refused, naming it; the rest of the file is checked too', () => {
    const l = sweet();
    expect(problems(l, [])).toEqual(['game: unknown game "sweet-saga" (import its match3-game file first)']);
    l.moves = 0;
    expect(problems(l, [])).toEqual(['game: unknown game "sweet-saga" (import its match3-game file first)', 'moves: must be 1..200']);
  });

  it('a game given in the options, or registered, is known', () => {
    expect(problems(sweet(), [SWEET])).toEqual([]);
    expect(problems(sweet(), [])).toHaveLength(1);
    registerGames([SWEET]);
    expect(problems(sweet(), [])).toEqual([]);
  });

  it('a game id of the wrong form is named as such', () => {
    const l = sweet();
    l.game = 'Sweet Saga';
    expect(problems(l)).toEqual(['game: must be a game id ([a-z0-9-], 1..40 characters)']);
    l.game = 5;
    expect(problems(l)).toEqual(['game: must be a game id ([a-z0-9-], 1..40 characters)']);
  });

  it('"classic" is the classic game, and is dropped from the canonical form', () => {
    const l = { ...json(createLevel({ id: 'c', name: 'C', seed: 1 })), game: 'classic' };
    const r = parseLevel(l);
    expect(r.ok).toBe(true);
    expect(r.ok && 'game' in r.level).toBe(false);
    expect(r.ok && serializeLevel(r.level)).toBe(serializeLevel(createLevel({ id: 'c', name: 'C', seed: 1 })));
  });
});

describe('refused against the game, naming the field', () => {
  const cases: [string, (cells: Record<string, any>[][], l: Record<string, any>) => void, string[]][] = [
    ['a tile that is no element', (c) => (c[2][5] = { tile: 'fudge2' }), ['cells[2][5].tile: "fudge2" is not an element of game "sweet-saga"']],
    ['a classic element in another game', (c) => (c[0][0] = { tile: 'crate' }), ['cells[0][0].tile: "crate" is not an element of game "sweet-saga"']],
    ['a cover element as a tile', (c) => (c[0][0] = { tile: 'toffee' }), ['cells[0][0].tile: "toffee" is a cover element of game "sweet-saga", not a tile element']],
    ['a tile not of the id form', (c) => (c[0][0] = { tile: 'Fudge' }), ['cells[0][0].tile: must be an element id ([a-z][a-z0-9_]*, 1..32 characters)']],
    ['hp above the element\'s', (c) => (c[0][1] = { tile: 'choc', hp: 2 }), ['cells[0][1].hp: must be 1..1 (the most hits "choc" takes)']],
    // an item takes no hits (RULES §11.2 Exits): its refusal does not speak of hits it takes
    ['hp above an item\'s', (c) => (c[0][1] = { tile: 'cherry', hp: 2 }), ['cells[0][1].hp: must be 1 or left out ("cherry" is an item: it takes no hits)']],
    ['hp above 5', (c) => (c[0][1] = { tile: 'fudge', hp: 6 }), ['cells[0][1].hp: must be 1..5']],
    ['hp above the element\'s, the highest', (c) => (c[0][1] = { tile: 'fudge', hp: 3 }), ['cells[0][1].hp: must be 1..2 (the most hits "fudge" takes)']],
    ['hp with a tile that is no element is named once, on the tile', (c) => (c[0][1] = { tile: 'gum', hp: 3 }), ['cells[0][1].tile: "gum" is not an element of game "sweet-saga"']],
    ['hp on a colour', (c) => (c[4][4] = { tile: 'red', hp: 2 }), ['cells[4][4].hp: only allowed with a tile element (fudge, cherry, choc)']],
    ['a cover that is no element', (c) => (c[1][0] = { cover: { type: 'ice', layers: 1 } }), ['cells[1][0].cover.type: "ice" is not an element of game "sweet-saga"']],
    ['a ground element as a cover', (c) => (c[1][0] = { cover: { type: 'icing' } }), ['cells[1][0].cover.type: "icing" is a ground element of game "sweet-saga", not a cover element']],
    ['cover layers above the element\'s hp', (c) => (c[1][0] = { cover: { type: 'toffee', layers: 5 } }), ['cells[1][0].cover.layers: must be 1..4 (the layers "toffee" has at most)']],
    ['cover layers above 5', (c) => (c[1][0] = { cover: { type: 'toffee', layers: 6 } }), ['cells[1][0].cover.layers: must be 1..5']],
    ['a cover element as a ground', (c) => (c[3][3] = { ground: { type: 'wrap' } }), ['cells[3][3].ground.type: "wrap" is a cover element of game "sweet-saga", not a ground element']],
    ['ground layers above the element\'s hp', (c) => (c[3][3] = { ground: { type: 'syrup', layers: 2 } }), ['cells[3][3].ground.layers: must be 1..1 (the layers "syrup" has at most)']],
    ['a cover over a tile element', (c) => (c[6][6] = { tile: 'cherry', cover: { type: 'wrap' } }), ['cells[6][6].cover: a cover needs a colour or random tile under it, not "cherry"']],
    ['an exit on a void', (c) => (c[5][5] = { tile: 'void', exit: true }), ['cells[5][5].exit: a void cell cannot be an exit']],
    ['exit false', (c) => (c[5][5] = { exit: false }), ['cells[5][5].exit: must be true (or left out)']],
    ['a spawn of a cover element', (_, l) => (l.spawn = [{ element: 'toffee', chance: 0.5, max: 2, total: 5 }]), ['spawn[0].element: "toffee" is a cover element of game "sweet-saga", not a tile element']],
    ['a spawn of no element', (_, l) => (l.spawn = [{ element: 'gum', chance: 0.5, max: 2, total: 5 }]), ['spawn[0].element: "gum" is not an element of game "sweet-saga"']],
    ['a spawn chance of 0', (_, l) => (l.spawn = [{ element: 'cherry', chance: 0, max: 2, total: 5 }]), ['spawn[0].chance: must be a number above 0 and at most 1']],
    ['a spawn chance above 1', (_, l) => (l.spawn = [{ element: 'cherry', chance: 1.5, max: 2, total: 5 }]), ['spawn[0].chance: must be a number above 0 and at most 1']],
    ['a spawn max of 21', (_, l) => (l.spawn = [{ element: 'cherry', chance: 1, max: 21, total: 5 }]), ['spawn[0].max: must be 1..20']],
    ['a spawn total of 1000', (_, l) => (l.spawn = [{ element: 'cherry', chance: 1, max: 2, total: 1000 }]), ['spawn[0].total: must be 1..999']],
    ['a spawn entry without total', (_, l) => (l.spawn = [{ element: 'cherry', chance: 1, max: 2 }]), ['spawn[0].total: must be an integer (1..999)']],
    ['five spawn entries', (_, l) => (l.spawn = Array(5).fill({ element: 'cherry', chance: 1, max: 2, total: 5 })), ['spawn: must have at most 4 entries']],
    ['collect of an item', (_, l) => (l.objectives = [{ type: 'collect', element: 'cherry', count: 3 }]), ['objectives[0].element: "cherry" is an item (exit): items take no hits, use bring_down']],
    ['collect of a cover', (_, l) => (l.objectives = [{ type: 'collect', element: 'wrap', count: 3 }]), ['objectives[0].element: "wrap" is a cover element of game "sweet-saga", not a tile element']],
    ['collect with neither colour nor element', (_, l) => (l.objectives = [{ type: 'collect', count: 3 }]), ['objectives[0].color: needs "color" (a colour) or "element" (a tile element)']],
    ['collect with both', (_, l) => (l.objectives = [{ type: 'collect', color: 'red', element: 'fudge', count: 3 }]), ['objectives[0].element: give "color" or "element", not both']],
    ['bring_down of an element without exit', (_, l) => (l.objectives = [{ type: 'bring_down', element: 'fudge', count: 2 }]), ['objectives[0].element: "fudge" is not an item of game "sweet-saga": bring_down needs an element with "exit"']],
    ['bring_down of 0', (_, l) => (l.objectives = [{ type: 'bring_down', element: 'cherry', count: 0 }]), ['objectives[0].count: must be 1..999']],
    ['cover with a tile element', (_, l) => (l.objectives = [{ type: 'cover', element: 'fudge' }]), ['objectives[0].element: "fudge" is a tile element of game "sweet-saga", not a ground element']],
    ['clear of no element', (_, l) => (l.objectives = [{ type: 'clear', element: 'jelly' }]), ['objectives[0].element: "jelly" is not an element of game "sweet-saga"']],
    ['clear_crates without a crate element', (_, l) => (l.objectives = [{ type: 'clear_crates' }]), ['objectives[0].type: game "sweet-saga" has no tile element "crate"']],
    ['clear_ground of a cover', (_, l) => (l.objectives = [{ type: 'clear_ground', ground: 'wrap' }]), ['objectives[0].ground: "wrap" is a cover element of game "sweet-saga", not a ground element']],
    ['clear_cover of jelly', (_, l) => (l.objectives = [{ type: 'clear_cover', cover: 'jelly' }]), ['objectives[0].cover: "jelly" is not an element of game "sweet-saga"']],
    ['an unknown objective', (_, l) => (l.objectives = [{ type: 'win' }]), ['objectives[0].type: must be one of collect, clear_ground, clear_cover, clear_crates, score, clear, bring_down, cover']],
    ['without its game field the level is a classic one', (_, l) => delete l.game, []],
  ];
  for (const [label, mutate, expected] of cases) {
    it(label, () => {
      const l = sweet();
      mutate(l.cells, l);
      expect(problems(l)).toEqual(expected);
    });
  }

  it('the old spellings name any ground or cover element of the game', () => {
    const l = sweet();
    l.objectives = [{ type: 'clear_ground', ground: 'icing' }, { type: 'clear_cover', cover: 'toffee' }, { type: 'clear_cover', cover: 'wrap' }];
    expect(problems(l)).toEqual([]);
  });

  it('clear_crates is fine in a game with a tile element "crate"', () => {
    const withCrate: GameDef = { ...SWEET, id: 'crates', elements: [...SWEET.elements, { id: 'crate', layer: 'tile', hp: 5 }] };
    const l: Record<string, any> = { ...sweet(), game: 'crates', objectives: [{ type: 'clear_crates' }] };
    l.cells[0][0] = { tile: 'crate', hp: 5 };
    expect(problems(l, [withCrate])).toEqual([]);
  });

  it('several problems at once, in file order', () => {
    const l = sweet();
    l.moves = 0;
    l.cells[2][5] = { tile: 'fudge2' };
    l.objectives = [{ type: 'cover', element: 'wrap' }];
    expect(problems(l)).toEqual([
      'moves: must be 1..200',
      'cells[2][5].tile: "fudge2" is not an element of game "sweet-saga"',
      'objectives[0].element: "wrap" is a cover element of game "sweet-saga", not a ground element',
    ]);
  });
});

describe('classic levels and the new forms', () => {
  const classic = () => json(createLevel({ id: 'c', name: 'C', seed: 1 }));

  it('may use the element objectives for classic elements', () => {
    const l = classic();
    l.objectives = [{ type: 'clear', element: 'jelly' }, { type: 'collect', element: 'crate', count: 4 }, { type: 'cover', element: 'jelly' }];
    expect(problems(l, [])).toEqual([]);
  });

  it('are checked against the classic game with the same messages', () => {
    const l = classic();
    l.objectives = [{ type: 'bring_down', element: 'crate', count: 3 }, { type: 'clear', element: 'fudge' }];
    l.spawn = [{ element: 'ice', chance: 0.1, max: 1, total: 1 }];
    expect(problems(l, [])).toEqual([
      'spawn[0].element: "ice" is a cover element of game "classic", not a tile element',
      'objectives[0].element: "crate" is not an item of game "classic": bring_down needs an element with "exit"',
      'objectives[1].element: "fudge" is not an element of game "classic"',
    ]);
  });

  it('keep §1 spellings: ice and jelly name their layers, a chain has none, a crate has at most 3 hp', () => {
    const l = classic();
    l.cells[0][0] = { cover: { type: 'ice' } };
    l.cells[0][1] = { cover: { type: 'chain', layers: 1 } };
    l.cells[0][2] = { tile: 'crate', hp: 4 };
    l.cells[0][3] = { ground: { type: 'jelly' } };
    expect(problems(l, [])).toEqual([
      'cells[0][0].cover.layers: must be an integer (1..3)',
      'cells[0][1].cover: unknown field "layers"',
      'cells[0][2].hp: must be 1..3',
      'cells[0][3].ground.layers: must be an integer (1..2)',
    ]);
  });
});

describe('checkLevelAgainstGame', () => {
  it('is empty for a level that fits, and names each misfit', () => {
    const r = parseLevel(sweet(), { games: [SWEET] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(checkLevelAgainstGame(r.level, SWEET)).toEqual([]);
    // the same level against another definition of the game, where fudge is gone
    const without: GameDef = { ...SWEET, elements: SWEET.elements.filter((e) => e.id !== 'fudge') };
    const cells = r.level.cells.map((row) => [...row]);
    cells[2][5] = { tile: 'fudge', hp: 2 };
    expect(checkLevelAgainstGame({ ...r.level, cells }, without)).toMatchObject([{ path: 'cells[2][5].tile', message: '"fudge" is not an element of game "sweet-saga"' }]);
  });

  it('a level of one game checked against another says so', () => {
    const classicLevel = createLevel({ id: 'c', name: 'C', seed: 1 });
    expect(checkLevelAgainstGame(classicLevel, SWEET)).toEqual([{ path: 'game', message: 'must be "sweet-saga" (the game the level is checked against)' }]);
    expect(checkLevelAgainstGame(classicLevel, CLASSIC_GAME)).toEqual([]);
  });
});

describe('canonical form and text of a game level', () => {
  const full = () =>
    sweetLevel(
      (c) => {
        c[0][0] = { ground: { layers: 1, type: 'icing' }, hp: 2, tile: 'fudge' } as CellT;
        c[1][1] = { cover: { type: 'wrap', layers: 1 } };
        c[1][2] = { cover: { type: 'toffee', layers: 3 }, tile: 'red' };
        c[2][2] = { exit: true, tile: 'cherry', hp: 1 };
        c[8][4] = { exit: true };
      },
      { spawn: [{ total: 5, max: 2, chance: 0.1, element: 'cherry' } as never], objectives: [{ count: 9, element: 'cherry', type: 'bring_down' } as never, { type: 'cover', element: 'syrup' }] },
    );

  it('"game" after rules, "spawn" between cells and objectives, cells in a stable key order, defaults left out', () => {
    const text = serializeLevel(full());
    expect(text).toContain('  "rules": 2,\n  "game": "sweet-saga",\n  "cells": [\n');
    expect(text).toContain('    [{"tile":"fudge","hp":2,"ground":{"type":"icing"}},{},');
    expect(text).toContain('[{},{"cover":{"type":"wrap"}},{"tile":"red","cover":{"type":"toffee","layers":3}},');
    expect(text).toContain('{"tile":"cherry","exit":true}');
    expect(text).toContain('  ],\n  "spawn": [\n    {"element":"cherry","chance":0.1,"max":2,"total":5}\n  ],\n  "objectives": [\n    {"type":"bring_down","element":"cherry","count":9},\n    {"type":"cover","element":"syrup"}\n  ]\n}\n');
  });

  it('text → parse → text is a fixed point', () => {
    const text = serializeLevel(full());
    const r = parseLevelText(text, { games: [SWEET] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(serializeLevel(r.level)).toBe(text);
    expect(r.level).toEqual(parseLevel(full(), { games: [SWEET] }).ok && (parseLevel(full(), { games: [SWEET] }) as { level: LevelT }).level);
  });

  it('an empty spawn list is left out', () => {
    const r = parseLevel({ ...sweet(), spawn: [] }, { games: [SWEET] });
    expect(r.ok && 'spawn' in r.level).toBe(false);
  });
});

describe('the hash of a game level', () => {
  it('includes the game definition: an edited game changes it, a renamed element colour does not', () => {
    registerGames([SWEET]);
    const l = sweetLevel();
    const h = levelHash(l);
    expect(levelHashWith(l, SWEET)).toBe(h);
    const recoloured: GameDef = { ...SWEET, name: 'Renamed', elements: SWEET.elements.map((e) => ({ ...e, color: '#123456', name: 'x' })) };
    expect(levelHashWith(l, recoloured)).toBe(h);
    const edited: GameDef = { ...SWEET, elements: SWEET.elements.map((e) => (e.id === 'toffee' ? { ...e, hp: 5 } : e)) };
    expect(levelHashWith(l, edited)).not.toBe(h);
    registerGames([edited]);
    expect(levelHash(l)).not.toBe(h);
  });

  it('differs from the same board in the classic game, and changes with spawn and exits', () => {
    registerGames([SWEET]);
    const l = sweetLevel();
    const { game: _g, ...classic } = l;
    expect(levelHash(l)).not.toBe(levelHash(classic as LevelT));
    expect(levelHash({ ...l, spawn: [{ element: 'cherry', chance: 0.5, max: 1, total: 3 }] })).not.toBe(levelHash(l));
    expect(levelHash(sweetLevel((c) => (c[8][0] = { exit: true })))).not.toBe(levelHash(l));
  });

  it('an unknown game cannot be hashed (its analyses could not be told apart)', () => {
    expect(() => levelHash(sweetLevel())).toThrow(/unknown game "sweet-saga"/);
  });

  it('a classic level hashes as it always did: "game": "classic" and an empty spawn add nothing', () => {
    const l0 = createLevel({ id: 'c', name: 'C', seed: 9 });
    const cells = l0.cells.map((r) => [...r]);
    cells[1][1] = { tile: 'crate', hp: 2 };
    cells[2][2] = { cover: { type: 'ice', layers: 2 }, ground: { type: 'jelly', layers: 1 } };
    const l: LevelT = { ...l0, cells, objectives: [{ type: 'clear_crates' }] };
    const h = levelHash(l);
    // the value this level's hash had before games existed (levelHash at commit dd80f5a)
    expect(h).toBe('346d1e8c538618c1');
    expect(levelHash({ ...l, game: 'classic' })).toBe(h);
    expect(levelHash({ ...l, spawn: [] })).toBe(h);
    expect(levelHash({ ...l, spawn: [{ element: 'crate', chance: 0.1, max: 1, total: 2 }] })).not.toBe(h);
  });
});

describe('warnings of a game level', () => {
  const codes = (l: LevelT, game: GameDef = SWEET) => levelWarnings(l, game).map((w) => `${w.path}: ${w.message}`);

  it('bring_down with no exit cell, and a count above what the board and the spawn give', () => {
    const l = sweetLevel((c) => (c[0][0] = { tile: 'cherry' }), { objectives: [{ type: 'bring_down', element: 'cherry', count: 3 }] });
    expect(codes(l)).toEqual(['objectives[0]: bring down cherry: no cell is an exit', 'objectives[0]: bring down 3 cherry: the board has 1 and the spawn brings at most 0']);
    const fed = { ...sweetLevel((c) => ((c[0][0] = { tile: 'cherry' }), (c[8][0] = { exit: true }))), objectives: l.objectives, spawn: [{ element: 'cherry', chance: 0.2, max: 1, total: 2 }] };
    expect(codes(fed)).toEqual([]);
  });

  it('two spawn entries of one element share its total (the larger one counts)', () => {
    const l = sweetLevel((c) => (c[8][0] = { exit: true }), {
      objectives: [{ type: 'bring_down', element: 'cherry', count: 6 }],
      spawn: [{ element: 'cherry', chance: 0.2, max: 1, total: 5 }, { element: 'cherry', chance: 0.5, max: 1, total: 3 }],
    });
    expect(codes(l)).toEqual(['objectives[0]: bring down 6 cherry: the board has 0 and the spawn brings at most 5']);
  });

  it('collect of a tile element beyond the board, unless it spreads', () => {
    const l = sweetLevel((c) => (c[0][0] = { tile: 'fudge', hp: 2 }), { objectives: [{ type: 'collect', element: 'fudge', count: 2 }] });
    expect(codes(l)).toEqual(['objectives[0]: collect 2 fudge: the board has 1 and the spawn brings at most 0']);
    const spreads = sweetLevel((c) => (c[0][0] = { tile: 'choc' }), { objectives: [{ type: 'collect', element: 'choc', count: 40 }] });
    expect(codes(spreads)).toEqual([]);
  });

  it('clear and cover objectives of elements the board does not have', () => {
    const l = sweetLevel(() => {}, { objectives: [{ type: 'clear', element: 'toffee' }, { type: 'cover', element: 'icing' }, { type: 'clear_ground', ground: 'syrup' }] });
    expect(codes(l)).toEqual([
      'objectives[0]: clear toffee: the board has no toffee',
      'objectives[1]: cover icing: the board has no icing',
      'objectives[2]: clear syrup: the board has no syrup',
    ]);
  });

  it('cover with a ground that does not spread, and cells without it', () => {
    const l = sweetLevel((c) => (c[0][0] = { ground: { type: 'syrup' } }), { objectives: [{ type: 'cover', element: 'syrup' }] });
    expect(codes(l)).toEqual(['objectives[0]: cover syrup: syrup does not spread and 80 cells have none']);
    const spreads = sweetLevel((c) => (c[0][0] = { ground: { type: 'icing' } }), { objectives: [{ type: 'cover', element: 'icing' }] });
    expect(codes(spreads)).toEqual([]);
  });

  it('classic words stay for classic elements; a repeated element objective is named', () => {
    const l = { ...createLevel({ id: 'c', name: 'C', seed: 1 }), objectives: [{ type: 'clear' as const, element: 'jelly' }, { type: 'collect' as const, element: 'crate', count: 1 }, { type: 'collect' as const, element: 'crate', count: 2 }] };
    const w = levelWarnings(l);
    expect(w.map((x) => x.message)).toEqual([
      'clear jelly: the board has no jelly',
      'collect 1 crate: the board has 0 and the spawn brings at most 0',
      'objective 3 repeats an earlier one',
      'collect 2 crate: the board has 0 and the spawn brings at most 0',
    ]);
    expect(w[0].detail).toEqual({ key: 'noJelly' });
  });

  it('non-falling tile elements starve the cells below them; falling ones do not', () => {
    const blocked = sweetLevel((c) => c[3].forEach((_, x) => (c[3][x] = { tile: 'fudge' })), { rules: 1 });
    expect(levelWarnings(blocked, SWEET).filter((w) => w.code === 'starved_cells')).toHaveLength(1);
    const falling = sweetLevel((c) => c[3].forEach((_, x) => (c[3][x] = { tile: 'cherry' })), { rules: 1 });
    expect(levelWarnings(falling, SWEET).filter((w) => w.code === 'starved_cells')).toEqual([]);
  });
});

describe('every level of a game the schema accepts', () => {
  const layered = (type: string, hp: number) => fc.record({ type: fc.constant(type), layers: fc.option(fc.integer({ min: 1, max: hp }), { nil: undefined }) }, { requiredKeys: ['type'] });
  const arbCell: fc.Arbitrary<CellT> = fc.oneof(
    fc.constant({}),
    fc.constant({ tile: 'void' }),
    fc.record({ tile: fc.constantFrom('fudge', 'choc', 'cherry'), hp: fc.option(fc.integer({ min: 1, max: 1 }), { nil: undefined }), exit: fc.option(fc.constant(true as const), { nil: undefined }) }, { requiredKeys: ['tile'] }),
    fc.record({ tile: fc.constant('fudge'), hp: fc.integer({ min: 1, max: 2 }), ground: fc.oneof(layered('icing', 3), layered('syrup', 1)) }),
    fc.record(
      {
        tile: fc.constantFrom('random', 'red', 'blue', 'purple'),
        cover: fc.option(fc.oneof(layered('toffee', 4), layered('wrap', 1)), { nil: null }),
        ground: fc.option(fc.oneof(layered('icing', 3), layered('syrup', 1)), { nil: null }),
        exit: fc.option(fc.constant(true as const), { nil: undefined }),
      },
      { requiredKeys: [] },
    ),
  ) as fc.Arbitrary<CellT>;
  const arbObjective = fc.oneof(
    fc.record({ type: fc.constant('collect' as const), element: fc.constantFrom('fudge', 'choc'), count: fc.integer({ min: 1, max: 999 }) }),
    fc.record({ type: fc.constant('collect' as const), color: fc.constantFrom('red', 'green' as const), count: fc.integer({ min: 1, max: 999 }) }),
    fc.record({ type: fc.constant('clear' as const), element: fc.constantFrom('fudge', 'toffee', 'icing', 'cherry') }),
    fc.record({ type: fc.constant('bring_down' as const), element: fc.constant('cherry'), count: fc.integer({ min: 1, max: 999 }) }),
    fc.record({ type: fc.constant('cover' as const), element: fc.constantFrom('icing', 'syrup') }),
    fc.record({ type: fc.constant('clear_cover' as const), cover: fc.constantFrom('toffee', 'wrap') }),
    fc.record({ type: fc.constant('score' as const), target: fc.integer({ min: 1, max: 10_000_000 }) }),
  );
  const arbSpawn = fc.record({ element: fc.constantFrom('fudge', 'choc', 'cherry'), chance: fc.double({ min: 0.001, max: 1, noNaN: true }), max: fc.integer({ min: 1, max: 20 }), total: fc.integer({ min: 1, max: 999 }) });
  const arbGameLevel = fc.record({ width: fc.integer({ min: 3, max: 10 }), height: fc.integer({ min: 3, max: 10 }) }).chain(({ width, height }) =>
    fc.record({
      cells: fc.array(fc.array(arbCell, { minLength: width, maxLength: width }), { minLength: height, maxLength: height }),
      objectives: fc.array(arbObjective, { minLength: 1, maxLength: 4 }),
      spawn: fc.option(fc.array(arbSpawn, { maxLength: 4 }), { nil: undefined }),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
    }).map((r) => ({ ...createLevel({ id: 'g', name: 'G', width, height, seed: r.seed }), game: 'sweet-saga', cells: r.cells, objectives: r.objectives, ...(r.spawn ? { spawn: r.spawn } : {}) }) as LevelT),
  );

  it('parses, and serialize → parse gives it back, a fixed point with the same hash', () => {
    registerGames([SWEET]);
    fc.assert(
      fc.property(arbGameLevel, (l) => {
        const first = parseLevel(l);
        expect(first.ok ? [] : first.problems).toEqual([]);
        if (!first.ok) return;
        const text = serializeLevel(first.level);
        const again = parseLevelText(text);
        expect(again.ok && again.level).toEqual(first.level);
        if (!again.ok) return;
        expect(serializeLevel(again.level)).toBe(text);
        expect(levelHash(again.level)).toBe(levelHash(l));
        expect(checkLevelAgainstGame(again.level, SWEET)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
