import { describe, expect, it } from 'vitest';
import { canonicalGame, parseGame, parseGameText, serializeGame } from '../../../src/core/game/schema.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { compileGame } from '../../../src/core/game/tables.ts';
import { COLORS, SPECIALS } from '../../../src/core/level/index.ts';
import { SWEET, sweetJson } from './fixtures.ts';

const problems = (input: unknown) => {
  const r = parseGame(input);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('a match3-game file', () => {
  it('a valid definition parses, in canonical form', () => {
    const r = parseGame(sweetJson());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.id).toBe('sweet-saga');
    expect(r.game.elements.map((e) => e.id)).toEqual(['fudge', 'cherry', 'choc', 'toffee', 'wrap', 'icing', 'syrup']);
    // the defaults are left out, the rest kept
    expect(r.game.elements[0]).toEqual({ id: 'fudge', name: 'Fudge block', glyph: 'F', color: '#8b5a2b', layer: 'tile', hp: 2 });
    expect(r.game.elements[1]).toEqual({ id: 'cherry', layer: 'tile', falls: true, exit: true });
  });

  it('the classic definition, with another id, is a valid file that plays the same', () => {
    const copy = { ...JSON.parse(JSON.stringify(CLASSIC_GAME)), id: 'my-classic' };
    const r = parseGame(copy);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // the same elements play the same: only the id differs in the play hash
    expect(compileGame(r.game).hash).toBe(compileGame({ ...CLASSIC_GAME, id: 'my-classic' }).hash);
  });

  const cases: [string, (g: Record<string, any>) => void, string[]][] = [
    ['format', (g) => (g.format = 'match3-level'), ['format: must be "match3-game"']],
    ['version', (g) => (g.version = 3), ['version: must be 1 or 2 (the versions this studio reads)']],
    ['id "classic"', (g) => (g.id = 'classic'), ['id: "classic" is the built-in game\'s id: give a copy another id']],
    ['id with capitals', (g) => (g.id = 'Sweet'), ['id: must be 1..40 characters of a-z, 0-9 and "-"']],
    ['id too long', (g) => (g.id = 'a'.repeat(41)), ['id: must be 1..40 characters of a-z, 0-9 and "-"']],
    ['empty id', (g) => (g.id = ''), ['id: must be 1..40 characters of a-z, 0-9 and "-"']],
    ['empty name', (g) => (g.name = ''), ['name: must be 1..80 characters']],
    ['long name', (g) => (g.name = 'n'.repeat(81)), ['name: must be 1..80 characters']],
    ['no elements', (g) => (g.elements = []), ['elements: must have 1..64 elements']],
    ['65 elements', (g) => (g.elements = Array.from({ length: 65 }, (_, i) => ({ id: `e${i}`, layer: 'tile' }))), ['elements: must have 1..64 elements']],
    ['unknown top-level field', (g) => (g.author = 'me'), ['(root): unknown field "author"']],
    ['layer', (g) => (g.elements[3].layer = 'floor'), ['elements[3].layer: must be tile, cover or ground']],
    ['missing layer', (g) => delete g.elements[3].layer, ['elements[3].layer: must be tile, cover or ground']],
    ['element id with a capital', (g) => (g.elements[0].id = 'Fudge'), ['elements[0].id: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"']],
    ['element id starting with a digit', (g) => (g.elements[0].id = '1fudge'), ['elements[0].id: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"']],
    ['element id of 33 characters', (g) => (g.elements[0].id = 'f'.repeat(33)), ['elements[0].id: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"']],
    ['element id "random"', (g) => (g.elements[0].id = 'random'), ['elements[0].id: "random" is a tile value of every level, not an element id']],
    ['element id "void"', (g) => (g.elements[0].id = 'void'), ['elements[0].id: "void" is a tile value of every level, not an element id']],
    ['element id a colour', (g) => (g.elements[0].id = 'purple'), ['elements[0].id: "purple" is a colour, not an element id']],
    ['element id a special', (g) => (g.elements[0].id = 'rocket_h'), ['elements[0].id: "rocket_h" is a special, not an element id']],
    ['repeated element id', (g) => (g.elements[4].id = 'fudge'), ['elements[4].id: repeats the id of elements[0] ("fudge")']],
    ['name too long', (g) => (g.elements[0].name = 'n'.repeat(41)), ['elements[0].name: must be 1..40 characters']],
    ['glyph of three characters', (g) => (g.elements[0].glyph = 'abc'), ['elements[0].glyph: must be 1..2 characters']],
    ['empty glyph', (g) => (g.elements[0].glyph = ''), ['elements[0].glyph: must be 1..2 characters']],
    ['colour not #rrggbb', (g) => (g.elements[0].color = 'brown'), ['elements[0].color: must be a colour #rrggbb']],
    ['short colour', (g) => (g.elements[0].color = '#abc'), ['elements[0].color: must be a colour #rrggbb']],
    ['hp 0', (g) => (g.elements[0].hp = 0), ['elements[0].hp: must be 1..5']],
    ['hp 6', (g) => (g.elements[0].hp = 6), ['elements[0].hp: must be 1..5']],
    ['hp not an integer', (g) => (g.elements[0].hp = 1.5), ['elements[0].hp: must be an integer (1..5)']],
    ['unknown event', (g) => (g.elements[0].damage = ['smash']), ['elements[0].damage[0]: must be one of match, adjacent, blast, cleared']],
    ['match on a tile element', (g) => (g.elements[0].damage = ['blast', 'match']), ['elements[0].damage[1]: "match" is not an event of the tile layer (a tile element takes adjacent, blast)']],
    ['cleared on a cover', (g) => (g.elements[3].damage = ['cleared']), ['elements[3].damage[0]: "cleared" is not an event of the cover layer (a cover element takes match, adjacent, blast)']],
    ['adjacent on a ground', (g) => (g.elements[5].damage = ['adjacent']), ['elements[5].damage[0]: "adjacent" is not an event of the ground layer (a ground element takes cleared, blast)']],
    ['a repeated event', (g) => (g.elements[0].damage = ['blast', 'blast']), ['elements[0].damage[1]: repeats "blast"']],
    ['falls on a cover', (g) => (g.elements[3].falls = true), ['elements[3].falls: only a tile element may have "falls" (this one is a cover element)']],
    ['swappable on a ground', (g) => (g.elements[6].swappable = true), ['elements[6].swappable: only a tile element may have "swappable" (this one is a ground element)']],
    ['exit on a cover', (g) => (g.elements[4].exit = true), ['elements[4].exit: only a tile element may have "exit" (this one is a cover element)']],
    ['falls not a boolean', (g) => (g.elements[1].falls = 'yes'), ['elements[1].falls: must be true or false']],
    ['a tile spreading through matches', (g) => (g.elements[0].spread = 'through-matches'), ['elements[0].spread: a tile element spreads "when-none-hit" only']],
    ['a ground spreading when none is hit', (g) => (g.elements[6].spread = 'when-none-hit'), ['elements[6].spread: a ground element spreads "through-matches" only']],
    ['a cover spreading', (g) => (g.elements[4].spread = 'when-none-hit'), ['elements[4].spread: a cover element cannot spread']],
    ['an unknown spread', (g) => (g.elements[4].spread = 'always'), ['elements[4].spread: must be "when-none-hit" (a tile) or "through-matches" (a ground)']],
    ['an exit element that spreads (our rule)', (g) => (g.elements[1].spread = 'when-none-hit'), ['elements[1].spread: an exit element (an item) cannot spread']],
    ['unknown element field', (g) => (g.elements[2].speed = 3), ['elements[2]: unknown field "speed"']],
    ['element not an object', (g) => (g.elements[2] = 'choc'), ['elements[2]: must be an object (an element)']],
  ];
  for (const [label, mutate, expected] of cases) {
    it(`refused: ${label}`, () => {
      const g = sweetJson();
      mutate(g);
      expect(problems(g)).toEqual(expected);
    });
  }

  it('false flags on a cover or ground are not refused (they say nothing), and are dropped', () => {
    const g = sweetJson();
    g.elements[3].falls = false;
    g.elements[6].exit = false;
    const r = parseGame(g);
    expect(r.ok && r.game.elements[3]).toEqual({ id: 'toffee', layer: 'cover', hp: 4, damage: ['match', 'adjacent', 'blast'] });
    expect(r.ok && r.game.elements[6]).toEqual({ id: 'syrup', layer: 'ground' });
  });

  it('no element may take a colour, a special, random or void as its id', () => {
    for (const id of [...COLORS, ...SPECIALS, 'random', 'void']) {
      const g = sweetJson();
      g.elements[0].id = id;
      expect(parseGame(g).ok, id).toBe(false);
    }
  });

  it('glyphs count code points: one emoji is one character, two are two, three are refused', () => {
    const g = sweetJson();
    g.elements[0].glyph = '🍫';
    expect(parseGame(g).ok).toBe(true);
    g.elements[0].glyph = '🍫🍒';
    expect(parseGame(g).ok).toBe(true);
    g.elements[0].glyph = '🍫🍒🍬';
    expect(problems(g)).toEqual(['elements[0].glyph: must be 1..2 characters']);
  });

  it('several problems at once, each named', () => {
    const g = sweetJson();
    g.id = 'classic';
    g.elements[0].hp = 9;
    g.elements[3].layer = 'floor';
    expect(problems(g)).toEqual([
      'id: "classic" is the built-in game\'s id: give a copy another id',
      'elements[0].hp: must be 1..5',
      'elements[3].layer: must be tile, cover or ground',
    ]);
  });

  it('not JSON, empty, not an object', () => {
    expect(parseGameText('')).toMatchObject({ ok: false, problems: [{ path: '(root)', message: 'the file is empty' }] });
    const bad = parseGameText('{ "format":');
    expect(!bad.ok && bad.problems[0].message).toMatch(/^not valid JSON: /);
    for (const v of [null, [], 'game', 7]) expect(problems(v)).toEqual(['(root): must be a JSON object (a match3-game)']);
  });

  it('the input is never changed by parsing', () => {
    const g = sweetJson();
    const before = structuredClone(g);
    parseGame(g);
    expect(g).toEqual(before);
  });
});

describe('canonical form and text', () => {
  it('stable key order, defaults left out, 2-space indent, a final newline', () => {
    const g = sweetJson();
    // keys in another order, defaults written out
    g.elements[4] = { layer: 'cover', damage: ['blast', 'match'], hp: 1, falls: false, name: 'wrap', glyph: 'w', id: 'wrap' };
    g.elements[0] = { layer: 'tile', color: '#8B5A2B', hp: 2, glyph: 'F', name: 'Fudge block', id: 'fudge' };
    const shuffled = { elements: g.elements, name: g.name, id: g.id, version: 1, format: 'match3-game' };
    const r = parseGame(shuffled);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = serializeGame(r.game);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.startsWith('{\n  "format": "match3-game",\n  "version": 1,\n  "id": "sweet-saga",\n  "name": "Sweet Saga",\n  "elements": [\n    {\n      "id": "fudge",')).toBe(true);
    const back = JSON.parse(text);
    expect(Object.keys(back.elements[0])).toEqual(['id', 'name', 'glyph', 'color', 'layer', 'hp']);
    expect(back.elements[0].color).toBe('#8b5a2b');
    expect(back.elements[4]).toEqual({ id: 'wrap', layer: 'cover' });
  });

  it('damage lists come in one order; a list other than the default is kept, an empty one too', () => {
    const g = sweetJson();
    g.elements[3].damage = ['blast', 'adjacent', 'match'];
    g.elements[6].damage = [];
    const r = parseGame(g);
    expect(r.ok && r.game.elements[3].damage).toEqual(['match', 'adjacent', 'blast']);
    expect(r.ok && r.game.elements[6].damage).toEqual([]);
  });

  it('text → parse → text is a fixed point, and keeps the play hash', () => {
    const first = parseGame(sweetJson());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const text = serializeGame(first.game);
    const again = parseGameText(text);
    expect(again.ok && again.game).toEqual(first.game);
    expect(again.ok && serializeGame(again.game)).toBe(text);
    expect(compileGame(first.game).hash).toBe(compileGame(SWEET).hash);
    expect(canonicalGame(first.game)).toEqual(first.game);
  });

  it('names, glyphs and colours do not change the play hash; a layer, hp or damage list does', () => {
    const base = compileGame(SWEET).hash;
    const g = sweetJson();
    g.name = 'Other';
    g.elements[0].name = 'Brown';
    g.elements[0].glyph = 'B';
    g.elements[0].color = '#000000';
    expect(compileGame(g as never).hash).toBe(base);
    const hp = sweetJson();
    hp.elements[0].hp = 3;
    expect(compileGame(hp as never).hash).not.toBe(base);
    const dmg = sweetJson();
    dmg.elements[0].damage = ['blast'];
    expect(compileGame(dmg as never).hash).not.toBe(base);
  });
});
