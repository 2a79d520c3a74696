// match3-game version 2 (RULES §12.1, §12.2): every field, every refusal naming its field, and the
// version 1 file unchanged.
import { describe, expect, it } from 'vitest';
import { canonicalGame, parseGame, parseGameText, serializeGame } from '../../../src/core/game/schema.ts';
import { SWEET, sweetJson } from './fixtures.ts';
import { CASCADE, at, cascadeJson } from './fixturesV2.ts';

const problems = (input: unknown) => {
  const r = parseGame(input);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('a version 2 game file', () => {
  it('the §12.1 examples parse, in canonical form (the fixture is canonical already)', () => {
    const r = parseGame(cascadeJson());
    expect(r.ok && r.game).toEqual(CASCADE);
    // and writing it gives the same text again
    const text = serializeGame(CASCADE);
    const again = parseGameText(text);
    expect(again.ok && serializeGame(again.game)).toBe(text);
  });

  it('canonical form: v2 fields after v1 fields in a stable order, defaults left out', () => {
    const r = parseGame({
      format: 'match3-game',
      version: 2,
      id: 'order',
      name: 'Order',
      elements: [
        { size: [1, 1], gate: { at: 2, counter: 'k' }, onDestroy: [{ counter: 'k', do: 'tick' }], stopsBlasts: true, key: 'blue', colored: false, hp: 2, layer: 'tile', id: 'box', blocksMatch: false },
        { id: 'gun', layer: 'tile', emit: { where: 'adjacent', count: 1, when: 'quiet', element: 'box' } },
        { id: 'gun2', layer: 'tile', emit: { radius: 3, where: 'near', count: 2, every: 4, when: 'every', element: 'box' } },
        { id: 'lava', layer: 'cover', damage: ['effect', 'blast', 'match'] },
      ],
    });
    expect(r.ok ? [] : r.problems).toEqual([]);
    if (!r.ok) return;
    const [box, gun, gun2, lava] = r.game.elements;
    expect(JSON.stringify(box)).toBe('{"id":"box","layer":"tile","hp":2,"key":"blue","stopsBlasts":true,"onDestroy":[{"do":"tick","counter":"k"}],"gate":{"counter":"k","at":2}}');
    expect(JSON.stringify(gun)).toBe('{"id":"gun","layer":"tile","emit":{"element":"box","when":"quiet"}}');
    expect(JSON.stringify(gun2)).toBe('{"id":"gun2","layer":"tile","emit":{"element":"box","when":"every","every":4,"count":2,"where":"near","radius":3}}');
    expect(lava.damage).toEqual(['match', 'blast', 'effect']);
    expect(r.game.version).toBe(2);
  });

  it('a version 1 file stays valid and serializes byte for byte as before', () => {
    const r = parseGame(sweetJson());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(serializeGame(r.game)).toBe(
      [
        '{',
        '  "format": "match3-game",',
        '  "version": 1,',
        '  "id": "sweet-saga",',
        '  "name": "Sweet Saga",',
        '  "elements": [',
        '    {',
        '      "id": "fudge",',
        '      "name": "Fudge block",',
        '      "glyph": "F",',
        '      "color": "#8b5a2b",',
        '      "layer": "tile",',
        '      "hp": 2',
        '    },',
        '    {',
        '      "id": "cherry",',
        '      "layer": "tile",',
        '      "falls": true,',
        '      "exit": true',
        '    },',
        '    {',
        '      "id": "choc",',
        '      "layer": "tile",',
        '      "spread": "when-none-hit"',
        '    },',
        '    {',
        '      "id": "toffee",',
        '      "layer": "cover",',
        '      "hp": 4,',
        '      "damage": [',
        '        "match",',
        '        "adjacent",',
        '        "blast"',
        '      ]',
        '    },',
        '    {',
        '      "id": "wrap",',
        '      "layer": "cover"',
        '    },',
        '    {',
        '      "id": "icing",',
        '      "layer": "ground",',
        '      "hp": 3,',
        '      "spread": "through-matches"',
        '    },',
        '    {',
        '      "id": "syrup",',
        '      "layer": "ground"',
        '    }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
    expect(canonicalGame(SWEET).version).toBe(1);
  });

  it('hp above 5 is told even when the element has other problems (as a field range always was); 1..20 with a size', () => {
    const g = sweetJson();
    g.elements[0] = { id: 'Bad Id!', layer: 'floor', hp: 9 };
    expect(problems(g)).toEqual(['elements[0].id: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"', 'elements[0].layer: must be tile, cover or ground', 'elements[0].hp: must be 1..5']);
    const c = cascadeJson();
    Object.assign(c.elements[at('cake')], { hp: 21, layer: 'floor' });
    expect(problems(c)).toEqual(['elements[14].layer: must be tile, cover or ground', 'elements[14].hp: must be 1..20']);
  });

  it('a version 2 file may use only v1 fields, and keeps its version', () => {
    const g = { ...sweetJson(), version: 2 };
    const r = parseGame(g);
    expect(r.ok && r.game.version).toBe(2);
    expect(r.ok && serializeGame(r.game)).toBe(serializeGame(SWEET).replace('"version": 1', '"version": 2'));
  });

  it('a damage list is refused in the events the file\'s version allows: version 2 lists "effect" too (§12.2)', () => {
    const c = cascadeJson();
    c.elements[at('frosting')].damage = ['adjacent'];
    expect(problems(c)).toEqual(['elements[' + at('frosting') + '].damage[0]: "adjacent" is not an event of the ground layer (a ground element takes cleared, blast, effect)']);
    const r = parseGame(c);
    expect(!r.ok && r.problems[0].detail).toEqual({ key: 'eventOfLayer', params: { event: 'adjacent', layer: 'ground', list: 'cleared, blast, effect' } });
    c.elements[at('frosting')].damage = ['smash'];
    expect(problems(c)).toEqual(['elements[' + at('frosting') + '].damage[0]: must be one of match, adjacent, blast, cleared, effect']);
    c.elements[at('frosting')].damage = 'blast';
    expect(problems(c)).toEqual(['elements[' + at('frosting') + '].damage: must be an array of events (match, adjacent, blast, cleared, effect)']);
    // version 1 takes no "effect": its words stay as they were
    const g = sweetJson();
    g.elements[5].damage = ['adjacent'];
    expect(problems(g)).toEqual(['elements[5].damage[0]: "adjacent" is not an event of the ground layer (a ground element takes cleared, blast)']);
    g.elements[5].damage = ['smash'];
    expect(problems(g)).toEqual(['elements[5].damage[0]: must be one of match, adjacent, blast, cleared']);
  });

  const v1Cases: [string, (g: Record<string, any>) => void, string[]][] = [
    ['a countdown in a v1 file', (g) => Object.assign(g.elements[0], { colored: true, countdown: 4, hp: undefined }), ['elements[0].colored: needs "version": 2', 'elements[0].countdown: needs "version": 2']],
    ['stopsBlasts in a v1 file', (g) => (g.elements[2].stopsBlasts = true), ['elements[2].stopsBlasts: needs "version": 2']],
    ['an effect event in a v1 file', (g) => (g.elements[3].damage = ['match', 'effect']), ['elements[3].damage[1]: needs "version": 2']],
    ['a gate in a v1 file', (g) => (g.elements[2].gate = { counter: 'keys', at: 2 }), ['elements[2].gate: needs "version": 2']],
    ['a size in a v1 file', (g) => Object.assign(g.elements[0], { size: [2, 2], hp: 8 }), ['elements[0].size: needs "version": 2']],
  ];
  for (const [label, mutate, expected] of v1Cases) {
    it(`refused: ${label}`, () => {
      const g = sweetJson();
      mutate(g);
      expect(problems(JSON.parse(JSON.stringify(g)))).toEqual(expected);
    });
  }

  const cases: [string, (g: Record<string, any>) => void, string[]][] = [
    ['version 3', (g) => (g.version = 3), ['version: must be 1 or 2 (the versions this studio reads)']],
    // coloured elements
    ['hp with colored', (g) => (g.elements[at('candy_bomb')].hp = 2), ['elements[0].hp: not with "colored"']],
    ['damage, falls and size with colored', (g) => Object.assign(g.elements[0], { damage: ['blast'], falls: true, size: [1, 1] }), ['elements[0].damage: not with "colored"', 'elements[0].falls: not with "colored"', 'elements[0].size: not with "colored"']],
    ['key, gate and emit with colored', (g) => Object.assign(g.elements[0], { key: 'red', gate: { counter: 'keys', at: 1 }, emit: { element: 'letter', when: 'quiet' } }), ['elements[0].key: not with "colored"', 'elements[0].gate: not with "colored"', 'elements[0].emit: not with "colored"']],
    ['swappable and spread with colored', (g) => Object.assign(g.elements[0], { swappable: true, spread: 'when-none-hit' }), ['elements[0].swappable: not with "colored"', 'elements[0].spread: not with "colored"']],
    ['exit with colored', (g) => (g.elements[0].exit = true), ['elements[0].exit: not with "colored"']],
    ['colored on a cover', (g) => (g.elements[at('bubble')].colored = true), ['elements[3].colored: only a tile element may have "colored" (this one is a cover element)']],
    ['a countdown without colored', (g) => (g.elements[at('letter')].countdown = 3), ['elements[9].countdown: only a coloured element ("colored": true) counts down']],
    ['countdown 0', (g) => (g.elements[0].countdown = 0), ['elements[0].countdown: must be 1..99']],
    ['countdown 100', (g) => (g.elements[0].countdown = 100), ['elements[0].countdown: must be 1..99']],
    // key, stopsBlasts
    ['a key on a ground', (g) => (g.elements[at('frosting')].key = 'red'), ['elements[15].key: only a tile or cover element may have "key" (this one is a ground element)']],
    ['a key not a colour', (g) => (g.elements[1].key = 'pink'), ['elements[1].key: must be one of red, green, blue, yellow, purple, orange']],
    ['stopsBlasts on a ground', (g) => (g.elements[at('frosting')].stopsBlasts = true), ['elements[15].stopsBlasts: only a tile or cover element may have "stopsBlasts" (this one is a ground element)']],
    ['stopsBlasts not a boolean', (g) => (g.elements[2].stopsBlasts = 'yes'), ['elements[2].stopsBlasts: must be true or false']],
    // covers only
    ['blocksMatch on a tile', (g) => (g.elements[at('letter')].blocksMatch = true), ['elements[9].blocksMatch: only a cover element may have "blocksMatch" (this one is a tile element)']],
    ['fallsWithTile on a ground', (g) => (g.elements[at('frosting')].fallsWithTile = true), ['elements[15].fallsWithTile: only a cover element may have "fallsWithTile" (this one is a ground element)']],
    // effect event on any layer in v2
    ['effect on a ground is fine, a repeated one is not', (g) => (g.elements[at('frosting')].damage = ['cleared', 'effect', 'effect']), ['elements[15].damage[2]: repeats "effect"']],
    // multi-cell
    ['a size on a cover', (g) => (g.elements[at('bubble')].size = [2, 1]), ['elements[3].size: only a tile element may have "size" (this one is a cover element)']],
    ['a size side of 5', (g) => (g.elements[at('cake')].size = [5, 2]), ['elements[14].size[0]: must be 1..4']],
    ['a size not a pair', (g) => (g.elements[at('cake')].size = [2]), ['elements[14].size: must be [w, h], each 1..4']],
    ['hp 21 with a size', (g) => (g.elements[at('cake')].hp = 21), ['elements[14].hp: must be 1..20']],
    ['hp 6 without a size', (g) => (g.elements[at('letter')].hp = 6), ['elements[9].hp: must be 1..5']],
    ['hp 6 with size [1, 1]', (g) => Object.assign(g.elements[at('letter')], { hp: 6, size: [1, 1] }), ['elements[9].hp: must be 1..5']],
    ['a multi-cell element that falls, swaps, exits or spreads', (g) => Object.assign(g.elements[at('cake')], { falls: true, swappable: true, exit: true }), ['elements[14].falls: not with "size" (a multi-cell element is static)', 'elements[14].swappable: not with "size" (a multi-cell element is static)', 'elements[14].exit: not with "size" (a multi-cell element is static)']],
    ['a multi-cell element that spreads', (g) => (g.elements[at('cake')].spread = 'when-none-hit'), ['elements[14].spread: not with "size" (a multi-cell element is static)']],
    ['a multi-cell coloured element', (g) => (g.elements[0].size = [2, 2]), ['elements[0].size: not with "colored"']],
    // emit
    ['emit on a cover', (g) => (g.elements[at('bubble')].emit = { element: 'letter', when: 'quiet' }), ['elements[3].emit: only a tile element may have "emit" (this one is a cover element)']],
    ['every missing with "every"', (g) => delete g.elements[at('mixer')].emit.every, ['elements[12].emit.every: required with "when": "every"']],
    ['every with "quiet"', (g) => (g.elements[at('fountain')].emit.every = 2), ['elements[10].emit.every: only with "when": "every"']],
    ['radius without "near"', (g) => (g.elements[at('fountain')].emit.radius = 2), ['elements[10].emit.radius: only with "where": "near"']],
    ['radius with "board"', (g) => Object.assign(g.elements[at('fountain')].emit, { where: 'board', radius: 3 }), ['elements[10].emit.radius: only with "where": "near"']],
    ['emit of an unknown element', (g) => (g.elements[at('fountain')].emit.element = 'fudge'), ['elements[10].emit.element: "fudge" is not an element of game "cascade"']],
    ['emit of a cover', (g) => (g.elements[at('fountain')].emit.element = 'bubble'), ['elements[10].emit.element: "bubble" is a cover element of game "cascade", not a tile element']],
    ['emit of a coloured element', (g) => (g.elements[at('fountain')].emit.element = 'candy_bomb'), ['elements[10].emit.element: "candy_bomb" is a coloured element: an emitter places plain tile elements']],
    ['emit of a multi-cell element', (g) => (g.elements[at('fountain')].emit.element = 'cake'), ['elements[10].emit.element: "cake" is a multi-cell element: it cannot be emitted']],
    ['emit of itself is fine', (g) => (g.elements[at('fountain')].emit.element = 'fountain'), []],
    ['emit every 21, count 6, radius 9', (g) => Object.assign(g.elements[at('mixer')].emit, { every: 21, count: 6, radius: 9 }), ['elements[12].emit.every: must be 1..20', 'elements[12].emit.count: must be 1..5', 'elements[12].emit.radius: must be 1..8']],
    ['emit when unknown', (g) => (g.elements[at('fountain')].emit.when = 'sometimes'), ['elements[10].emit.when: must be "quiet" or "every"']],
    ['emit where unknown', (g) => (g.elements[at('fountain')].emit.where = 'far'), ['elements[10].emit.where: must be "adjacent", "near" or "board"']],
    ['emit not an object', (g) => (g.elements[at('fountain')].emit = 'chocolate'), ['elements[10].emit: must be an object (an emitter: "element", "when", …)']],
    ['emit with an unknown field', (g) => (g.elements[at('fountain')].emit.rate = 2), ['elements[10].emit: unknown field "rate"']],
    // effects
    ['an unknown effect', (g) => (g.elements[at('lava')].onDestroy = [{ do: 'explode' }]), ['elements[5].onDestroy[0].do: must be an effect {"do": hit_neighbours, hit_linked, hit_all, tick, credit}']],
    ['no effects', (g) => (g.elements[at('lava')].onDestroy = []), ['elements[5].onDestroy: must be an array of 1..4 effects']],
    ['five effects', (g) => (g.elements[at('lava')].onDestroy = Array.from({ length: 5 }, () => ({ do: 'hit_neighbours' }))), ['elements[5].onDestroy: must be an array of 1..4 effects']],
    ['effects on a ground', (g) => (g.elements[at('frosting')].onHit = [{ do: 'hit_neighbours' }]), ['elements[15].onHit: only a tile or cover element may have "onHit" (this one is a ground element)']],
    ['hit_all of an unknown element', (g) => (g.elements[at('cake')].onDestroy = [{ do: 'hit_all', element: 'fudge' }]), ['elements[14].onDestroy[0].element: "fudge" is not an element of game "cascade"']],
    ['hit_all of a ground is fine', (g) => (g.elements[at('cake')].onDestroy = [{ do: 'hit_all', element: 'frosting' }]), []],
    ['credit of a cover', (g) => (g.elements[at('mailbox')].onHit = [{ do: 'credit', element: 'bubble' }]), ['elements[8].onHit[0].element: "bubble" is a cover element of game "cascade", not a tile element']],
    ['credit of an unknown element', (g) => (g.elements[at('mailbox')].onHit = [{ do: 'credit', element: 'stamp' }]), ['elements[8].onHit[0].element: "stamp" is not an element of game "cascade"']],
    ['tick with a bad counter name', (g) => (g.elements[at('sugar_key')].onDestroy = [{ do: 'tick', counter: 'Keys' }]), ['elements[6].onDestroy[0].counter: must be a counter name: 1..32 characters, a lower-case letter, then a-z, 0-9 or "_"']],
    ['hit_all without its element', (g) => (g.elements[at('cake')].onDestroy = [{ do: 'hit_all' }]), ['elements[14].onDestroy[0].element: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"']],
    ['an effect with a stray field', (g) => (g.elements[at('lava')].onDestroy = [{ do: 'hit_neighbours', element: 'lava' }]), ['elements[5].onDestroy[0]: unknown field "element"']],
    // gates
    ['a gate whose counter nothing ticks', (g) => (g.elements[at('chest')].gate.counter = 'stars'), ['elements[7].gate.counter: no element ticks "stars"']],
    ['a gate at 0', (g) => (g.elements[at('chest')].gate.at = 0), ['elements[7].gate.at: must be 1..999']],
    ['a gate at 1000', (g) => (g.elements[at('chest')].gate.at = 1000), ['elements[7].gate.at: must be 1..999']],
    ['a gate on a ground', (g) => (g.elements[at('frosting')].gate = { counter: 'keys', at: 1 }), ['elements[15].gate: only a tile or cover element may have "gate" (this one is a ground element)']],
    ['a gate not an object', (g) => (g.elements[at('chest')].gate = 3), ['elements[7].gate: must be an object {"counter": <name>, "at": 1..999}']],
    ['a gated cover, ticked by a tile’s onHit', (g) => {
      g.elements[at('bubble')].gate = { counter: 'bells', at: 2 };
      g.elements[at('letter')].onHit = [{ do: 'tick', counter: 'bells' }];
    }, []],
  ];
  for (const [label, mutate, expected] of cases) {
    it(`${expected.length ? 'refused' : 'accepted'}: ${label}`, () => {
      const g = cascadeJson();
      mutate(g);
      expect(problems(g)).toEqual(expected);
    });
  }

  it('the sample refusal of RULES §12.2, in its own words', () => {
    const g = cascadeJson();
    g.elements.splice(6, 1); // no more sugar key: nothing ticks "keys"
    expect(problems(g)).toEqual(['elements[6].gate.counter: no element ticks "keys"']);
  });

  it('every new refusal carries a key for the studio’s words', () => {
    const g = cascadeJson();
    Object.assign(g.elements[0], { hp: 2 });
    g.elements[at('chest')].gate.counter = 'stars';
    g.elements[at('fountain')].emit.radius = 2;
    const r = parseGame(g);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.detail?.key)).toEqual(['notWithColored', 'noTicker', 'radiusOnly']);
    const v1 = sweetJson();
    v1.elements[2].stopsBlasts = true;
    const r1 = parseGame(v1);
    expect(!r1.ok && r1.problems.map((p) => p.detail)).toEqual([{ key: 'needsVersion2', params: {} }]);
  });
});

describe('the new refusals in the designer’s language', () => {
  it('English words each exactly as the core’s message, Chinese words each in Chinese', async () => {
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const { problemWords } = await import('../../../src/i18n/problemWords.ts');
    const broken: [(g: Record<string, any>) => void][] = [
      [(g) => (g.elements[0].hp = 2)],
      [(g) => (g.elements[at('letter')].countdown = 3)],
      [(g) => (g.elements[at('cake')].falls = true)],
      [(g) => (g.elements[at('frosting')].key = 'red')],
      [(g) => delete g.elements[at('mixer')].emit.every],
      [(g) => (g.elements[at('fountain')].emit.every = 2)],
      [(g) => (g.elements[at('fountain')].emit.radius = 2)],
      [(g) => (g.elements[at('fountain')].emit.element = 'candy_bomb')],
      [(g) => (g.elements[at('fountain')].emit.element = 'cake')],
      [(g) => (g.elements[at('chest')].gate.counter = 'stars')],
      [(g) => (g.elements[at('lava')].onDestroy = [{ do: 'explode' }])],
      [(g) => (g.elements[at('lava')].onDestroy = [])],
      [(g) => (g.elements[at('sugar_key')].onDestroy = [{ do: 'tick', counter: 'Keys' }])],
      [(g) => (g.elements[at('fountain')].emit = 'x')],
      [(g) => (g.elements[at('fountain')].emit.when = 'x')],
      [(g) => (g.elements[at('fountain')].emit.where = 'x')],
      [(g) => (g.elements[at('chest')].gate = 1)],
      [(g) => (g.elements[at('cake')].size = 'big')],
      [(g) => (g.version = 1)],
    ];
    const all = broken.flatMap(([mutate]) => {
      const g = cascadeJson();
      mutate(g);
      const r = parseGame(g);
      return r.ok ? [] : r.problems;
    });
    const keys = new Set(all.map((p) => p.detail?.key));
    expect([...keys].sort()).toEqual(
      ['needsVersion2', 'notWithColored', 'countdownColored', 'notWithSize', 'layersOnly', 'everyRequired', 'everyOnly', 'radiusOnly', 'emitColored', 'emitMultiCell', 'noTicker', 'effect', 'effects', 'counterName', 'emitObject', 'emitWhen', 'emitWhere', 'gateObject', 'size'].sort(),
    );
    await setLocale('en');
    for (const p of all) expect(problemWords(p)).toBe(p.message);
    await setLocale('zh');
    for (const p of all) expect(problemWords(p), p.message).toMatch(/[\u4e00-\u9fff]/);
    await setLocale('en');
  });
});
