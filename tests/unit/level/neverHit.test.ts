// Objectives no play can meet because their element is never hit (RULES §1 Warnings, §11.2, §12.2;
// issue 40): `collect` of an element nothing hits, `clear` of one that stays, `cover` past a piece that
// is never hit and never moves — and no such warning where an event, an effect, a gate or a credit
// can still do it.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLevel, levelWarnings, parseLevel, type CellT, type LevelT, type ObjectiveT } from '../../../src/core/level/index.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import type { ElementDef, GameDef } from '../../../src/core/game/types.ts';
import { warningText } from '../../../src/i18n/warningText.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

beforeAll(async () => {
  // the never-hit warnings load with the engine, as the studio's and the CLI's do
  await import('../../../src/core/sim/checks.ts');
});

function game(elements: ElementDef[], version: 1 | 2 = 1): GameDef {
  const r = parseGame({ format: 'match3-game', version, id: 'factory', name: 'Chocolate factory', elements });
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return r.game;
}

function level(g: GameDef, objectives: ObjectiveT[], paint: (c: CellT[][]) => void = () => {}, over: Partial<LevelT> = {}): LevelT {
  const l = createLevel({ id: 'L', name: 'L', seed: 1, width: 6, height: 6 });
  const cells = l.cells.map((r) => [...r]);
  paint(cells);
  return { ...l, game: g.id, cells, objectives, ...over };
}

const unmet = (l: LevelT, g: GameDef) => levelWarnings(l, g).filter((w) => w.code === 'objective_unmeetable').map((w) => `${w.path}: ${w.message}`);

const STONE: ElementDef = { id: 'stone', name: 'Stone', layer: 'tile', damage: [] };
const CHOC: ElementDef = { id: 'chocolate', name: 'Chocolate', layer: 'tile', damage: [], spread: 'when-none-hit' };
const MOSS: ElementDef = { id: 'moss', name: 'Moss', layer: 'ground', damage: [] };
const CARPET: ElementDef = { id: 'carpet', name: 'Carpet', layer: 'ground', spread: 'through-matches' };
const BOX: ElementDef = { id: 'box', name: 'Box', layer: 'tile' };

describe('§11 games: an element with nothing in its damage list', () => {
  const g = game([STONE, CHOC, MOSS, CARPET, BOX, { id: 'nut', name: 'Nut', layer: 'tile', falls: true, exit: true }]);

  it('collect of an element nothing damages can never be met; one with damage events can', () => {
    const l = level(g, [{ type: 'collect', element: 'stone', count: 2 }, { type: 'collect', element: 'box', count: 1 }], (c) => ((c[1][1] = { tile: 'stone' }), (c[2][2] = { tile: 'stone' }), (c[3][3] = { tile: 'box' })));
    expect(unmet(l, g)).toEqual(['objectives[0]: collect 2 stone: stone is never hit on this level (its damage list is empty), so none can be collected']);
  });

  it('clear of an immune spreading tile, and of an immune ground, can never be met', () => {
    const l = level(g, [{ type: 'clear', element: 'chocolate' }, { type: 'clear', element: 'moss' }, { type: 'clear_ground', ground: 'moss' }], (c) => {
      c[0][4] = { tile: 'chocolate' };
      c[5][0] = { ground: { type: 'moss' } };
      c[5][1] = { ground: { type: 'moss' } };
    });
    expect(unmet(l, g)).toEqual([
      'objectives[0]: clear chocolate: chocolate is never hit on this level (its damage list is empty), so it stays on 1 cell (E1 first)',
      'objectives[1]: clear moss: moss is never hit on this level (its damage list is empty), so it stays on 2 cells (A6 first)',
      'objectives[2]: clear moss: moss is never hit on this level (its damage list is empty), so it stays on 2 cells (A6 first)',
    ]);
  });

  it('cover past a piece that is never hit and never moves can never be met; one that falls or is hit can', () => {
    const objectives: ObjectiveT[] = [{ type: 'cover', element: 'carpet' }];
    const stuck = level(g, objectives, (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[4][3] = { tile: 'stone' }), (c[4][4] = { tile: 'stone' })));
    expect(unmet(stuck, g)).toEqual(['objectives[0]: cover carpet: D5 and 1 more cell can never get carpet: the stone there is never hit (its damage list is empty) and never moves']);
    // another ground that is never hit keeps the carpet out as well
    const mossy = level(g, objectives, (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[2][5] = { ground: { type: 'moss' } })));
    expect(unmet(mossy, g)).toEqual(['objectives[0]: cover carpet: F3 can never get carpet: the moss there is never hit (its damage list is empty) and never moves']);
    // already carpeted under the stone: nothing to reach there
    const laid = level(g, objectives, (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[4][3] = { tile: 'stone', ground: { type: 'carpet' } })));
    expect(unmet(laid, g)).toEqual([]);
    // no carpet on the board at all: level.ts's "the board has none" says it, once
    const bare = level(g, objectives, (c) => (c[4][3] = { tile: 'stone' }));
    expect(levelWarnings(bare, g).filter((w) => w.path === 'objectives[0]').map((w) => w.detail?.key)).toEqual(['noElementCover']);
    const boxes = level(g, objectives, (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[4][3] = { tile: 'box' })));
    expect(unmet(boxes, g)).toEqual([]);
    const falling = game([{ ...STONE, falls: true }, CARPET]);
    expect(unmet(level(falling, objectives, (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[4][3] = { tile: 'stone' }))), falling)).toEqual([]);
  });

  it('clear of an item needs an exit cell; with one it can be met', () => {
    const l = level(g, [{ type: 'clear', element: 'nut' }], (c) => (c[0][2] = { tile: 'nut' }));
    expect(unmet(l, g)).toEqual(['objectives[0]: clear nut: nut is an item, which leaves only at exits, and no cell is an exit']);
    const exits = level(g, [{ type: 'clear', element: 'nut' }], (c) => ((c[0][2] = { tile: 'nut' }), (c[5][2] = { exit: true })));
    expect(unmet(exits, g)).toEqual([]);
  });

  it('the classic game and the example games give no such warning', () => {
    const classic = level(CLASSIC_GAME, [{ type: 'clear_crates' }, { type: 'clear_ground', ground: 'jelly' }], (c) => ((c[1][1] = { tile: 'crate', hp: 3 }), (c[2][2] = { ground: { type: 'jelly', layers: 2 } })), { game: undefined });
    expect(unmet(classic, CLASSIC_GAME)).toEqual([]);
    const dir = 'examples/games';
    const games = readdirSync(dir).filter((f) => f.endsWith('.game.json')).map((f) => {
      const r = parseGame(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')));
      if (!r.ok) throw new Error(f);
      return r.game;
    });
    let levels = 0;
    for (const g2 of games)
      for (const f of readdirSync(`${dir}/${g2.id}`).filter((n) => n.endsWith('.json'))) {
        const r = parseLevel(JSON.parse(readFileSync(`${dir}/${g2.id}/${f}`, 'utf8')), { games });
        if (!r.ok) continue;
        levels++;
        expect(levelWarnings(r.level, g2).filter((w) => /^neverHit|clearItemNoExit/.test(w.detail?.key ?? '')), `${g2.id}/${f}`).toEqual([]);
      }
    expect(levels).toBeGreaterThan(10);
  });
});

describe('§12 games: effects, gates, credits, blocksMatch and belts', () => {
  const CRUST: ElementDef = { id: 'crust', name: 'Crust', layer: 'tile', damage: ['effect'] };
  const LAVA: ElementDef = { id: 'lava', name: 'Lava', layer: 'tile', onDestroy: [{ do: 'hit_neighbours' }] };

  it('an element hit only by effects: never hit unless an element of the level that can be hit deals one', () => {
    const g = game([CRUST, LAVA], 2);
    const objectives: ObjectiveT[] = [{ type: 'collect', element: 'crust', count: 1 }];
    const alone = level(g, objectives, (c) => (c[1][1] = { tile: 'crust' }));
    expect(unmet(alone, g)).toEqual(['objectives[0]: collect 1 crust: crust is never hit on this level (it is hit only by effect, and nothing on this level deals that), so none can be collected']);
    const withLava = level(g, objectives, (c) => ((c[1][1] = { tile: 'crust' }), (c[1][2] = { tile: 'lava' })));
    expect(unmet(withLava, g)).toEqual([]);
    // lava that nothing can hit deals nothing
    const coldLava = game([CRUST, { ...LAVA, damage: [] }], 2);
    expect(unmet(level(coldLava, objectives, (c) => ((c[1][1] = { tile: 'crust' }), (c[1][2] = { tile: 'lava' }))), coldLava)).toHaveLength(1);
    // hit_all of the element itself, or of a ground under it, reaches it; hit_linked alone starts nothing
    const bomb = game([CRUST, { id: 'bomb_box', layer: 'tile', onDestroy: [{ do: 'hit_all', element: 'crust' }] }], 2);
    expect(unmet(level(bomb, objectives, (c) => ((c[1][1] = { tile: 'crust' }), (c[3][3] = { tile: 'bomb_box' }))), bomb)).toEqual([]);
    const laces = game([{ ...CRUST, onHit: [{ do: 'hit_linked' }] }], 2);
    expect(unmet(level(laces, objectives, (c) => (c[1][1] = { tile: 'crust' })), laces)).toHaveLength(1);
  });

  it('a gate some hittable piece of the level can open lets its element go; a credit counts for collect', () => {
    const g = game(
      [
        { id: 'chest', name: 'Chest', layer: 'tile', damage: [], gate: { counter: 'keys', at: 2 } },
        { id: 'key', name: 'Key', layer: 'cover', onDestroy: [{ do: 'tick', counter: 'keys' }] },
        { id: 'letter', name: 'Letter', layer: 'tile', damage: [] },
        { id: 'mailbox', name: 'Mailbox', layer: 'tile', hp: 3, onHit: [{ do: 'credit', element: 'letter' }] },
      ],
      2,
    );
    const objectives: ObjectiveT[] = [{ type: 'collect', element: 'chest', count: 1 }, { type: 'collect', element: 'letter', count: 1 }];
    const open = level(g, objectives, (c) => ((c[0][0] = { tile: 'chest' }), (c[1][1] = { cover: { type: 'key' } }), (c[2][2] = { tile: 'letter' }), (c[3][3] = { tile: 'mailbox' })));
    expect(unmet(open, g)).toEqual([]);
    const shut = level(g, objectives, (c) => ((c[0][0] = { tile: 'chest' }), (c[2][2] = { tile: 'letter' })));
    expect(unmet(shut, g)).toEqual([
      'objectives[0]: collect 1 chest: chest is never hit on this level (its gate never opens), so none can be collected',
      'objectives[1]: collect 1 letter: letter is never hit on this level (its damage list is empty), so none can be collected',
    ]);
  });

  it('a blocksMatch cover hit only by match is never hit; a piece on a belt moves', () => {
    const g = game([{ id: 'cube', name: 'Jelly cube', layer: 'cover', blocksMatch: true, damage: ['match'] }, STONE, CARPET], 2);
    const cube = level(g, [{ type: 'clear_cover', cover: 'cube' }], (c) => (c[2][2] = { cover: { type: 'cube' } }));
    expect(unmet(cube, g)).toEqual(['objectives[0]: clear cube: cube is never hit on this level (it is hit only by match, and nothing on this level deals that), so it stays on 1 cell (C3 first)']);
    const cover: ObjectiveT[] = [{ type: 'cover', element: 'carpet' }];
    const paint = (c: CellT[][]) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[4][1] = { tile: 'stone' }));
    expect(unmet(level(g, cover, paint, { version: 2 }), g)).toHaveLength(1);
    const belt = level(g, cover, paint, { version: 2, belts: [{ cells: [[0, 4], [1, 4], [2, 4]] }] });
    expect(unmet(belt, g)).toEqual([]);
  });

  it('a multi-cell piece never hit keeps every one of its cells', () => {
    const g = game([{ id: 'statue', name: 'Statue', layer: 'tile', size: [2, 2], damage: [] }, CARPET], 2);
    const l = level(g, [{ type: 'cover', element: 'carpet' }], (c) => ((c[0][0] = { ground: { type: 'carpet' } }), (c[3][3] = { tile: 'statue' })), { version: 2 });
    expect(unmet(l, g)).toEqual(['objectives[0]: cover carpet: D4 and 3 more cells can never get carpet: the statue there is never hit (its damage list is empty) and never moves']);
  });
});

describe('the words in the studio, both languages', () => {
  it('names elements by their names and says why', async () => {
    const g = game([STONE, CHOC, CARPET]);
    const l = level(g, [{ type: 'collect', element: 'stone', count: 1 }, { type: 'clear', element: 'chocolate' }, { type: 'cover', element: 'carpet' }], (c) => {
      c[0][0] = { ground: { type: 'carpet' } };
      c[1][1] = { tile: 'stone' };
      c[0][4] = { tile: 'chocolate' };
    });
    const ws = levelWarnings(l, g).filter((w) => w.code === 'objective_unmeetable');
    await setLocale('en');
    expect(ws.map((w) => warningText(w, g, l))).toEqual([
      'collect 1 Stone: Stone is never hit on this level (its damage list is empty), so none can be collected',
      'clear Chocolate: Chocolate is never hit on this level (its damage list is empty), so it stays on 1 cell (E1 first)',
      'cover Carpet: E1 and 1 more cell can never get Carpet: the Chocolate there is never hit (its damage list is empty) and never moves',
    ]);
    await setLocale('zh');
    expect(ws.map((w) => warningText(w, g, l))).toEqual([
      '收集 1 个“Stone”：这个关卡上“Stone”永远不会被击中（它的受击事件列表是空的），一个也收集不到',
      '清除“Chocolate”：这个关卡上“Chocolate”永远不会被击中（它的受击事件列表是空的），会一直留在 1 格上（第一格 E1）',
      '铺满“Carpet”：E1及另外 1 格永远铺不上“Carpet”：那里的“Chocolate”永远不会被击中（它的受击事件列表是空的），也不会移动',
    ]);
    await setLocale('en');
  });
});
