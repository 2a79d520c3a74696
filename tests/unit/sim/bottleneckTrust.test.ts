// Advice a designer can trust on their own game (issue 40): Suggested fixes name only the spreading elements
// the level has or can get, never the spreading its objective asks for (a `cover` of Carpet is progress);
// cells with nothing to take off are not told "fewer layers"; items with exits below them already are not
// told to put exits below them. Real games of tests/fixtures/trust-pack.json, and counts built by hand.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { bottleneck, spreadingHere, type Suggestion } from '../../../src/core/sim/analysis/bottleneck.ts';
import { emptyCounts, type SimCounts } from '../../../src/core/sim/analysis/counts.ts';
import { playGames } from '../../../src/core/sim/analysis/play.ts';
import { spreadAdvice, stallAdvice } from '../../../src/i18n/bottleneckWords.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

const pack = JSON.parse(readFileSync(new URL('../../fixtures/trust-pack.json', import.meta.url), 'utf8')) as { games: GameDef[]; levels: LevelT[] };
const level = (id: string) => pack.levels.find((l) => l.id === id)!;
const GAME = () => gameById('trust-saga')!;
const candyRoot = new URL('../../../examples/games/', import.meta.url);

beforeAll(() => registerGames(pack.games));
afterAll(() => forgetGames(['trust-saga', 'candy-spreads']));
afterEach(async () => setLocale('en'));

const play = (l: LevelT) => playGames(l, { tier: 'average', count: 200, curve: true });
const kinds = (l: LevelT, c: SimCounts, kind: Suggestion['kind']) => bottleneck(l, [c]).suggestions.filter((s) => s.kind === kind);

describe('spreading in Suggested fixes', () => {
  it('a carpet level whose objective covers the board with Carpet is not told to shrink it, nor about Chocolate it does not have', () => {
    const l = level('trust-carpet');
    const c = play(l);
    expect(c.spreads! / c.games).toBeGreaterThan(1); // the carpet spread, a lot
    expect(c.wins / c.games).toBeLessThan(0.8);
    const b = bottleneck(l, [c]);
    expect(b.spreading).toMatchObject({ elements: [], wanted: ['carpet'] });
    expect(b.suggestions.filter((s) => s.kind === 'spread')).toEqual([]);
    expect(b.suggestions.map((s) => s.text).join('\n')).not.toMatch(/chocolate/i);
  });

  it('a chocolate level without carpet names Chocolate only, in the game’s names, in English and 简体中文', async () => {
    const l = level('trust-choc');
    const [s, more] = kinds(l, play(l), 'spread');
    expect(more).toBeUndefined();
    expect(s.elements).toEqual(['chocolate']);
    expect(s.wanted).toBeUndefined();
    expect(s.text).toMatch(/^chocolate spread to \d+\.\d cells a game on average/);
    const perGame = bottleneck(l, [play(l)]).spreading!.perGame;
    expect(spreadAdvice(s, perGame, GAME())).toMatch(/^Chocolate spread to \d+\.\d cells a game on average: start with fewer pieces/);
    expect(spreadAdvice(s, perGame, GAME())).not.toContain('Carpet');
    await setLocale('zh');
    expect(spreadAdvice(s, perGame, GAME())).toMatch(/^“Chocolate”平均每局蔓延 \d+\.\d 格/);
  });

  it('with both, Chocolate is the threat and the Carpet the objective wants is said to share the figure', async () => {
    const l = level('trust-mixed');
    const [s] = kinds(l, play(l), 'spread');
    expect(s).toMatchObject({ elements: ['chocolate'], wanted: ['carpet'] });
    const words = spreadAdvice(s, 12.34, GAME());
    expect(words).toBe('Chocolate spread in the way (counted with Carpet, which the objective asks to spread: 12.3 cells a game between them): start with fewer Chocolate, give more moves, or leave specials near them.');
    await setLocale('zh');
    expect(spreadAdvice({ ...s, elements: ['chocolate', 'frosting'] }, 12.34, GAME())).toContain('“Chocolate”、“Frosting”在蔓延');
  });

  it('counts an element the level can get: one an emitter on its board places', () => {
    const def = JSON.parse(readFileSync(new URL('candy-kingdom.game.json', candyRoot), 'utf8')) as GameDef;
    const spreads: GameDef = { ...def, id: 'candy-spreads', elements: def.elements.map((e) => (e.id === 'chocolate' ? { ...e, spread: 'when-none-hit' } : e)) } as GameDef;
    registerGames([spreads]);
    const l2 = JSON.parse(readFileSync(new URL('candy-kingdom/level_2.json', candyRoot), 'utf8')) as LevelT;
    // no chocolate painted, only its fountains
    const fountainsOnly: LevelT = { ...l2, game: 'candy-spreads', cells: l2.cells.map((r) => r.map((c) => (c.tile === 'chocolate' ? {} : c))), objectives: [{ type: 'clear', element: 'mixer' }] };
    expect(spreadingHere(fountainsOnly)).toEqual({ elements: ['chocolate'], wanted: [] });
    const none: LevelT = { ...fountainsOnly, cells: fountainsOnly.cells.map((r) => r.map((c) => (c.tile === 'fountain' ? {} : c))) };
    expect(spreadingHere(none)).toEqual({ elements: [], wanted: [] });
  });
});

/** Counts of 100 games, 40 won, the objective open in every lost game, what lost games leave at `left`. */
function handCounts(l: LevelT, left: [number, number][]): SimCounts {
  const c = emptyCounts({ rulesVersion: 2, levelHash: 'h', tier: 'average', width: l.width, height: l.height, moveLimit: l.moves, curveMax: l.moves, objectives: l.objectives.length });
  c.games = 100;
  c.wins = 40;
  c.curveWins[l.moves] = 40;
  c.objIncompleteOnLoss = c.objIncompleteOnLoss.map(() => 60);
  c.objTotalOnLoss = c.objTotalOnLoss.map(() => 60);
  c.objDoneOnLoss = c.objDoneOnLoss.map(() => 50);
  left.forEach(([x, y], k) => (c.heatLeft[y * l.width + x] = 30 - k));
  return c;
}

describe('where play stalls', () => {
  it('items with exits below them already are not told to put exits below them', async () => {
    const l = level('trust-cherry'); // its whole bottom row is exits
    const [s] = kinds(l, handCounts(l, [[6, 6], [2, 6], [7, 6]]), 'cells');
    expect(s.aboveExits).toBe(true);
    expect(s.text).not.toContain('put exits below');
    const words = stallAdvice(l.objectives[0], 'G7, C7, H7', GAME(), s);
    expect(words).toBe('Lost games leave the Cherry at G7, C7, H7, with exits below them already: the tiles between must go for them to drop out. Make matches in those columns easier, leave room for a rocket or bomb there, or give more moves.');
    await setLocale('zh');
    expect(stallAdvice(l.objectives[0], 'G7, C7, H7', GAME(), s)).toContain('下方已经有出口');
    // without exits in those columns, the advice to add them stands
    const noExits: LevelT = { ...l, cells: l.cells.map((r) => r.map(({ exit: _e, ...c }) => c)) };
    const [t] = kinds(noExits, handCounts(noExits, [[6, 6]]), 'cells');
    expect(t.aboveExits).toBe(false);
    await setLocale('en');
    expect(stallAdvice(l.objectives[0], 'G7', GAME(), t)).toContain('put exits below them');
  });

  it('an item that falls is never named as a blocker of refill starvation (rules version 1)', () => {
    const l: LevelT = { ...level('trust-cherry'), rules: 1 };
    const b = bottleneck(l, [play(l)]);
    expect(b.starvation).toBeNull();
    expect(b.suggestions.map((s) => s.text).join('\n')).not.toMatch(/starvation|the cherry at/);
  });

  it('cells with no layers are not told "fewer layers there"; cells with a ground or a blocker are', () => {
    const l = level('trust-carpet');
    const bare = kinds(l, handCounts(l, [[7, 0], [7, 1]]), 'cells')[0];
    expect(bare.layered).toBe(false);
    expect(bare.text).not.toContain('layers');
    expect(stallAdvice(l.objectives[0], 'H1, H2', GAME(), bare)).toBe('Play stalls at H1, H2: put a rocket or bomb next to them, or make matches there easier.');
    const frosted: LevelT = { ...l, cells: l.cells.map((r, y) => r.map((c, x) => (x === 7 && y === 0 ? { ground: { type: 'frosting', layers: 2 } } : c))) };
    const layered = kinds(frosted, handCounts(frosted, [[7, 0], [7, 1]]), 'cells')[0];
    expect(layered.layered).toBe(true);
    expect(stallAdvice(l.objectives[0], 'H1, H2', GAME(), layered)).toContain('fewer layers there');
  });
});
