// The level list's view of the catalogue (search by name or number, filters, sort, selection) and the
// editor's bounded histories for levels that are not open.
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { summarize } from '../../../src/core/catalogue/summary.ts';
import { CatalogueStore } from '../../../src/stores/catalogue.svelte.ts';
import { LevelListStore, type LevelBadge } from '../../../src/stores/levelList.svelte.ts';
import { CLOSED_HISTORIES, CLOSED_STEPS, EditorStore } from '../../../src/stores/editor.svelte.ts';

function catalogue() {
  const cat = new CatalogueStore();
  const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
  const levels = names.map((name, i) => createLevel({ id: `l${i}`, name }));
  cat.load(
    [
      { id: 'p1', name: 'One', levelIds: ['l0', 'l1', 'l2'] },
      { id: 'p2', name: 'Two', levelIds: ['l3', 'l4', 'l5'] },
    ],
    levels.map((l) => summarize(l)),
  );
  const badges: Record<string, LevelBadge> = {
    l1: { winRate: 0.9, difficulty: 'easy', stale: false },
    l4: { winRate: 0.2, difficulty: 'very hard', stale: false },
    l5: { winRate: 0.5, difficulty: 'medium', stale: true },
  };
  return { cat, list: new LevelListStore(cat, (id) => badges[id] ?? null) };
}

describe('the level list', () => {
  it('numbers levels across packs, finds by name or number, filters and sorts', () => {
    const { cat, list } = catalogue();
    expect(cat.atNumber(4)).toBe('l3');
    expect(cat.placeOf.get('l4')).toMatchObject({ packId: 'p2', index: 1, number: 5 });
    list.query = 'ta';
    expect(list.matches.map((p) => p.id)).toEqual(['l1', 'l3', 'l5']); // Beta, Delta, Zeta
    list.query = '5';
    expect(list.matches.map((p) => p.id)).toEqual(['l4']);
    list.query = '';
    list.filters = { pack: 'p2', difficulty: '', analysis: 'all', game: '' };
    expect(list.matches.map((p) => p.id)).toEqual(['l3', 'l4', 'l5']);
    list.filters = { pack: '', difficulty: '', analysis: 'stale', game: '' }; // never analysed, or changed since
    expect(list.matches.map((p) => p.id)).toEqual(['l0', 'l2', 'l3', 'l5']);
    list.filters = { pack: '', difficulty: 'none', analysis: 'all', game: '' };
    expect(list.matches.map((p) => p.id)).toEqual(['l0', 'l2', 'l3', 'l5']);
    list.filters = { pack: '', difficulty: 'very hard', analysis: 'all', game: '' };
    expect(list.matches.map((p) => p.id)).toEqual(['l4']);
    list.filters = { pack: '', difficulty: '', analysis: 'all', game: '' };
    list.sort = 'difficulty';
    expect(list.matches.map((p) => p.id).slice(0, 3)).toEqual(['l1', 'l5', 'l4']); // easiest measured first
    list.sort = 'name';
    expect(list.rows.map((r) => r.id)).toEqual(['l0', 'l1', 'l3', 'l4', 'l2', 'l5']);
    list.sort = 'position';
    expect(list.rows.map((r) => r.kind)).toEqual(['pack', 'level', 'level', 'level', 'pack', 'level', 'level', 'level']);
  });

  it('filters by game: the games in use, classic for a level without one; a level that changes game moves in or out', () => {
    const { cat, list } = catalogue();
    expect(list.gamesInUse).toEqual(['classic']); // one game: the list offers no game filter
    const game = (id: string, g: string | undefined, hash: string) => ({ ...cat.summaries.get(id)!, game: g, hash });
    cat.putMany([game('l1', 'sweet', 'h1'), game('l4', 'sweet', 'h4'), game('l5', 'garden', 'h5')]);
    expect(list.gamesInUse).toEqual(['classic', 'sweet', 'garden']);
    list.filters = { pack: '', difficulty: '', analysis: 'all', game: 'sweet' };
    expect(list.narrowed).toBe(true);
    expect(list.matches.map((p) => p.id)).toEqual(['l1', 'l4']);
    expect(list.rows.filter((r) => r.kind === 'level').map((r) => r.id)).toEqual(['l1', 'l4']);
    list.filters = { pack: 'p2', difficulty: '', analysis: 'all', game: 'sweet' }; // with the other filters
    expect(list.matches.map((p) => p.id)).toEqual(['l4']);
    list.filters = { pack: '', difficulty: '', analysis: 'all', game: 'classic' };
    expect(list.matches.map((p) => p.id)).toEqual(['l0', 'l2', 'l3']);
    cat.put(game('l0', 'garden', 'h0')); // the level's game was changed (its hash with it)
    expect(list.matches.map((p) => p.id)).toEqual(['l2', 'l3']);
    list.filters = { pack: '', difficulty: '', analysis: 'all', game: 'garden' };
    expect(list.matches.map((p) => p.id)).toEqual(['l0', 'l5']);
    cat.putMany([game('l1', undefined, 'h1b'), game('l4', undefined, 'h4b')]);
    expect(list.gamesInUse).toEqual(['garden', 'classic']);
  });

  it('selects by click, Ctrl-click and Shift-click (a range in list order) and all matching', () => {
    const { list } = catalogue();
    list.select('l1', 'only');
    expect(list.multi).toBe(false);
    list.select('l4', 'range');
    expect([...list.selected]).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(list.multi).toBe(true);
    list.select('l2', 'toggle');
    expect(list.selectedInOrder()).toEqual(['l1', 'l3', 'l4']);
    list.query = 'a';
    list.selectAllMatching();
    expect(list.selectedInOrder()).toEqual(['l0', 'l1', 'l2', 'l3', 'l5']);
  });

  it('a rename changes the list’s shape; a content edit only its hashes', () => {
    const { cat } = catalogue();
    const shape = cat.shape;
    const l = createLevel({ id: 'l0', name: 'Alpha', moves: 40 });
    cat.put(summarize(l));
    expect(cat.shape).toBe(shape);
    cat.put(summarize({ ...l, name: 'Renamed' }));
    expect(cat.shape).toBe(shape + 1);
  });
});

describe('undo history of levels that are not open', () => {
  it('keeps the last steps of each closed level, for a bounded number of levels', () => {
    const editor = new EditorStore();
    const levels = Array.from({ length: CLOSED_HISTORIES + 20 }, (_, i) => createLevel({ id: `h${i}`, name: `H${i}` }));
    editor.open(levels[0]);
    for (let m = 0; m < CLOSED_STEPS + 50; m++) editor.transact('Moves', [{ tool: 'set_move_limit', args: { moves: 10 + (m % 100) + (m >= 100 ? 1 : 0) } }]);
    expect(editor.historyOf('h0').entries.length).toBeGreaterThan(CLOSED_STEPS);
    editor.open(levels[1]);
    expect(editor.historyOf('h0').entries.length).toBe(CLOSED_STEPS);
    for (const l of levels.slice(2)) {
      editor.open(l);
      editor.transact('Moves', [{ tool: 'set_move_limit', args: { moves: 50 } }]);
    }
    expect(editor.historyCount).toBeLessThanOrEqual(CLOSED_HISTORIES + 1);
  });
});
