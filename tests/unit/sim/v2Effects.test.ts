// RULES §12.2 effects, counters, gates and waves, on hand-built boards of the lab2 game
// (tests/unit/sim/v2Defs.ts). Written from the RULES text; refill off, so boards are exact.
import { describe, expect, it } from 'vitest';
import { parseGame } from '../../../src/core/game/schema.ts';
import { createGame, snapshot } from '../../../src/core/sim/play.ts';
import { LAB2_COUNTERS } from './v2Defs.ts';
import { maker, objective, validLevels } from './v2Kit.ts';
import { after, at, countTile, counter, expectBoard, play, start } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');

describe('§12.2 effects', () => {
  it('hit_neighbours, in waves: a lava destroyed beside a match destroys the lava next to it, whose effect hits its own neighbours (effect-listing tiles and grounds; not a box, a colour tile or a special)', () => {
    const g = after(lab('R R G Y B / V lava R O G / Y^moss:2 lava box:3^moss:2 B O / O mud:2 P G Y', { moves: 1 }), '2,1u');
    expectBoard(g, '. . . Y B / V . G O G / Y^moss:1 . box:3^moss:1 B O / O mud:1 P G Y');
    expect(snapshot(g).score).toBe(50);
  });

  it('hit_linked: every other piece of the element connected to the hit one (orthogonally, through pieces of it) is hit; an unconnected one is not', () => {
    const g = after(lab('G R R Y P / R lace B O G / B lace lace lace Y / lace P G B O', { moves: 1 }), '0,1u');
    expectBoard(g, '. . . . P / G . . Y G / B . B O Y / lace:1 P G B O');
    expect(snapshot(g).score).toBe(70);
  });

  it('hit_all: every cell holding the element takes `effect` (a key broken by a match hits a safe that only effects damage)', () => {
    const g = after(lab('G R+pkey R Y / R safe:3 B P / B Y G safe:3', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('safe:2');
    expect(at(g, 3, 2)).toBe('safe:2');
  });

  it('hit_all naming a ground reaches the cells holding it: the ground by its list, and the tile above it by the tile\'s own list', () => {
    const g = after(lab('G R+mkey R Y / R B G P / mud:2^moss:2 box:3^moss:2 Y^moss:1 O', { moves: 1 }), '0,1u');
    expect([at(g, 0, 2), at(g, 1, 2), at(g, 2, 2)]).toEqual(['mud:1^moss:1', 'box:3^moss:1', 'Y']);
  });

  it('tick: the counter goes up by 1 per tick; every counter the game names is reported, 0 at the start', () => {
    const g0 = createGame(lab('G R+skey R Y / R B G P / B Y G O', { moves: 1 }), { seed: 1, record: false });
    expect(snapshot(g0).counters).toEqual(Object.fromEntries(LAB2_COUNTERS.map((c) => [c, 0])));
    const g = after(lab('G R+skey R Y / R B G P / B Y G O', { moves: 1 }), '0,1u');
    expect(counter(g, 'keys')).toBe(1);
  });

  it('credit: one more removed of the element for collect, at once: a collect completed by credits wins on that move; credits score nothing', () => {
    const g = after(lab('G R R Y / R mailbox:5 B P / B Y G O', { moves: 1, objectives: [{ type: 'collect', element: 'letter', count: 1 }] }), '0,1u');
    expect(at(g, 1, 1)).toBe('mailbox:4');
    expect(objective(g)).toMatchObject({ done: 1, complete: true });
    expect(snapshot(g).status).toBe('won');
    expect(snapshot(g).score).toBe(30);
  });

  it('effects never remove or fire colour tiles, coloured pieces or specials', () => {
    // lava (1,1) is destroyed beside the match; its neighbours: a special, a coloured piece, a colour tile
    const g = after(lab('R R G Y / H lava R P / B cb=B Y O', { moves: 1 }), '2,1u');
    expectBoard(g, '. . . Y / H . G P / B cb=B#2 Y O');
  });
});

describe('§12 a version 1 level of a version 2 game', () => {
  it('plays by the game\'s §12 rules (effects and waves)', () => {
    const g = after(lab('G R R Y / R lava mud:2 P / B Y G O', { moves: 1, version: 1 }), '0,1u');
    expect(countTile(g, 'lava')).toBe(0);
    expect(at(g, 2, 1)).toBe('mud:1');
  });
});

describe('§12.2 waves: a cell takes at most one hit per step', () => {
  it('two lavas destroyed in one wave do not hit each other (the ground under one keeps its layer); each still hits its other neighbours', () => {
    const g = after(lab('G R R Y / R lava lava^moss:2 mud:2 / B Y O G', { moves: 1 }), '0,1u');
    expect(at(g, 2, 1)).toBe('.^moss:2');
    expect(at(g, 3, 1)).toBe('mud:1');
  });

  it('two keys broken in one step take one hit off what their hit_all names (the events of one wave on a cell are a set)', () => {
    const g = after(lab('G R+pkey R+pkey Y / R safe:3 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('safe:2');
  });

  it('a cell whose top layer took a hit earlier in the step ignores later effects: a multi-cell piece hit by a match beside it takes no effect from a lava on another of its cells', () => {
    // the group is (1..3, 0): the cake (2×2 at (2,1)) and the lava (1,1) are next to it; the lava's
    // hit_neighbours reaches the cake's cell (2,1) in wave 1
    const g = after(lab('R G R R Y / B lava cake:3 & P / Y O & & B / G B Y O G', { moves: 1 }), '0,0r');
    expect(countTile(g, 'lava')).toBe(0);
    expect(at(g, 2, 1)).toBe('cake:2');
  });

  it('a ground loses at most one layer per step over all waves: blasted in wave 0 under an immune piece, it ignores an effect in wave 1', () => {
    const g = after(lab('G B G B / H lava cap^peat:2 G / B mud:2 Y O', { moves: 1 }), '0,1');
    expect(at(g, 2, 1)).toBe('cap:1^peat:1');
    expect(at(g, 1, 2)).toBe('mud:1');
  });

  it('an event no layer reacts to does not count: a safe beside the match (it ignores `adjacent`) still takes the key\'s effect', () => {
    const g = after(lab('G R+pkey R Y / R safe:3 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('safe:2');
    const none = after(lab('G R R Y / R safe:3 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(none, 1, 1)).toBe('safe:3');
  });

  it('through-matches grounds spread after the last wave: a group cell that an effect reaches in wave 1 still gets the ground', () => {
    const g = after(lab('G^rug:1 R+net:1 R Y / R lava B P / B Y G O', { moves: 1 }), '0,1u');
    expectBoard(g, '.^rug:1 R+net:1^rug:1 .^rug:1 Y / G . B P / B Y G O');
  });
});

describe('§12.2 gates and counters', () => {
  it('a gate opens when its counter reaches `at` (two keys in one step add 2): every piece of it is removed in the same step, scoring 10 × step and counting for collect', () => {
    const level = lab('G R+skey R+skey Y / R B G P / B chest Y O', { moves: 1, objectives: [{ type: 'collect', element: 'chest', count: 1 }] });
    const g = after(level, '0,1u');
    expect(counter(g, 'keys')).toBe(2);
    expect(countTile(g, 'chest')).toBe(0);
    expect(snapshot(g).score).toBe(20);
    expect(snapshot(g).status).toBe('won');
  });

  it('a gate stays closed below `at`: one key, the chest (at 2) stays', () => {
    const g = after(lab('G R+skey R Y / R B G P / B chest Y O', { moves: 1 }), '0,1u');
    expect(counter(g, 'keys')).toBe(1);
    expect(at(g, 1, 2)).toBe('chest:1');
  });

  it('a blast on a closed gate takes a layer off the ground under it; the piece takes no hit', () => {
    const g = after(lab('G B G Y / H chest^sand:2 R P / B Y B O', { moves: 1 }), '0,1');
    expect(at(g, 1, 1)).toBe('chest:1^sand:1');
  });

  it('a closed gate still stops blasts', () => {
    const g = after(lab('G B G B G / H R gstone G B / B G B G B', { moves: 1 }), '0,1');
    expectBoard(g, '. . G B G / G B gstone:1 G B / B G B G B');
  });

  it('a closed gate still emits', () => {
    const g = start(lab('cap cap cap cap / G R R Y / R B G P / gfount box:3 Y O', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expect(at(g, 0, 2)).toBe('choc:1');
    expect(at(g, 0, 3)).toBe('gfount:1');
  });

  it('the ground under a gate-removed piece gets `cleared`; at most one layer per step, gate removal included', () => {
    const g = after(lab('G R+skey R+skey Y / R B G P / B chest^sand:2 Y O', { moves: 1 }), '0,1u');
    expect(countTile(g, 'chest')).toBe(0);
    expect(at(g, 1, 2)).toMatch(/\^sand:1$/);
    // blasted (a layer) and removed by its gate in the same step: still one layer
    const h = after(lab('G B G Y P / H R+skey R+skey chest^sand:2 G / B Y B O Y', { moves: 1 }), '0,1');
    expect(countTile(h, 'chest')).toBe(0);
    expect(at(h, 3, 1)).toMatch(/\^sand:1$/);
  });

  it('a piece removed by its gate runs onDestroy only (not onHit)', () => {
    const g = after(lab('G R+skey R Y / R B G P / B gtick Y O', { moves: 1 }), '0,1u');
    expect(countTile(g, 'gtick')).toBe(0);
    expect([counter(g, 'gh'), counter(g, 'gd')]).toEqual([0, 1]);
  });
});

describe('§12.2 refused gates', () => {
  it('a gate naming a counter that no element ticks is refused', () => {
    const game = { format: 'match3-game', version: 2, id: 'no-keys', name: 'No keys', elements: [{ id: 'chest', layer: 'tile', gate: { counter: 'keys', at: 3 } }] };
    const r = parseGame(game);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.problems.map((p) => `${p.path}: ${p.message}`).join('\n')).toMatch(/elements\[0\]\.gate\.counter[^\n]*keys/);
  });
});

validLevels(15, made);
