// A game's elements in the designer's words: the classic game's translated (with plurals where the
// language has them), any other game's as the designer wrote them, in every language.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { elementLabel, elementValueInText, elementValueLabel, gameForWords, hasPlural, objectiveTypeLabel } from '../../../src/i18n/elementLabel.ts';
import { ELEMENT_OBJECTIVE_TYPES, OBJECTIVE_TYPES } from '../../../src/core/facts.ts';
import { objectiveLabel } from '../../../src/i18n/objectiveLabel.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import type { GameDef } from '../../../src/core/game/types.ts';

const saga = {
  format: 'match3-game',
  version: 1,
  id: 'saga',
  name: 'Saga',
  elements: [
    { id: 'choc', name: 'Chocolate', layer: 'tile', damage: ['adjacent'], spread: 'when_none_hit' },
    { id: 'cherry', name: '樱桃 Cherry', layer: 'tile', damage: [], falls: true, exit: true },
    { id: 'carpet', layer: 'ground', damage: [] },
  ],
} as unknown as GameDef;

afterEach(async () => {
  await setLocale('en');
  forgetGames();
});

describe('elementLabel', () => {
  it('classic: translated, plural where the language has one, ice a mass noun', async () => {
    expect(elementLabel('crate', CLASSIC_GAME)).toBe('crate');
    expect(elementLabel('crate', CLASSIC_GAME, true)).toBe('crates');
    expect(elementLabel('ice', CLASSIC_GAME, true)).toBe('ice');
    expect(elementLabel('jelly', undefined)).toBe('jelly');
    expect([hasPlural('chain', CLASSIC_GAME), hasPlural('ice', CLASSIC_GAME)]).toEqual([true, false]);
    await setLocale('zh');
    expect(elementLabel('crate', CLASSIC_GAME, true)).toBe('木箱');
    expect(elementLabel('jelly', CLASSIC_GAME)).toBe('果冻');
  });

  it("another game's elements: the designer's name (else the id), the same in every language, no plural made up", async () => {
    expect(elementLabel('choc', saga, true)).toBe('Chocolate');
    expect(elementLabel('carpet', saga)).toBe('carpet');
    expect(hasPlural('choc', saga)).toBe(false);
    // an element with a classic element's id in another game is that game's, not the classic translation
    const other = { ...saga, id: 'other', elements: [{ id: 'ice', name: 'Frost', layer: 'cover', damage: ['match'] }] } as unknown as GameDef;
    expect(elementLabel('ice', other)).toBe('Frost');
    await setLocale('zh');
    expect(elementLabel('cherry', saga)).toBe('樱桃 Cherry');
  });

  it("objectives of a game's elements read in the language with the game's names", async () => {
    registerGames([saga]);
    const g = gameForWords({ game: 'saga' });
    expect(g?.id).toBe('saga');
    expect(objectiveLabel({ type: 'bring_down', element: 'cherry', count: 3 }, g)).toBe('bring down 3 樱桃 Cherry');
    expect(objectiveLabel({ type: 'clear', element: 'choc' }, g)).toBe('clear every Chocolate');
    expect(objectiveLabel({ type: 'cover', element: 'carpet' }, g)).toBe('cover the board with carpet');
    expect(objectiveLabel({ type: 'collect', element: 'choc', count: 5 } as never, g)).toBe('collect 5 Chocolate');
    await setLocale('zh');
    expect(objectiveLabel({ type: 'bring_down', element: 'cherry', count: 3 }, g)).toBe('运送 3 个“樱桃 Cherry”到出口');
    expect(objectiveLabel({ type: 'clear', element: 'choc' }, g)).toBe('清除全部“Chocolate”');
    // a level of a game not (yet) known still gets words: the ids
    expect(gameForWords({ game: 'nowhere' })).toBeUndefined();
    expect(objectiveLabel({ type: 'clear', element: 'choc' }, undefined)).toBe('清除全部“choc”');
  });

  it('every objective type has a name in both languages, the version 2 find objective too (no catalogue key on screen)', async () => {
    registerGames([saga]);
    for (const lang of ['en', 'zh'] as const) {
      await setLocale(lang);
      for (const type of [...OBJECTIVE_TYPES, ...ELEMENT_OBJECTIVE_TYPES, 'find']) {
        for (const g of [CLASSIC_GAME, saga]) expect(objectiveTypeLabel(type, g), `${lang} ${type} ${g.id}`).not.toMatch(/^obj\./);
      }
      expect(objectiveLabel({ type: 'find', count: 3 } as never, saga)).not.toMatch(/obj\.|undefined/);
    }
  });
});

describe('elementValueInText', () => {
  const sweets = { ...saga, id: 'sweets', elements: [...saga.elements, { id: 'meringue', name: 'Meringue', layer: 'tile', hp: 3, damage: ['adjacent'] }] } as unknown as GameDef;

  it("English: the same words as elementValueLabel; 简体中文: a designer's name set off in “…”, its count after it, the classic words as they are", async () => {
    for (const [id, n] of [['meringue', 2], ['choc', 1], ['carpet', 1]] as const) expect(elementValueInText(id, sweets, n)).toBe(elementValueLabel(id, sweets, n));
    expect(elementValueInText('meringue', sweets, 2)).toBe('Meringue, 2 hits');
    expect(elementValueInText('jelly', CLASSIC_GAME, 2)).toBe('Jelly, 2 layers');
    await setLocale('zh');
    expect(elementValueInText('meringue', sweets, 2)).toBe('“Meringue”，2 点耐久');
    expect(elementValueInText('choc', sweets)).toBe('“Chocolate”');
    expect(elementValueLabel('choc', sweets)).toBe('Chocolate'); // a label (a cell's name, a palette button) keeps it bare
    expect(elementValueInText('jelly', CLASSIC_GAME, 2)).toBe(elementValueLabel('jelly', CLASSIC_GAME, 2));
  });
});
