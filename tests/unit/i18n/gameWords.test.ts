// A workspace game's level in the studio's words (issue 31, the last gaps): the pack tune review's
// changes and bounds, the pack's lever names, a tune's reason, the objective type labels, the
// bottleneck's units, the level's warnings, the cover palette's sentence and a folder file's problems
// name the game's elements as the designer wrote them, in English and 简体中文; a classic level keeps its
// words exactly.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseLevel, levelWarnings, type LevelT, type ObjectiveT } from '../../../src/core/level/index.ts';
import { ELEMENT_OBJECTIVE_TYPES, OBJECTIVE_TYPES } from '../../../src/core/facts.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { classifyFile } from '../../../src/core/files/folderDiff.ts';
import type { TuneReason } from '../../../src/core/tune/reasons.ts';
import { setLocale, t } from '../../../src/i18n/index.svelte.ts';
import { blockerNames, boundsWords, changeText, changesText, packLeverNames, reasonWords, unitKey } from '../../../src/ui/analysis/tuneWords.ts';
import { objectiveUnit, stallAdvice } from '../../../src/i18n/bottleneckWords.ts';
import { warningText } from '../../../src/i18n/warningText.ts';
import { coverHeldText, coverNeedsTileText, gameForWords, objectiveTypeLabel } from '../../../src/i18n/elementLabel.ts';
import { fileProblemsWords } from '../../../src/i18n/problemWords.ts';

const SAGA = JSON.parse(readFileSync('examples/games/sweet-saga.game.json', 'utf8')) as GameDef;
const CANDY = JSON.parse(readFileSync('examples/games/candy-kingdom.game.json', 'utf8')) as GameDef;
const PACK = JSON.parse(readFileSync('examples/games/sweet-saga.pack.json', 'utf8')) as { levels: unknown[] };

/** A level of the Sweet Saga example pack, by its name. */
function sagaLevel(name: string): LevelT {
  const raw = PACK.levels.find((l) => (l as { name: string }).name === name);
  const r = parseLevel(raw, { games: [SAGA] });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.level;
}
/** A 5×5 classic level: ice and jelly, a crate and a chain. */
function classicLevel(): LevelT {
  const cells = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}) as Record<string, unknown>));
  cells[0][0] = { cover: { type: 'ice', layers: 2 } };
  cells[0][1] = { cover: { type: 'chain' } };
  cells[1][0] = { ground: { type: 'jelly', layers: 1 } };
  cells[2][2] = { tile: 'crate', hp: 2 };
  const r = parseLevel({ format: 'match3-level', version: 1, id: 'c', name: 'C', width: 5, height: 5, moves: 20, colors: 4, seed: 1, cells, objectives: [{ type: 'clear_ground', ground: 'jelly' }] });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.level;
}

beforeAll(() => registerGames([SAGA]));
afterAll(() => forgetGames());
afterEach(async () => setLocale('en'));

describe('tuning words on a game level (the pack tune review, the Tune dialog)', () => {
  const shop = () => sagaLevel('Sweet shop'); // a one-layer cover, a two-layer ground, a two-hit tile
  const wall = () => sagaLevel('Meringue wall');

  it("names the elements each blocker lever turns on the level's board; a classic level keeps the lever words", () => {
    expect(blockerNames(shop(), 'crates')).toBe('Meringue');
    expect(blockerNames(shop(), 'chains')).toBe('Liquorice lock');
    expect(blockerNames(shop(), 'jelly')).toBe('Frosting');
    expect(blockerNames(shop(), 'moves')).toBeUndefined();
    expect(blockerNames(classicLevel(), 'ice')).toBeUndefined();
    expect(blockerNames(null, 'ice')).toBeUndefined();
  });

  it('a change and the bounds on a game level, in English and 简体中文', async () => {
    const names = (l: string) => blockerNames(wall(), l as never);
    expect(changeText({ lever: 'crates', from: 0, to: -1 }, names('crates'))).toBe('Meringue hit points -1');
    expect(changeText({ lever: 'moves', from: 16, to: 18 }, names('moves'))).toBe('moves 16 → 18');
    expect(boundsWords({ moves: { from: 12, to: 20 }, crates: { from: -1, to: 1 } }, ['moves', 'crates'], names)).toBe('moves 12–20, Meringue hit points -1…+1');
    expect(boundsWords({ chains: { from: 0, to: 50 } }, ['chains'], (l) => blockerNames(shop(), l))).toBe('Liquorice lock removed 0–50%');
    await setLocale('zh');
    expect(changeText({ lever: 'crates', from: 0, to: -1 }, names('crates'))).toBe('Meringue 生命值 -1');
    expect(boundsWords({ moves: { from: 12, to: 20 }, crates: { from: -1, to: 1 } }, ['moves', 'crates'], names)).toBe('步数 12–20；Meringue 生命值 -1…+1'); // the parts by the Chinese semicolon: a part's names keep 、
    expect(boundsWords({ chains: { from: 0, to: 50 } }, ['chains'], (l) => blockerNames(shop(), l))).toBe('移除Liquorice lock 0–50%');
  });

  it('a painted countdown change names its pieces by the game\'s names, signed as the layers are (Candy Kingdom level 1)', async () => {
    registerGames([CANDY]);
    const bombs = parseLevel(JSON.parse(readFileSync('examples/games/candy-kingdom/level_1.json', 'utf8')), { games: [CANDY] });
    if (!bombs.ok) throw new Error(JSON.stringify(bombs.problems));
    const level = bombs.level;
    expect(changeText({ lever: 'countdown', from: 0, to: 2 }, undefined, level)).toBe('Candy bomb countdown +2 moves on every painted one');
    expect(changeText({ lever: 'countdown', from: 0, to: -1 }, undefined, level)).toBe('Candy bomb countdown -1 move on every painted one');
    expect(changesText([{ lever: 'moves', from: 20, to: 18 }, { lever: 'countdown', from: 0, to: -2 }], level)).toBe('moves 20 → 18, Candy bomb countdown -2 moves on every painted one');
    // no level to name them by: the lever's own words, signed all the same
    expect(changeText({ lever: 'countdown', from: 0, to: 2 })).toBe('painted countdowns +2 moves');
    await setLocale('zh');
    expect(changeText({ lever: 'countdown', from: 0, to: 2 }, undefined, level)).toBe('已放置的每个 Candy bomb 倒计时 +2 步');
    expect(changesText([{ lever: 'moves', from: 20, to: 18 }, { lever: 'countdown', from: 0, to: -2 }], level)).toBe('步数 20 → 18；已放置的每个 Candy bomb 倒计时 -2 步');
    expect(boundsWords({ countdown: { from: -2, to: 3 }, emit_count: { from: 0, to: 2 } }, ['countdown', 'emit_count'])).toBe('已放置的倒计时 -2…+3 步；每次生成数量 0…+2');
    await setLocale('en');
    expect(boundsWords({ countdown: { from: -2, to: 3 } }, ['countdown'])).toBe('painted countdowns -2…+3 moves');
    forgetGames(['candy-kingdom']);
  });

  it('a classic level: the classic words, unchanged in both languages', async () => {
    const names = (l: string) => blockerNames(classicLevel(), l as never);
    expect(changeText({ lever: 'ice', from: 0, to: 1 }, names('ice'))).toBe('ice layers +1');
    expect(changeText({ lever: 'chains', from: 4, to: 2 }, names('chains'))).toBe('chains 4 → 2');
    expect(changeText({ lever: 'crates', from: 0, to: -1 })).toBe('crate hit points -1');
    expect(boundsWords({ ice: { from: -1, to: 2 }, chains: { from: 0, to: 100 } }, ['ice', 'chains'], names)).toBe('ice layers -1…+2, chains removed 0–100%');
    await setLocale('zh');
    expect(changeText({ lever: 'ice', from: 0, to: 1 }, names('ice'))).toBe('冰层 +1');
    expect(changeText({ lever: 'jelly', from: 0, to: -1 }, names('jelly'))).toBe('果冻层 -1');
    expect(boundsWords({ ice: { from: -1, to: 2 }, chains: { from: 0, to: 100 } }, ['ice', 'chains'], names)).toBe('冰层 -1…+2；移除锁链 0–100%');
  });

  it("a game level whose board holds none of a lever's elements: the layer's generic words, never the classic blocker", async () => {
    expect(blockerNames(wall(), 'chains')).toBe('One-layer covers');
    expect(blockerNames(wall(), 'ice')).toBe('Cover layers');
    await setLocale('zh');
    expect(blockerNames(wall(), 'jelly')).toBe('地面层数');
  });

  it("a pack's levers: a game pack by its game's elements, a mixed pack names both, a classic pack keeps the classic names", async () => {
    expect(packLeverNames([{ game: 'sweet-saga' }, { game: 'sweet-saga' }], 'crates')).toBe('Meringue');
    expect(packLeverNames([{ game: 'sweet-saga' }], 'chains')).toBe('Liquorice lock');
    expect(packLeverNames([{ game: 'sweet-saga' }], 'ice')).toBe('Cover layers'); // Sweet Saga has no cover of several layers
    expect(packLeverNames([{}, { game: 'sweet-saga' }], 'jelly')).toBe('Jelly, Frosting');
    expect(packLeverNames([{}, { game: 'classic' }], 'jelly')).toBeUndefined();
    expect(packLeverNames([{ game: 'sweet-saga' }], 'moves')).toBeUndefined();
    await setLocale('zh');
    expect(packLeverNames([{}, { game: 'sweet-saga' }], 'crates')).toBe('箱子、Meringue');
  });

  it("a tune's reason: its levers and bounds by the level's names, in the language; a classic level's levers translated as before", async () => {
    const reason: TuneReason = { key: 'tune.reason.bounds', params: { bounds: 'moves 12–20, crate hit points -1…+1', est: '20%', target: '50%', tol: '5%' }, list: [{ key: 'tune.lever.moves' }, { key: 'tune.lever.crates' }] };
    const bounds = { moves: { from: 12, to: 20 }, crates: { from: -1, to: 1 } };
    const said = reasonWords(reason, wall(), bounds);
    expect(said).toContain('the bounds (moves 12–20, Meringue hit points -1…+1) stop it');
    expect(said).toContain('with the levers Moves, Meringue');
    const classic = reasonWords(reason, classicLevel(), bounds);
    expect(classic).toContain('the bounds (moves 12–20, crate hit points -1…+1) stop it');
    expect(classic).toContain('with the levers Moves, Crates');
    await setLocale('zh');
    expect(reasonWords(reason, wall(), bounds)).toContain('步数、Meringue');
    expect(reasonWords(reason, wall(), bounds)).toContain('Meringue 生命值 -1…+1');
    expect(reasonWords(reason, classicLevel(), bounds)).toContain('步数、箱子');
  });

  it("a bound's unit by the lever's kind: a lever that removes covers reads \"covers removed\" on a game level", () => {
    expect(unitKey('tune.unit', 'chains', true)).toBe('tune.unit.coversRemoved');
    expect(unitKey('ptune.unit', 'chains', true)).toBe('ptune.unit.coversRemoved');
    expect(unitKey('tune.unit', 'chains', false)).toBe('tune.unit.chains');
    expect(unitKey('tune.unit', 'crates', true)).toBe('tune.unit.crates');
    expect(unitKey('tune.unit', 'moves', true)).toBe('tune.unit.moves');
  });

  it('a lever that removes one-layer covers says what its percent is of: the pieces taken off the board (a review: "their cells uncovered" was unclear)', async () => {
    await setLocale('en');
    expect(t(unitKey('tune.unit', 'chains', true))).toBe('% of them taken off the board (0: all stay)');
    expect(t(unitKey('ptune.unit', 'chains', true))).toBe('% of them taken off the board (0: all stay)');
    await setLocale('zh');
    expect(t(unitKey('tune.unit', 'chains', true))).toBe('% 移出棋盘（0：全部保留）');
    expect(t(unitKey('ptune.unit', 'chains', true))).toBe('% 移出棋盘（0：全部保留）');
    await setLocale('en');
  });
});

describe('objective type labels', () => {
  it("a game level's §1 types speak of its elements: the one the objective names, else the layer", async () => {
    const g = gameForWords({ game: 'sweet-saga' });
    expect(objectiveTypeLabel('clear_ground', g, { ground: 'frosting' })).toBe('Clear Frosting');
    expect(objectiveTypeLabel('clear_ground', g)).toBe('Clear ground');
    expect(objectiveTypeLabel('clear_cover', g, { cover: 'liquorice' })).toBe('Clear Liquorice lock');
    expect(objectiveTypeLabel('clear_crates', g)).toBe('Clear tile elements');
    expect(objectiveTypeLabel('bring_down', g)).toBe('Bring down');
    await setLocale('zh');
    expect(objectiveTypeLabel('clear_ground', g, { ground: 'frosting' })).toBe('清除“Frosting”');
    expect(objectiveTypeLabel('clear_ground', g)).toBe('清除地面');
    expect(objectiveTypeLabel('clear_crates', g)).toBe('清除方块元素');
  });

  it('the classic game keeps "Clear jelly" and its kin in both languages', async () => {
    for (const g of [undefined, CLASSIC_GAME]) {
      expect(objectiveTypeLabel('clear_ground', g, { ground: 'jelly' })).toBe('Clear jelly');
      expect(objectiveTypeLabel('clear_crates', g)).toBe('Clear crates');
      expect(objectiveTypeLabel('clear_cover', g, { cover: 'ice' })).toBe('Clear cover');
    }
    await setLocale('zh');
    expect(objectiveTypeLabel('clear_ground', CLASSIC_GAME, { ground: 'jelly' })).toBe('清除果冻');
    expect(objectiveTypeLabel('clear_crates', CLASSIC_GAME)).toBe('清除木箱');
  });
});

describe("the bottleneck's units", () => {
  // every objective a level can hold (§1, §11's element objectives, §12's find) has its unit in both
  // languages: a find objective's once read "1.1 rep.unit.find short" in the report
  it('every objective type has its unit, in English and 简体中文', async () => {
    const all: ObjectiveT[] = [
      { type: 'collect', color: 'red', count: 10 }, { type: 'clear_ground', ground: 'jelly' }, { type: 'clear_cover', cover: 'ice' }, { type: 'clear_cover', cover: 'chain' },
      { type: 'clear_crates' }, { type: 'score', target: 1000 }, { type: 'clear', element: 'x' }, { type: 'bring_down', element: 'x', count: 2 }, { type: 'cover', element: 'x' }, { type: 'find', count: 3 },
    ] as ObjectiveT[];
    expect(new Set(all.map((o) => o.type))).toEqual(new Set([...OBJECTIVE_TYPES, ...ELEMENT_OBJECTIVE_TYPES, 'find']));
    for (const locale of ['en', 'zh'] as const) {
      await setLocale(locale);
      for (const o of all) expect(objectiveUnit(o, CLASSIC_GAME), `${locale} ${o.type}`).not.toMatch(/rep\.unit/);
    }
    await setLocale('en');
    expect(objectiveUnit({ type: 'find', count: 3 }, CLASSIC_GAME)).toBe('hidden pieces');
  });

  it("a game level's §1 objectives count the game's element; classic keeps jelly layers", async () => {
    const g = gameForWords({ game: 'sweet-saga' });
    expect(objectiveUnit({ type: 'clear_ground', ground: 'frosting' }, g)).toBe('Frosting layers');
    expect(objectiveUnit({ type: 'clear_cover', cover: 'liquorice' }, g)).toBe('Liquorice lock layers');
    expect(objectiveUnit({ type: 'clear_ground', ground: 'jelly' }, CLASSIC_GAME)).toBe('jelly layers');
    expect(objectiveUnit({ type: 'clear_cover', cover: 'ice' }, CLASSIC_GAME)).toBe('ice layers');
    expect(objectiveUnit({ type: 'clear_crates' }, CLASSIC_GAME)).toBe('crate hits');
    await setLocale('zh');
    expect(objectiveUnit({ type: 'clear_ground', ground: 'frosting' }, g)).toBe('层Frosting');
    expect(objectiveUnit({ type: 'clear_ground', ground: 'jelly' }, CLASSIC_GAME)).toBe('层果冻');
  });

  it("an element's collect counts its pieces by the game's name, never tiles (Chocolate, Candy bomb, Letter)", async () => {
    const g = gameForWords({ game: 'sweet-saga' });
    const meringue = { type: 'collect', element: 'meringue', count: 9 } as ObjectiveT;
    expect(objectiveUnit(meringue, g)).toBe('Meringue pieces');
    expect(objectiveUnit({ type: 'collect', color: 'blue', count: 20 }, g)).toBe('tiles'); // a colour's collect keeps its tiles
    expect(t('rep.short', { short: '2.6', unit: objectiveUnit(meringue, g), progress: '70%' })).toBe('Lost games end 2.6 Meringue pieces short on average (70% of it done).');
    expect(t('rep.sug.collect', { from: 9, to: 7, objective: 'Collect 9 Meringue', short: '2.6', unit: objectiveUnit(meringue, g) })).toContain('lost games end 2.6 Meringue pieces short on average');
    await setLocale('zh');
    expect(objectiveUnit(meringue, g)).toBe('个Meringue');
    expect(objectiveUnit({ type: 'collect', color: 'blue', count: 20 }, g)).toBe('个方块');
    expect(t('rep.sug.collect', { from: 9, to: 7, objective: '收集', short: '2.6', unit: objectiveUnit(meringue, g) })).toContain('失败对局平均还差 2.6 个Meringue。');
  });

  it("where play stalls: a game's items are left there (open the cells under them); anything else is lightened as before", async () => {
    const g = gameForWords({ game: 'sweet-saga' });
    expect(stallAdvice({ type: 'bring_down', element: 'cherry', count: 2 }, 'D7, E7', g)).toBe('Lost games leave the Cherry at D7, E7: open the cells under them or put exits below them.');
    expect(stallAdvice({ type: 'clear_ground', ground: 'jelly' }, 'D7', CLASSIC_GAME)).toBe('Lighten the cells where play stalls, D7: fewer layers there, or a rocket or bomb next to them.');
    await setLocale('zh');
    expect(stallAdvice({ type: 'bring_down', element: 'cherry', count: 2 }, 'D7', g)).toBe('失败对局把“Cherry”留在 D7：打开它们下方的格子，或在它们下方放出口。');
    expect(stallAdvice(undefined, 'D7', CLASSIC_GAME)).toBe('减轻卡住的格子 D7：减少那里的层数，或在旁边放火箭或炸弹。');
  });
});

describe("a level's warnings", () => {
  it("a game level: the §1 objective's element and the game's own warnings, in both languages", async () => {
    const floor = sagaLevel('Frosted floor');
    const bare = { ...floor, cells: floor.cells.map((r) => r.map((c) => ({ ...c, ground: undefined }))) } as LevelT;
    const g = gameForWords(bare);
    const ws = levelWarnings(bare);
    const none = ws.find((w) => w.code === 'objective_unmeetable')!;
    expect(warningText(none, g, bare)).toBe('clear Frosting: the board has no Frosting');
    const cherry = sagaLevel('Chocolate factory');
    const noExit = { ...cherry, cells: cherry.cells.map((r) => r.map((c) => ({ ...c, exit: undefined }))) } as LevelT;
    const w2 = levelWarnings(noExit).find((w) => w.detail?.key === 'noExit')!;
    expect(warningText(w2, g, noExit)).toBe('bring down Cherry: no cell is an exit');
    await setLocale('zh');
    expect(warningText(none, g, bare)).toBe('清除“Frosting”：棋盘上没有“Frosting”');
    expect(warningText(w2, g, noExit)).toBe('运送“Cherry”到出口：没有格子是出口');
  });

  it('a classic level keeps its sentence', async () => {
    const c = classicLevel();
    const bare = { ...c, cells: c.cells.map((r) => r.map((x) => ({ ...x, ground: undefined }))) } as LevelT;
    const w = levelWarnings(bare).find((x) => x.code === 'objective_unmeetable')!;
    expect(warningText(w, CLASSIC_GAME, bare)).toBe('clear jelly: the board has no jelly');
    await setLocale('zh');
    expect(warningText(w, CLASSIC_GAME, bare)).toBe('清除果冻：棋盘上没有果冻');
  });
});

describe('the cover palette and a refused cover', () => {
  it("a game's covers by name; the classic sentence unchanged", async () => {
    const g = gameForWords({ game: 'sweet-saga' })!;
    expect(coverHeldText(g)).toBe('Liquorice lock holds a tile in place: it still matches, but cannot be swapped or fall.');
    expect(coverHeldText(CLASSIC_GAME)).toBe('Ice and chains hold a tile in place: it still matches, but cannot be swapped or fall.');
    expect(coverNeedsTileText('meringue', 'C3', g)).toBe('A cover goes on a colour or random tile only: C3 holds “Meringue”.');
    expect(coverNeedsTileText('crate', 'C3', CLASSIC_GAME)).toBe('Ice and chains go on colour or random tiles only: C3 holds a crate or a special.');
    await setLocale('zh');
    // a designer's element set off in the sentence (elementInText), the studio's own word (a special) as it is
    expect(coverHeldText(g)).toBe('“Liquorice lock”把方块固定在原地：它仍能参与消除，但不能交换，也不会下落。');
    expect(coverNeedsTileText('meringue', 'C3', g)).toBe('覆盖物只能放在彩色或随机方块上：C3 是“Meringue”。');
    expect(coverNeedsTileText('bomb', 'C3', g)).toBe('覆盖物只能放在彩色或随机方块上：C3 是炸弹。');
    expect(coverNeedsTileText('crate', 'C3', CLASSIC_GAME)).toBe('冰块和锁链只能放在彩色或随机方块上：C3 是木箱或特殊方块。');
  });
});

describe("a folder file's problems", () => {
  it('keep their keys and values: the folder lists them in the language (English as before)', async () => {
    const text = JSON.stringify({ format: 'match3-level', version: 1, id: 'l', name: 'L', game: 'nowhere', width: 3, height: 3, moves: 10, colors: 4, seed: 1, cells: [[{}, {}, {}], [{}, {}, {}], [{}, {}, {}]], objectives: [{ type: 'score', target: 100 }] });
    const c = classifyFile('level_1.json', text, [SAGA]);
    if (c.kind !== 'broken') throw new Error('expected a broken file');
    expect(c.problems.shown[0].detail?.key).toBeTruthy();
    const en = fileProblemsWords(c);
    expect(en).toBe(c.problem); // English: the core's message word for word
    await setLocale('zh');
    const zh = fileProblemsWords(c);
    expect(zh).not.toBe(c.problem);
    expect(zh).toContain('nowhere');
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('more than three problems: the first three and how many more, in each language', async () => {
    const c = classifyFile('x.game.json', JSON.stringify({ format: 'match3-game', version: 1, id: 'Bad Id', name: 'B', elements: [{ id: 'red', layer: 'tile' }, { id: 'mud', layer: 'floor' }, { id: 'Up', layer: 'tile' }, { id: 'gem', layer: 'tile', glyph: 'abc' }] }));
    if (c.kind !== 'broken') throw new Error('expected a broken file');
    expect(c.problems.shown).toHaveLength(3);
    expect(c.problems.more).toBeGreaterThan(0);
    expect(fileProblemsWords(c)).toBe(c.problem);
    expect(c.problem).toMatch(/ \(\+\d+\)$/);
    await setLocale('zh');
    expect(fileProblemsWords(c)).toMatch(/（另有 \d+ 个问题）$/);
    expect(fileProblemsWords(c).split('；')).toHaveLength(3);
  });

  it('a record stored before the keys were kept: its English through the message table', async () => {
    expect(fileProblemsWords({ problem: 'moves: must be an integer from 1 to 99' })).toBe('moves: must be an integer from 1 to 99');
    await setLocale('zh');
    expect(fileProblemsWords({ problem: 'moves: must be an integer from 1 to 99' })).toBe('moves: 必须是 1 到 99 之间的整数');
  });
});

describe("the copilot's /help", () => {
  it("on a game level the paint tools name the game's covers and grounds; classic keeps ice, chains and jelly", async () => {
    const { helpText } = await import('../../../src/i18n/chatText.ts');
    const line = (text: string, tool: string) => text.split('\n').find((l) => l.includes('`/' + tool + ' ') || l.includes('`/' + tool + '`')) ?? '';
    expect(line(helpText({ game: 'sweet-saga' }), 'paint_cover')).toContain('put a cover (Liquorice lock) on a cell');
    expect(line(helpText({ game: 'sweet-saga' }), 'paint_ground_region')).toContain('put a ground (Frosting) under a rectangle');
    expect(line(helpText({}), 'paint_cover')).toContain('put ice or a chain on a cell');
    expect(line(helpText(), 'paint_ground')).toContain('put jelly under a cell');
    await setLocale('zh');
    expect(line(helpText({ game: 'sweet-saga' }), 'paint_ground')).toContain('在格子下放地面（Frosting）');
    expect(line(helpText({ game: 'classic' }), 'paint_ground')).toContain('在格子下放果冻');
  });
});

describe("the copilot's /help lists the level's game's own parameters (issue 40)", () => {
  it("a game level's commands take its levers and ratios, never the classic game's", async () => {
    const { loadTools } = await import('../../../src/core/tools/index.ts');
    await loadTools();
    const { helpText } = await import('../../../src/i18n/chatText.ts');
    const game = helpText({ game: 'sweet-saga' });
    for (const classic of ['crate_hp', 'ice_layers', 'chains_removed', 'jelly_layers', 'crate_ratio', 'ice_ratio', 'chain_ratio', 'jelly_ratio']) expect(game).not.toContain(`[${classic}]`);
    expect(game).not.toContain('clear_crates');
    expect(game).toContain('[liquorice_ratio] [frosting_ratio]');
    const adjust = game.split('\n').find((l) => l.includes('`/adjust_difficulty '))!;
    expect(adjust).toContain('[frosting_layers]');
    expect(adjust).toContain('[meringue_hp]');
    // the tools only another game's levels have are listed on its levels, not on classic ones
    expect(game).toContain('`/paint_exit');
    const classic = helpText({});
    expect(classic).not.toContain('`/paint_exit');
    expect(classic.split('\n').find((l) => l.includes('`/adjust_difficulty '))).toContain('[crate_hp] [chains_removed]');
  });
});

describe("the copilot's empty conversation", () => {
  it("its example asks for the game's ground on a game level; classic keeps double jelly", async () => {
    const { emptyChatText } = await import('../../../src/i18n/chatText.ts');
    expect(emptyChatText({ game: 'sweet-saga' })).toContain('two rows of Frosting at the bottom');
    expect(emptyChatText({})).toContain('two rows of double jelly at the bottom');
    await setLocale('zh');
    expect(emptyChatText({ game: 'sweet-saga' })).toContain('底部两行Frosting');
    expect(emptyChatText(null)).toContain('底部两行双层果冻');
  });
});
