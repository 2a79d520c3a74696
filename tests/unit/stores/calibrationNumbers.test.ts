import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { CalibrationStore } from '../../../src/stores/calibration.svelte.ts';
import { listFiguresOf } from '../../../src/stores/calibrationList.svelte.ts';
import { FEATURES } from '../../../src/core/calibration/features.ts';

/** Two packs: Alpha, Beta in the first; Gamma, Delta in the second (catalogue numbers 1–4). */
async function workspace() {
  const ws = new Workspace();
  const levels = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name, i) => createLevel({ id: `l${i + 1}`, name }));
  const storage = memoryStorage({ packs: [{ id: 'p1', name: 'One', levelIds: ['l1', 'l2'] }, { id: 'p2', name: 'Two', levelIds: ['l3', 'l4'] }], levels });
  await ws.startWith(storage);
  return { ws, levels, storage };
}

const p = FEATURES.length;
const modelFile = () =>
  JSON.stringify({
    format: 'match3-calibration', version: 1, created: '2026-11-25T00:00:00.000Z', rulesVersion: 2, botsVersion: 1, games: 1000,
    features: [...FEATURES], mean: new Array(p).fill(0), sd: new Array(p).fill(1), intercept: -0.5, coefficients: [0, 1, 0, 0, 0, 0, 0],
    covariance: Array.from({ length: p + 1 }, (_, i) => Array.from({ length: p + 1 }, (_, j) => (i === j ? 0.01 : 0))), tau2: 0.1, lambda: 1,
    report: { useful: true, cvMae: 0.03, baselineMae: 0.1, levels: 20, folds: 10 }, data: [],
  });

describe('player data: a number is the level\'s number in the whole catalogue (as Go to level counts)', () => {
  it('imports the open pack\'s rows by catalogue number, counts the rows of other packs\' levels, lists unknown keys', async () => {
    const { ws, levels } = await workspace();
    const pack2 = [levels[2], levels[3]];
    await ws.calibration.importCsv('number,attempts,wins\n3,1000,400\n1,500,100\n9,100,10\n4,2000,1500\n', 'live.csv', pack2);
    expect(ws.calibration.error).toBeNull();
    // 3 and 4 are Gamma and Delta (the second pack's first and second level), not the pack's positions 1 and 2
    expect(Object.keys(ws.calibration.playerData).sort()).toEqual(['l3', 'l4']);
    expect(ws.calibration.playerData.l3).toMatchObject({ attempts: 1000, successes: 400 });
    expect(ws.calibration.note).toMatchObject({ matched: 2, elsewhere: 1 });
    expect(ws.calibration.note!.unmatched.map((u) => u.key)).toEqual(['9']);
  });

  it('matches names against the open pack first when another pack has a level of the same name', async () => {
    const ws = new Workspace();
    const a = createLevel({ id: 'a', name: 'Same' }), b = createLevel({ id: 'b', name: 'Same' });
    await ws.startWith(memoryStorage({ packs: [{ id: 'p1', name: 'One', levelIds: ['a'] }, { id: 'p2', name: 'Two', levelIds: ['b'] }], levels: [a, b] }));
    await ws.calibration.importCsv('name,attempts,wins\nSame,100,50\n', 'live.csv', [b]);
    expect(Object.keys(ws.calibration.playerData)).toEqual(['b']);
  });
});

describe('the list badge\'s figures', () => {
  it('are the bots\' until chosen; the choice is kept on the device; players\' figures need a calibration', async () => {
    const { ws, storage, levels } = await workspace();
    const cal = ws.calibration;
    await cal.load();
    expect(cal.listFigures).toBe('bot');
    cal.setListFigures('players');
    // no calibration yet: the list keeps the bots' badge
    expect(cal.listShowsPlayers).toBe(false);
    await cal.importCsv('id,attempts,wins\nl1,1000,250\n', 'live.csv', [levels[0], levels[1]]);
    expect(listFiguresOf(cal).figuresAt('l1', levelHash(levels[0]))).toBeNull(); // data, but no calibration to show it against
    expect(await cal.importModel(modelFile())).toBe(true);
    expect(cal.listShowsPlayers).toBe(true);
    expect(listFiguresOf(cal).figuresAt('l1', levelHash(levels[0]))).toMatchObject({ passRate: 0.25, measured: true });
    // no data and no cached analyses: no figure (nothing is simulated for the list)
    expect(listFiguresOf(cal).figuresAt('l2', levelHash(levels[1]))).toBeNull();

    await new Promise((r) => setTimeout(r, 20)); // the setting's write
    const again = new CalibrationStore(() => storage, () => ws.runner);
    await again.load();
    expect(again.listFigures).toBe('players');
    expect(again.listShowsPlayers).toBe(true);
  });
});
