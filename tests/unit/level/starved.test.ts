// Starved cells (cells no new tile reaches while a blocker stands) and the one warnings list that
// the editor, `match3 validate`, the copilot's prompt and get_level all show.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemPrompt } from '../../../src/ai/prompt.ts';
import { main, type Io } from '../../../src/cli/main.ts';
import { levelWarnings, parseLevelText, reachableCells, serializeLevel, starvedGroups, type LevelT } from '../../../src/core/level/index.ts';
import { warningsOf } from '../../../src/core/sim/checks.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { catalogs } from '../../../src/i18n/catalog/index.ts';
import { level } from '../sim/notation.ts';

function fixture(rules: 1 | 2): LevelT {
  const r = parseLevelText(readFileSync(new URL('../../fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('fixture does not parse');
  return { ...r.level, rules };
}

/** Reached cells as rows of `o` (reached), `-` (starved), `#` (blocker or void). */
function map(l: LevelT, rules: 1 | 2): string {
  const reach = reachableCells(l, rules);
  return l.cells
    .map((row, y) => row.map((c, x) => (c.tile === 'void' || c.tile === 'crate' || c.cover ? '#' : reach[y * l.width + x] ? 'o' : '-')).join(''))
    .join(' / ');
}

describe('starved cells', () => {
  it('version 1: everything under a crate or covered tile; version 2: only what no slide reaches', () => {
    const l = level('? # ? ? / ? ? ? ? / ? ?i1 ? ? / ? ? ? ?');
    expect(map(l, 1)).toBe('o#oo / o-oo / o#oo / o-oo');
    expect(map(l, 2)).toBe('o#oo / oooo / o#oo / oooo');
  });

  it('version 2: under a row of blockers a triangle starves; a slide also feeds what lies below the cell it fills', () => {
    const l = level('? ? ? ? ? / ? #  # # ? / ? ? ? ? ? / ? ? ? ? ? / ? ? ? ? ?');
    expect(map(l, 2)).toBe('ooooo / o###o / oo-oo / ooooo / ooooo');
    // voids are passed through by falls but are no source for a slide
    const v = level('? _ ? / # ? # / ? ? ?');
    expect(map(v, 2)).toBe('o#o / #o# / ooo');
    const w = level('_ # _ / ? ? ? / ? ? ?');
    expect(map(w, 2)).toBe('###' + ' / ' + 'o-o / ooo');
  });

  it('the blocker-heavy fixture: cells are grouped under the blocker run that shades them', () => {
    const g1 = starvedGroups(fixture(1));
    expect(g1.map((g) => `${g.blocker} ${g.blockers.length} ${g.cells.length}`)).toEqual(['crate 1 4', 'crate 1 4', 'crate 1 7', 'crate 1 7', 'ice 7 21']);
    const g2 = starvedGroups(fixture(2));
    expect(g2).toHaveLength(1);
    expect(g2[0]).toMatchObject({ blocker: 'ice', blockers: [{ x: 2, y: 5 }, { x: 3, y: 5 }, { x: 4, y: 5 }, { x: 5, y: 5 }, { x: 6, y: 5 }] });
    expect(g2[0].cells.map((c) => `${c.x},${c.y}`)).toEqual(['2,6', '3,6', '3,7', '4,6', '4,7', '4,8', '5,6', '5,7', '6,6']);
  });

  it('the warning names the cells and the blocker, with detail for the UI in both languages', () => {
    const w1 = levelWarnings(fixture(1)).filter((w) => w.code === 'starved_cells');
    expect(w1).toHaveLength(5);
    expect(w1[4]).toMatchObject({
      path: 'cells[5][1]',
      message: 'no new tiles reach B7–B9, C7–C9, D7–D9, E7–E9, F7–F9, G7–G9, H7–H9 while blocked by the ice at B6–H6',
      detail: { key: 'starved', params: { count: 21, blocker: 'ice', blockers: 7, at: 'B6–H6' } },
    });
    const w2 = levelWarnings(fixture(2)).filter((w) => w.code === 'starved_cells');
    expect(w2.map((w) => w.message)).toEqual([
      'no new tiles reach C7, D7–D8, E7–E9, F7–F8, G7 while blocked by the ice at C6–G6, not even by a diagonal slide',
    ]);
    expect(w2[0].detail?.key).toBe('starvedV2');
    for (const lang of ['en', 'zh'] as const)
      for (const key of ['warn.starved', 'warn.starvedV2', 'blocker.crate', 'blocker.crates', 'blocker.ice', 'blocker.chain', 'blocker.chains']) {
        expect(catalogs[lang][key], `${lang} ${key}`).toBeTruthy();
        if (key.startsWith('warn.')) for (const p of ['{blocker}', '{at}', '{cells}']) expect(catalogs[lang][key]).toContain(p);
      }
  });

  it('no blocker, or blockers with nothing under them: no warning', () => {
    expect(levelWarnings(level('? ? ? / ? ? ? / ? ? ?'))).toEqual([]);
    expect(levelWarnings(level('? ? ? / ? ? ? / #  ?i2 ?c')).filter((w) => w.code === 'starved_cells')).toEqual([]);
  });
});

describe('one warnings list for every caller', () => {
  // no valid first move (painted so nothing can match) and a starved column
  const stuck = level('R G B / # Y R / G B G', { rules: 1 });

  it('warningsOf adds the engine\'s check to the level\'s own warnings', () => {
    expect(warningsOf(stuck).map((w) => w.code)).toEqual(['starved_cells', 'no_first_move']);
  });

  it('match3 validate prints them', async () => {
    const err: string[] = [];
    const io: Io = { out: () => {}, err: (l) => err.push(l), readFile: async () => serializeLevel(stuck) };
    expect(await main(['validate', 's.json'], io)).toBe(0);
    expect(err).toEqual([
      's.json: warning: cells[1][0]: no new tiles reach A3 while blocked by the crate at A2',
      's.json: warning: (level): the start board has no valid move: the game opens with a reshuffle',
    ]);
  });

  it('the copilot\'s prompt and get_level show the same list', async () => {
    const prompt = systemPrompt(stuck);
    const r = await runTool(stuck, 'get_level', {});
    for (const w of warningsOf(stuck)) {
      expect(prompt).toContain(w.message);
      expect(r.ok && r.summary).toContain(w.message);
    }
    expect(prompt).toContain('rules version 1');
  });
});
