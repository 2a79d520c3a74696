// Level file version 2 (RULES §12.3, §12.4): the board layout, coloured and multi-cell pieces, the
// find objective; every refusal naming its field; version 1 levels unchanged, byte for byte.
import { describe, expect, it } from 'vitest';
import { installV2Warnings, createLevel, levelHash, levelHashWith, levelWarnings, parseLevel, parseLevelText, serializeLevel, spawnCap, type LevelT } from '../../../src/core/level/index.ts';
import { CASCADE } from '../game/fixturesV2.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';

import { v2Warnings } from '../../../src/core/level/warningsV2.ts';
installV2Warnings(v2Warnings);

const games = [CASCADE, SWEET];
/** A 6×6 level of the Cascade game as plain JSON, version 2, to break on purpose. */
function v2(over: Record<string, unknown> = {}): Record<string, any> {
  const l = createLevel({ id: 'C', name: 'Cascade 1', seed: 5, width: 6, height: 6, rules: 2 });
  return JSON.parse(JSON.stringify({ ...l, version: 2, game: 'cascade', objectives: [{ type: 'score', target: 500 }], ...over }));
}
const problems = (input: unknown) => {
  const r = parseLevel(input, { games });
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};
const parsed = (input: unknown): LevelT => {
  const r = parseLevel(input, { games });
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return r.level;
};

describe('a version 2 level', () => {
  it('every layout field, a coloured piece, a cake and find parse, and serialize stably', () => {
    const j = v2({
      portals: [{ from: [0, 5], to: [5, 0] }],
      belts: [{ cells: [[0, 2], [1, 2], [2, 2]] }],
      walls: [{ x: 2, y: 4, side: 'right' }, { x: 3, y: 1, side: 'bottom' }],
      spawners: [{ at: [3, 0], spawn: [{ element: 'cherry', chance: 0.2, max: 2, total: 4 }] }, { at: [4, 0], spawn: [] }],
      hidden: [{ at: [0, 0], size: [2, 2] }, { at: [4, 4], size: [1, 2] }],
      objectives: [{ type: 'find', count: 2 }],
    });
    j.cells[1][3] = { tile: 'candy_bomb', color: 'blue', countdown: 4 };
    j.cells[3][3] = { tile: 'cake', hp: 8 };
    j.cells[4][4] = { ground: { type: 'frosting' } }; // a cake's other cell may have ground
    const l = parsed(j);
    expect(l.version).toBe(2);
    const text = serializeLevel(l);
    expect(text).toContain('  "portals": [\n    {"from":[0,5],"to":[5,0]}\n  ],\n  "belts": [\n    {"cells":[[0,2],[1,2],[2,2]]}\n  ],\n');
    expect(text).toContain('  "hidden": [\n    {"at":[0,0],"size":[2,2]},\n    {"at":[4,4],"size":[1,2]}\n  ],\n  "objectives": [\n    {"type":"find","count":2}\n  ]\n}\n');
    expect(text).toContain('{"tile":"candy_bomb","color":"blue","countdown":4}');
    const again = parseLevelText(text, { games });
    expect(again.ok && serializeLevel(again.level)).toBe(text);
    // the layout is in the play hash
    const moved = parsed({ ...j, walls: [{ x: 2, y: 4, side: 'bottom' }] });
    expect(levelHashWith(moved, CASCADE)).not.toBe(levelHashWith(l, CASCADE));
  });

  it('a version 1 level stays valid, byte for byte and hash for hash', () => {
    const l = sweetLevel((c) => (c[0][0] = { tile: 'fudge', hp: 2 }));
    const r = parseLevel(JSON.parse(serializeLevel(l)), { games });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = serializeLevel(r.level);
    expect(text).toBe(serializeLevel(l));
    expect(text).toMatch(/^\{\n  "format": "match3-level",\n  "version": 1,\n/);
    expect(text).not.toMatch(/portals|belts|walls|spawners|hidden/);
    // a classic level's text and hash are those of a level written before §12
    const classic = createLevel({ id: 'K', name: 'K', seed: 9 });
    const ck = parseLevel(JSON.parse(serializeLevel(classic)));
    expect(ck.ok && serializeLevel(ck.level)).toBe(serializeLevel(classic));
    expect(ck.ok && levelHash(ck.level)).toBe(levelHash(classic));
  });

  it('a version 2 level may name the classic game, and a version 1 level a version 2 game', () => {
    expect(problems({ ...JSON.parse(serializeLevel(createLevel({ id: 'K', name: 'K', seed: 9 }))), version: 2 })).toEqual([]);
    const j = v2({ version: 1 });
    j.cells[0][0] = { tile: 'cake', hp: 3 };
    j.cells[3][3] = { tile: 'lava' };
    expect(problems(j)).toEqual([]);
  });

  it('refuses version 3', () => {
    expect(problems(v2({ version: 3 }))).toEqual(['version: must be 1 or 2 (the versions this studio reads)']);
  });

  it('a version 1 level may use no §12 field and paint no coloured element', () => {
    const j = v2({ version: 1, portals: [{ from: [0, 5], to: [5, 0] }], hidden: [{ at: [0, 0], size: [1, 1] }], objectives: [{ type: 'find', count: 1 }] });
    j.cells[1][1] = { tile: 'candy_bomb', color: 'red' };
    j.cells[2][2] = { color: 'red', countdown: 3 };
    expect(problems(j)).toEqual([
      'portals: needs "version": 2',
      'hidden: needs "version": 2',
      'cells[1][1].tile: needs "version": 2',
      'cells[1][1].color: needs "version": 2',
      'cells[2][2].color: needs "version": 2',
      'cells[2][2].countdown: needs "version": 2',
      'objectives[0].type: needs "version": 2',
    ]);
  });

  const cases: [string, (l: Record<string, any>) => void, string[]][] = [
    // portals
    ['a closed loop', (l) => (l.portals = [{ from: [1, 5], to: [1, 0] }]), ['portals[0]: makes a closed loop']],
    ['the RULES example: the third portal closes the loop', (l) => (l.portals = [{ from: [5, 0], to: [5, 3] }, { from: [0, 5], to: [1, 0] }, { from: [1, 5], to: [0, 0] }]), ['portals[1]: makes a closed loop']],
    ['a portal off the board', (l) => (l.portals = [{ from: [6, 0], to: [0, 0] }]), ['portals[0].from: must be on the board (x 0..5, y 0..5)']],
    ['a portal onto a void', (l) => { l.cells[2][2] = { tile: 'void' }; l.portals = [{ from: [0, 5], to: [2, 2] }]; }, ['portals[0].to: must not be a void cell']],
    ['a portal from = to', (l) => (l.portals = [{ from: [2, 2], to: [2, 2] }]), ['portals[0].to: must not be the same cell as "from"']],
    ['a cell twice as from', (l) => (l.portals = [{ from: [0, 5], to: [3, 0] }, { from: [0, 5], to: [4, 0] }]), ['portals[1].from: is already the "from" of portals[0]']],
    ['a cell twice as to', (l) => (l.portals = [{ from: [0, 5], to: [3, 0] }, { from: [1, 5], to: [3, 0] }]), ['portals[1].to: is already the "to" of portals[0]']],
    ['17 portals', (l) => (l.portals = Array.from({ length: 17 }, () => ({ from: [0, 5], to: [3, 0] }))), ['portals: must have at most 16 portals']],
    ['a portal cell not [x, y]', (l) => (l.portals = [{ from: [0], to: [3, 0] }]), ['portals[0].from: must be [x, y] (each 0..15)']],
    // spawners
    ['a spawner mid-column', (l) => (l.spawners = [{ at: [4, 2], spawn: [] }]), ['spawners[0].at: must be the first cell of a fall path']],
    ['a spawner on the path start a portal makes is fine', (l) => { l.portals = [{ from: [0, 2], to: [5, 4] }]; l.spawners = [{ at: [0, 3], spawn: [] }]; }, []],
    ['two spawners on one cell', (l) => (l.spawners = [{ at: [4, 0], spawn: [] }, { at: [4, 0], spawn: [] }]), ['spawners[1].at: repeats the cell of spawners[0]']],
    ['a spawner of a multi-cell element', (l) => (l.spawners = [{ at: [4, 0], spawn: [{ element: 'cake', chance: 0.5, max: 1, total: 1 }] }]), ['spawners[0].spawn[0].element: "cake" is a multi-cell element: it cannot be spawned']],
    ['a spawner of a cover', (l) => (l.spawners = [{ at: [4, 0], spawn: [{ element: 'bubble', chance: 0.5, max: 1, total: 1 }] }]), ['spawners[0].spawn[0].element: "bubble" is a cover element of game "cascade", not a tile element']],
    ['a spawner of a coloured element is fine', (l) => (l.spawners = [{ at: [4, 0], spawn: [{ element: 'candy_bomb', chance: 0.5, max: 1, total: 1 }] }]), []],
    ['a spawner with five entries', (l) => (l.spawners = [{ at: [4, 0], spawn: Array.from({ length: 5 }, () => ({ element: 'cherry', chance: 0.5, max: 1, total: 1 })) }]), ['spawners[0].spawn: must have at most 4 entries']],
    ['the level spawn of a multi-cell element', (l) => (l.spawn = [{ element: 'cake', chance: 0.5, max: 1, total: 1 }]), ['spawn[0].element: "cake" is a multi-cell element: it cannot be spawned']],
    // belts
    ['a belt with a gap', (l) => (l.belts = [{ cells: [[0, 1], [1, 1], [3, 1]] }]), ['belts[0].cells[2]: must be an orthogonal neighbour of cells[1]']],
    ['a belt with a diagonal step', (l) => (l.belts = [{ cells: [[0, 1], [1, 2]] }]), ['belts[0].cells[1]: must be an orthogonal neighbour of cells[0]']],
    ['a belt over a void', (l) => { l.cells[1][1] = { tile: 'void' }; l.belts = [{ cells: [[0, 1], [1, 1]] }]; }, ['belts[0].cells[1]: must not be a void cell']],
    ['a belt off the board', (l) => (l.belts = [{ cells: [[5, 1], [6, 1]] }]), ['belts[0].cells[1]: must be on the board (x 0..5, y 0..5)']],
    ['a cell on two belts', (l) => (l.belts = [{ cells: [[0, 1], [1, 1]] }, { cells: [[1, 0], [1, 1]] }]), ['belts[1].cells[1]: is already on belts[0]']],
    ['a belt through itself', (l) => (l.belts = [{ cells: [[0, 1], [1, 1], [0, 1]] }]), ['belts[0].cells[2]: is already on this belt']],
    ['a belt under a cake', (l) => { l.cells[0][0] = { tile: 'cake' }; l.belts = [{ cells: [[1, 2], [1, 1]] }]; }, ['belts[0].cells[1]: holds "cake" at cells[0][0]: a belt carries no multi-cell piece']],
    ['a belt of one cell', (l) => (l.belts = [{ cells: [[0, 1]] }]), ['belts[0].cells: must have 2..64 cells']],
    // walls
    ['a wall on the board edge', (l) => (l.walls = [{ x: 5, y: 2, side: 'right' }]), ["walls[0]: the right edge of (5, 2) is the board's edge"]],
    ['a wall under the bottom row', (l) => (l.walls = [{ x: 2, y: 5, side: 'bottom' }]), ["walls[0]: the bottom edge of (2, 5) is the board's edge"]],
    ['a wall off the board', (l) => (l.walls = [{ x: 7, y: 2, side: 'bottom' }]), ['walls[0]: (7, 2) is off the board']],
    ['a wall twice', (l) => (l.walls = [{ x: 1, y: 1, side: 'right' }, { x: 1, y: 2, side: 'right' }, { x: 1, y: 1, side: 'right' }]), ['walls[2]: repeats walls[0]']],
    ['a wall side unknown', (l) => (l.walls = [{ x: 1, y: 1, side: 'left' }]), ['walls[0].side: must be "right" or "bottom"']],
    // hidden
    ['a hidden rectangle past the board', (l) => (l.hidden = [{ at: [5, 5], size: [2, 1] }]), ['hidden[0]: must be inside the board']],
    ['two hidden rectangles overlapping', (l) => (l.hidden = [{ at: [0, 0], size: [2, 2] }, { at: [3, 3], size: [1, 1] }, { at: [1, 1], size: [2, 2] }]), ['hidden[2]: overlaps hidden[0]']],
    ['find more than hidden', (l) => { l.hidden = [{ at: [0, 0], size: [1, 1] }]; l.objectives = [{ type: 'find', count: 2 }]; }, ["objectives[0].count: must be 1..1 (the level's hidden rectangles)"]],
    ['find 0', (l) => { l.hidden = [{ at: [0, 0], size: [1, 1] }]; l.objectives = [{ type: 'find', count: 0 }]; }, ['objectives[0].count: must be 1..999']],
    // coloured pieces
    ['a coloured piece without a colour', (l) => (l.cells[1][1] = { tile: 'candy_bomb' }), ['cells[1][1].color: required for the coloured element "candy_bomb" (one of red, green, blue, yellow, purple)']],
    ['a coloured piece of a colour the level lacks', (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'orange' }), ["cells[1][1].color: must be one of red, green, blue, yellow, purple (the level's colours)"]],
    ['a colour not a colour', (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'pink' }), ['cells[1][1].color: must be one of red, green, blue, yellow, purple, orange']],
    ['a countdown above the element’s', (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'red', countdown: 10 }), ['cells[1][1].countdown: must be 1..9 (the countdown of "candy_bomb")']],
    ['a countdown 0', (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'red', countdown: 0 }), ['cells[1][1].countdown: must be 1..99']],
    ['a colour on a plain cell', (l) => (l.cells[1][1] = { tile: 'red', color: 'red' }), ['cells[1][1].color: only with a coloured element']],
    ['a countdown on a tile element', (l) => (l.cells[1][1] = { tile: 'lava', countdown: 2 }), ['cells[1][1].countdown: only with a coloured element']],
    ['a cover on a coloured piece', (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'red', cover: { type: 'bubble' } }), ['cells[1][1].cover: a cover needs a colour or random tile under it, not "candy_bomb"']],
    // multi-cell pieces
    ['a cake over a tile', (l) => { l.cells[3][4] = { tile: 'cake' }; l.cells[4][5] = { tile: 'red' }; }, ['cells[4][5]: covered by "cake" at cells[3][4], must have no tile or cover']],
    ['a cake over a cover', (l) => { l.cells[3][4] = { tile: 'cake' }; l.cells[4][4] = { cover: { type: 'bubble' } }; }, ['cells[4][4]: covered by "cake" at cells[3][4], must have no tile or cover']],
    ['a cake over a void', (l) => { l.cells[3][4] = { tile: 'cake' }; l.cells[3][5] = { tile: 'void' }; }, ['cells[3][5]: covered by "cake" at cells[3][4], must not be void']],
    ['a cake over an exit', (l) => { l.cells[3][4] = { tile: 'cake' }; l.cells[4][5] = { exit: true }; }, ['cells[4][5]: covered by "cake" at cells[3][4], must not be an exit']],
    ['a cake off the board', (l) => (l.cells[5][2] = { tile: 'cake' }), ['cells[5][2].tile: "cake" is 2×2: it does not fit on the board here']],
    ['a cake over a cake’s anchor', (l) => { l.cells[0][0] = { tile: 'cake' }; l.cells[1][1] = { tile: 'cake' }; }, ['cells[1][1]: covered by "cake" at cells[0][0], must have no tile or cover']],
    ['two cakes sharing a cell', (l) => { l.cells[0][1] = { tile: 'cake' }; l.cells[1][0] = { tile: 'cake' }; }, ['cells[1][1]: covered by "cake" at cells[0][1] and by "cake" at cells[1][0]']],
    ['a cake hp above its element’s', (l) => (l.cells[0][0] = { tile: 'cake', hp: 9 }), ['cells[0][0].hp: must be 1..8']],
    ['a lava hp above its element’s', (l) => (l.cells[0][0] = { tile: 'lava', hp: 3 }), ['cells[0][0].hp: must be 1..2 (the most hits "lava" takes)']],
  ];
  for (const [label, mutate, expected] of cases) {
    it(`${expected.length ? 'refused' : 'accepted'}: ${label}`, () => {
      const l = v2();
      mutate(l);
      expect(problems(l)).toEqual(expected);
    });
  }

  it('the layout of a level of an unknown game is checked on the board alone', () => {
    const l = v2({ game: 'nowhere', portals: [{ from: [1, 5], to: [1, 0] }] });
    expect(problems(l)).toEqual(['game: unknown game "nowhere" (import its match3-game file first)', 'portals[0]: makes a closed loop']);
  });

  it('the new level refusals carry keys, worded in both languages', async () => {
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const { problemWords } = await import('../../../src/i18n/problemWords.ts');
    const broken: ((l: Record<string, any>) => void)[] = [
      (l) => (l.portals = [{ from: [1, 5], to: [1, 0] }]),
      (l) => (l.spawners = [{ at: [4, 2], spawn: [] }]),
      (l) => { l.hidden = [{ at: [0, 0], size: [1, 1] }]; l.objectives = [{ type: 'find', count: 2 }]; },
      (l) => (l.cells[1][1] = { tile: 'candy_bomb' }),
      (l) => (l.cells[1][1] = { tile: 'candy_bomb', color: 'orange', countdown: 10 }),
      (l) => (l.cells[1][1] = { tile: 'red', color: 'red' }),
      (l) => (l.cells[5][2] = { tile: 'cake' }),
      (l) => { l.cells[3][4] = { tile: 'cake' }; l.cells[4][5] = { tile: 'red' }; l.cells[3][5] = { tile: 'void' }; l.cells[4][4] = { exit: true }; },
      (l) => { l.cells[0][1] = { tile: 'cake' }; l.cells[1][0] = { tile: 'cake' }; },
      (l) => (l.version = 1, l.walls = [{ x: 1, y: 1, side: 'right' }]),
    ];
    const all = broken.flatMap((mutate) => {
      const l = v2();
      mutate(l);
      const r = parseLevel(l, { games });
      return r.ok ? [] : r.problems;
    });
    expect([...new Set(all.map((p) => p.detail?.key))].sort()).toEqual(
      ['closedLoop', 'spawnerNotStart', 'findCount', 'colorRequired', 'levelColor', 'countdownRange', 'onlyColored', 'pieceOffBoard', 'coveredTile', 'coveredVoid', 'coveredExit', 'coveredTwice', 'needsVersion2'].sort(),
    );
    await setLocale('en');
    // the core's message, with a cell named as the rulers name it ("covered by "cake" at E4")
    const named = (m: string) => m.replace(/cells\[(\d+)\]\[(\d+)\]/g, (_, y, x) => String.fromCharCode(65 + Number(x)) + (Number(y) + 1));
    for (const p of all) expect(problemWords(p)).toBe(named(p.message));
    expect(all.map(problemWords)).toContain('covered by "cake" at E4, must have no tile or cover');
    await setLocale('zh');
    for (const p of all) expect(problemWords(p), p.message).toMatch(/[\u4e00-\u9fff]/);
    await setLocale('en');
  });
});

describe('version 2 warnings', () => {
  const warnings = (j: Record<string, any>) => levelWarnings(parsed(j), CASCADE).filter((w) => w.code === 'gate_never_opens' || /find/.test(w.message));

  it('a find with no hidden rectangle', () => {
    expect(warnings(v2({ objectives: [{ type: 'find', count: 2 }] }))).toEqual([
      { code: 'objective_unmeetable', path: 'objectives[0]', message: 'find 2: the level has no hidden rectangle', detail: { key: 'findNone', params: { count: 2 } } },
    ]);
    expect(warnings(v2({ hidden: [{ at: [0, 0], size: [1, 1] }], objectives: [{ type: 'find', count: 1 }] }))).toEqual([]);
  });

  it('a gate whose counter nothing on the level ticks, once per element', () => {
    const j = v2();
    j.cells[2][1] = { tile: 'chest' };
    j.cells[4][4] = { tile: 'chest' };
    expect(warnings(j)).toEqual([
      {
        code: 'gate_never_opens',
        path: 'cells[2][1]',
        message: 'the gate of chest at B3 never opens: nothing on this level ticks "keys"',
        detail: { key: 'gateNeverOpens', params: { element: 'chest', cell: 'B3', counter: 'keys' } },
      },
    ]);
    // a sugar key painted, spawned by a spawner, or emitted by a painted piece ticks it
    const painted = structuredClone(j);
    painted.cells[0][0] = { cover: { type: 'sugar_key' } };
    expect(warnings(painted)).toEqual([]);
  });

  it('a ticker that only a spawner brings, or an emitter places, opens the gate', () => {
    const game = structuredClone(CASCADE);
    game.elements.push({ id: 'key_tile', layer: 'tile', onDestroy: [{ do: 'tick', counter: 'bells' }] }, { id: 'bell_chest', layer: 'tile', gate: { counter: 'bells', at: 2 } }, { id: 'key_gun', layer: 'tile', emit: { element: 'key_tile', when: 'quiet' } });
    const base = v2();
    base.cells[2][1] = { tile: 'bell_chest' };
    const warn = (j: Record<string, any>) => {
      const r = parseLevel(j, { games: [game] });
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      return levelWarnings(r.level, game).filter((w) => w.code === 'gate_never_opens').map((w) => w.path);
    };
    expect(warn(base)).toEqual(['cells[2][1]']);
    expect(warn({ ...base, spawners: [{ at: [3, 0], spawn: [{ element: 'key_tile', chance: 0.1, max: 1, total: 2 }] }] })).toEqual([]);
    const emitted = structuredClone(base);
    emitted.cells[5][5] = { tile: 'key_gun' };
    expect(warn(emitted)).toEqual([]);
  });

  it('spawners count toward what the spawn can bring', () => {
    const l = parsed(v2({ spawn: [{ element: 'cherry', chance: 0.1, max: 1, total: 3 }], spawners: [{ at: [3, 0], spawn: [{ element: 'cherry', chance: 0.1, max: 1, total: 7 }] }] }));
    expect(spawnCap(l, 'cherry')).toBe(7);
  });

  it('the warnings are worded in both languages', async () => {
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const { warningText } = await import('../../../src/i18n/warningText.ts');
    const j = v2({ objectives: [{ type: 'find', count: 2 }] });
    j.cells[2][1] = { tile: 'chest' };
    const l = parsed(j);
    const ws = warnings(j);
    expect(ws.length).toBe(2);
    await setLocale('en');
    for (const w of ws) expect(warningText(w, CASCADE, l)).toBe(w.message);
    await setLocale('zh');
    for (const w of ws) expect(warningText(w, CASCADE, l)).toMatch(/[\u4e00-\u9fff]/);
    await setLocale('en');
  });
});

describe('warnings that know version 2', () => {
  const codes = (l: LevelT) => levelWarnings(l, CASCADE).map((w) => `${w.code} ${w.path ?? ''}`);
  it('a collect of what an emitter places or an effect credits is not "more than the board can give"', () => {
    const j = v2({ objectives: [{ type: 'collect', element: 'licorice', count: 40 }, { type: 'collect', element: 'letter', count: 30 }] });
    j.cells[2][2] = { tile: 'mixer' };
    j.cells[3][3] = { tile: 'mailbox' };
    expect(codes(parsed(j)).filter((c) => c.startsWith('objective_unmeetable'))).toEqual([]);
    // an element nothing places, for contrast: still warned
    const k = v2({ objectives: [{ type: 'collect', element: 'color_box_red', count: 5 }] });
    k.cells[2][2] = { tile: 'color_box_red' };
    expect(codes(parsed(k)).some((c) => c.startsWith('objective_unmeetable'))).toBe(true);
  });

  it('a bubble (a cover that falls with its tile) and a coloured piece hold nothing up: no starved cells under them', () => {
    const j = v2({ rules: 1 });
    j.cells[0][1] = { cover: { type: 'bubble' } };
    j.cells[0][3] = { tile: 'candy_bomb', color: 'red' };
    expect(codes(parsed(j)).filter((c) => c.startsWith('starved_cells'))).toEqual([]);
    // a cover that does not fall, for contrast, starves the cells under it under rules 1
    const k = v2({ rules: 1 });
    k.cells[0][1] = { cover: { type: 'jelly_cube' } };
    expect(codes(parsed(k)).some((c) => c.startsWith('starved_cells'))).toBe(true);
  });
});
