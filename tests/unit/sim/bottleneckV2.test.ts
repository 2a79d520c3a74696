// What stops players on a version 2 level (issue 38 item 4, RULES §12): a countdown that ends games, a gate
// that never opens, an emitter that outruns the player, a portal or belt where items stay — each named by the
// level's elements and layout, from the counts a version 2 analysis returns (lostToCountdown, emitted,
// gateClosedOnLoss, counterOnLoss, heatCountdown; a report stored before them has only the first). The counts
// here are built by hand, so each rule is checked on both sides of its threshold.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { bottleneck, COUNTDOWN_SHARE, type Suggestion, type V2Counts } from '../../../src/core/sim/analysis/bottleneck.ts';
import { emptyCounts } from '../../../src/core/sim/analysis/counts.ts';
import { formatBottleneck } from '../../../src/core/sim/analysis/markdown.ts';
import { stallAdvice, v2Advice } from '../../../src/i18n/bottleneckWords.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const candy = (n: number) => read<LevelT>(`candy-kingdom/level_${n}.json`);
const CANDY = () => gameById('candy-kingdom')!;

beforeAll(() => registerGames([read<GameDef>('candy-kingdom.game.json')]));
afterAll(() => forgetGames(['candy-kingdom']));
afterEach(async () => setLocale('en'));

/** Counts of `games` games of which `wins` won, nothing else recorded unless `extra` says so. */
function counts(level: LevelT, games: number, wins: number, extra: Partial<V2Counts> = {}): V2Counts {
  const c = emptyCounts({ rulesVersion: 2, levelHash: 'h', tier: 'average', width: level.width, height: level.height, moveLimit: level.moves, curveMax: level.moves, objectives: level.objectives.length });
  const lost = games - wins;
  c.games = games;
  c.wins = wins;
  c.curveWins[level.moves] = wins;
  // every objective open in every lost game, half done, unless told otherwise
  c.objIncompleteOnLoss = c.objIncompleteOnLoss.map(() => lost);
  c.objTotalOnLoss = c.objTotalOnLoss.map(() => 10 * lost);
  c.objDoneOnLoss = c.objDoneOnLoss.map(() => 5 * lost);
  return { ...c, ...extra };
}
const of = (level: LevelT, c: V2Counts, kind: Suggestion['kind']) => bottleneck(level, [c]).suggestions.filter((s) => s.kind === kind);

describe('a countdown that ends games', () => {
  it('is named by the coloured elements that count down on the level, with its share of lost and of all games', () => {
    const level = candy(1);
    const [s, more] = of(level, counts(level, 100, 20, { lostToCountdown: 40 }), 'countdown');
    expect(more).toBeUndefined();
    expect(s).toMatchObject({ elements: ['candy_bomb'], share: 0.5, shareOfGames: 0.4, simulated: false });
    expect(s.text).toMatch(/^Candy bomb \(candy_bomb\) countdowns end 50% of lost games \(40% of all games\): give them more moves/);
    expect(s.where).toBeUndefined();
  });

  it('says where the countdowns reached 0 most (the countdown heat), at most three cells, most first', async () => {
    const level = candy(1);
    const heatCountdown = new Array(level.width * level.height).fill(0);
    heatCountdown[2 * level.width + 6] = 9; // G3
    heatCountdown[4 * level.width + 2] = 30; // C5
    heatCountdown[0] = 1; // A1
    heatCountdown[8 * level.width + 8] = 1; // I9: a tie with A1, after it in reading order
    const [s] = of(level, counts(level, 100, 20, { lostToCountdown: 40, heatCountdown }), 'countdown');
    expect(s.where).toEqual(['C5', 'G3', 'A1']);
    expect(s.text).toContain('(40% of all games), reaching 0 most at C5, G3, A1: give them');
    expect(v2Advice(s, CANDY())).toMatch(/^Candy bomb countdowns end 50% of lost games \(40% of all games\), reaching 0 most at C5, G3, A1: /);
    await setLocale('zh');
    expect(v2Advice(s, CANDY())).toContain('最常在 C5、G3、A1 归零');
  });

  it('is not named below its share of lost games, nor without the count (a version 1 analysis)', () => {
    const level = candy(1);
    const under = Math.floor(80 * COUNTDOWN_SHARE) - 1;
    expect(of(level, counts(level, 100, 20, { lostToCountdown: under }), 'countdown')).toEqual([]);
    expect(of(level, counts(level, 100, 20), 'countdown')).toEqual([]);
  });

  it('reads in the designer\'s names, in English and 简体中文, and the report\'s Markdown says how many games it ended', async () => {
    const level = candy(1);
    const c = counts(level, 100, 20, { lostToCountdown: 40 });
    const [s] = of(level, c, 'countdown');
    expect(v2Advice(s, CANDY())).toMatch(/^Candy bomb countdowns end 50% of lost games \(40% of all games\)/);
    await setLocale('zh');
    expect(v2Advice(s, CANDY())).toMatch(/^“Candy bomb”的倒计时结束了 50% 的失败对局/);
    expect(formatBottleneck(level, bottleneck(level, [c]))).toContain('- Lost to a countdown: 40 games (50.0% of lost games)');
  });
});

describe('a gate that never opens', () => {
  it('is found from a clear objective of the gated element that no lost game starts, with the elements that tick its counter', () => {
    const level = candy(3); // objectives: clear chest, clear cake
    const c = counts(level, 100, 20);
    c.objDoneOnLoss[0] = 0;
    const [s] = of(level, c, 'gate');
    expect(s).toMatchObject({ elements: ['chest'], share: 1, counter: 'keys', at: 3, ticks: ['sugar_key'] });
    expect(s.avg).toBeUndefined();
    expect(v2Advice(s, CANDY())).toBe('Sugar chest stays shut in 100% of lost games: it opens when “keys” reaches 3 (counted by Sugar key). Put Sugar key where matches reach them, or give more moves.');
    // some lost games opened it: no advice
    c.objDoneOnLoss[0] = 3;
    expect(of(level, c, 'gate')).toEqual([]);
  });

  it("the gated element's stall hint names its own cells, not another objective's (level 3: the cake at D2)", async () => {
    const level = candy(3); // the chests at A9 and I9, the cake (2×2) at D2
    const heatLeft = new Array(level.width * level.height).fill(0);
    const at = (x: number, y: number) => y * level.width + x;
    heatLeft[at(3, 1)] = 95; // D2: the cake, left more than the chests
    heatLeft[at(0, 8)] = 80; // A9
    heatLeft[at(8, 8)] = 60; // I9
    const c = counts(level, 100, 20, { heatLeft });
    c.objDoneOnLoss[0] = 0; // the chest's gate never opened
    const b = bottleneck(level, [c]);
    expect(b.objective?.index).toBe(0);
    // the level's stall cells (a count) stay as they are
    expect(b.stallCells.map((s) => [s.x, s.y])).toEqual([[3, 1], [0, 8], [8, 8]]);
    const [cells] = b.suggestions.filter((s) => s.kind === 'cells');
    expect(cells.where).toEqual(['A9', 'I9']);
    expect(cells.text).toMatch(/^clear all chest stalls at A9, I9: lighten those cells/);
    expect(formatBottleneck(level, b)).not.toContain('stalls at D2');
    // and the studio's words name the same cells (the panel hands it the level's first stall cells)
    expect(stallAdvice(level.objectives[0], 'D2, A9, I9', CANDY(), cells)).toBe('Lighten the cells where play stalls, A9, I9: fewer layers there, or a rocket or bomb next to them.');
    await setLocale('zh');
    expect(stallAdvice(level.objectives[0], 'D2、A9、I9', CANDY(), cells)).toContain('A9、I9');
    await setLocale('en');
    // the cake's own objective names the cake's cells, its whole rectangle (D2–E3)
    heatLeft[at(4, 2)] = 99; // E3
    c.objDoneOnLoss[0] = 5 * 80;
    c.objDoneOnLoss[1] = 0;
    const cake = bottleneck(level, [{ ...c, heatLeft }]);
    expect(cake.objective?.index).toBe(1);
    const [hint] = cake.suggestions.filter((s) => s.kind === 'cells');
    expect(hint.text).toMatch(/^clear all cake stalls at E3, D2: /);
    expect(hint.where).toEqual(['E3', 'D2']);
    // where its own cells are the first stall cells anyway, the hint keeps no list (the level's say it)
    const alone = bottleneck(level, [{ ...c, heatLeft: heatLeft.map((v, i) => (i === at(0, 8) || i === at(8, 8) ? 0 : v)) }]);
    const [same] = alone.suggestions.filter((s) => s.kind === 'cells');
    expect(same.text).toMatch(/^clear all cake stalls at E3, D2: /);
    expect(same.where).toBeUndefined();
  });

  it('reads the gate counts when the analysis has them: the share shut and where the counter ends', () => {
    const level = candy(3);
    const chest = CANDY().elements.findIndex((e) => e.id === 'chest');
    const closed = (n: number) => Object.assign(new Array(CANDY().elements.length).fill(0), { [chest]: n });
    const shut = of(level, counts(level, 100, 20, { gateClosedOnLoss: closed(60), counterOnLoss: [96] }), 'gate');
    expect(shut).toHaveLength(1);
    expect(shut[0]).toMatchObject({ share: 0.75, avg: 1.2 });
    expect(shut[0].text).toContain('lost games end at 1.2');
    expect(of(level, counts(level, 100, 20, { gateClosedOnLoss: closed(30), counterOnLoss: [200] }), 'gate')).toEqual([]);
  });
});

describe('an emitter that outruns the player', () => {
  it('is named from its placements a game when counted (one a game or more), with what it places; never for what an objective collects', () => {
    const level = candy(2); // fountains (chocolate, which the level asks to collect), a mixer (swirls)
    const g = CANDY(), idx = (id: string) => g.elements.findIndex((e) => e.id === id);
    const emitted = new Array(g.elements.length).fill(0);
    emitted[idx('fountain')] = 300;
    emitted[idx('mixer')] = 150;
    const list = of(level, counts(level, 100, 20, { emitted }), 'emitter');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ elements: ['mixer'], emitted: 'swirl', perGame: 1.5, outruns: false });
    expect(v2Advice(list[0], g)).toMatch(/^Magic mixer adds 1\.5 Liquorice swirl a game on average, in the way of the objectives/);
    // under one a game: not named
    emitted[idx('mixer')] = 90;
    expect(of(level, counts(level, 100, 20, { emitted }), 'emitter')).toEqual([]);
  });

  it('with a clear of what it places, only when lost games mostly leave that clear open', () => {
    const level: LevelT = { ...candy(2), objectives: [{ type: 'clear', element: 'chocolate' }] };
    const g = CANDY(), idx = (id: string) => g.elements.findIndex((e) => e.id === id);
    const emitted = new Array(g.elements.length).fill(0);
    emitted[idx('fountain')] = 300;
    const open = counts(level, 100, 20, { emitted });
    const [s] = of(level, open, 'emitter');
    expect(s).toMatchObject({ elements: ['fountain'], emitted: 'chocolate', perGame: 3, outruns: true });
    expect(v2Advice(s, g)).toMatch(/^Chocolate fountain adds 3\.0 Chocolate a game on average, faster than lost games clear them/);
    const mostlyDone = counts(level, 100, 20, { emitted });
    mostlyDone.objIncompleteOnLoss[0] = 39; // of 80 lost games
    expect(of(level, mostlyDone, 'emitter')).toEqual([]);
  });

  it('without the count, from a clear of the emitted element that lost games end with more of than they began with', () => {
    const level: LevelT = { ...candy(2), objectives: [{ type: 'clear', element: 'chocolate' }] };
    const c = counts(level, 100, 20);
    c.objDoneOnLoss[0] = -40;
    const list = of(level, c, 'emitter');
    expect(list.map((s) => s.elements![0])).toEqual(['fountain']);
    expect(list[0].perGame).toBeUndefined();
    c.objDoneOnLoss[0] = 40;
    expect(of(level, c, 'emitter')).toEqual([]);
  });
});

describe('a portal or belt where items stay', () => {
  /** Candy Kingdom level 5's portals and belt, with cherries to bring down instead of bears to find. */
  const items = (): LevelT => ({ ...candy(5), objectives: [{ type: 'bring_down', element: 'cherry', count: 3 }] });
  const heatAt = (level: LevelT, cells: [number, number][], v: number, rest: [number, number] = [4, 2]) => {
    const h = new Array(level.width * level.height).fill(0);
    for (const [x, y] of cells) h[y * level.width + x] += v;
    h[rest[1] * level.width + rest[0]] += 10;
    return h;
  };

  it('names the portal whose cells hold the items lost games leave, by its cells', () => {
    const level = items();
    const c = counts(level, 100, 20, { heatLeft: heatAt(level, [[1, 3]], 40) });
    const [s, more] = of(level, c, 'layout');
    expect(more).toBeUndefined();
    expect(s).toMatchObject({ via: 'portal', where: ['B4', 'H6'], share: 0.8, elements: ['cherry'] });
    // the item by the designer's name; a result stored before the item was recorded says "the items"
    expect(v2Advice(s, CANDY())).toBe('80% of the Cherry pieces that lost games leave stand at the portal B4 → H6: keep the cells below H6 free of blockers, or move the portal.');
    expect(v2Advice({ ...s, elements: undefined }, CANDY())).toBe('80% of the items lost games leave stand at the portal B4 → H6: keep the cells below H6 free of blockers, or move the portal.');
    // the generic "items left at" advice gives way to it
    expect(of(level, c, 'cells')).toEqual([]);
  });

  it('names the belt, by its cells, and neither when the items stand elsewhere', async () => {
    const level = items();
    const [s] = of(level, counts(level, 100, 20, { heatLeft: heatAt(level, [[3, 8], [4, 8]], 20) }), 'layout');
    expect(s).toMatchObject({ via: 'belt', share: 0.8 });
    expect(s.where).toEqual(['B8–B9', 'C8–C9', 'D8–D9', 'E8–E9', 'F8–F9', 'G8–G9', 'H8–H9']);
    expect(v2Advice(s, CANDY())).toMatch(/^80% of the Cherry pieces that lost games leave stand on the belt at B8–B9, C8–C9/);
    await setLocale('zh');
    expect(v2Advice(s, CANDY())).toMatch(/^失败对局留下的“Cherry”有 80% 停在 B8–B9、C8–C9/);
    const away = of(level, counts(level, 100, 20, { heatLeft: heatAt(level, [[4, 0]], 40) }), 'layout');
    expect(away).toEqual([]);
  });
});
