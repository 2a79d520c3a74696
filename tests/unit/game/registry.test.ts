import { afterEach, describe, expect, it } from 'vitest';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { forgetGames, gameById, gameOf, knownGames, registerGames, tablesOf } from '../../../src/core/game/registry.ts';
import { classicTables, compileGame } from '../../../src/core/game/tables.ts';
import { SWEET } from './fixtures.ts';

afterEach(() => forgetGames());

describe('the games registry', () => {
  it('knows the classic game from the start, and only it', () => {
    expect(knownGames()).toEqual([CLASSIC_GAME]);
    expect(gameById('classic')).toBe(CLASSIC_GAME);
    expect(gameById('sweet-saga')).toBeUndefined();
  });

  it('a level without game, or with "classic", plays the classic game and its tables', () => {
    expect(gameOf({})).toBe(CLASSIC_GAME);
    expect(gameOf({ game: 'classic' })).toBe(CLASSIC_GAME);
    expect(tablesOf({})).toBe(classicTables());
  });

  it('an unknown game throws, naming it', () => {
    expect(() => gameOf({ game: 'sweet-saga' })).toThrow(/^unknown game "sweet-saga": /);
    expect(() => tablesOf({ game: 'sweet-saga' })).toThrow(/unknown game "sweet-saga"/);
  });

  it('registered games are known by id, in the order registered, after classic', () => {
    const other = { ...SWEET, id: 'other', name: 'Other' };
    registerGames([SWEET, other]);
    expect(knownGames().map((g) => g.id)).toEqual(['classic', 'sweet-saga', 'other']);
    expect(gameOf({ game: 'sweet-saga' })).toBe(SWEET);
    expect(tablesOf({ game: 'sweet-saga' })).toBe(compileGame(SWEET));
    expect(tablesOf({ game: 'sweet-saga' }).isClassic).toBe(false);
  });

  it('registering an id again replaces the definition', () => {
    registerGames([SWEET]);
    const edited = { ...SWEET, elements: SWEET.elements.map((e) => (e.id === 'fudge' ? { ...e, hp: 3 } : e)) };
    registerGames([edited]);
    expect(knownGames()).toHaveLength(2);
    expect(gameOf({ game: 'sweet-saga' })).toBe(edited);
    expect(tablesOf({ game: 'sweet-saga' }).hash).not.toBe(compileGame(SWEET).hash);
  });

  it('the classic game cannot be registered over, and nothing of such a call is registered', () => {
    expect(() => registerGames([SWEET, { ...SWEET, id: 'classic' }])).toThrow(/built-in game/);
    expect(knownGames()).toEqual([CLASSIC_GAME]);
  });

  it('forgetGames forgets the given ids, or all; classic stays', () => {
    registerGames([SWEET, { ...SWEET, id: 'other' }]);
    forgetGames(['other']);
    expect(knownGames().map((g) => g.id)).toEqual(['classic', 'sweet-saga']);
    forgetGames();
    expect(knownGames()).toEqual([CLASSIC_GAME]);
  });
});
