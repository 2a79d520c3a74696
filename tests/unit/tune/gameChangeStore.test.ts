// The Tune dialog's store on a tune that moves an emitter (issue 38 item 4, RULES §12.1): the result is a
// change to the level's game, so nothing lands until the designer applies it; then it goes through the
// games store's update (the reviewed, undoable game step the copilot's update_element takes), with the
// levels of the game counted; a game edited since the tune is refused, and Keep drops the change.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelHash, type LevelT } from '../../../src/core/level/index.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { TuningStore } from '../../../src/stores/tuning.svelte.ts';
import type { GamesStore } from '../../../src/stores/games.svelte.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { notice } from '../../../src/core/notice.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const candy = () => read<GameDef>('candy-kingdom.game.json');

beforeAll(() => registerGames([candy()]));
afterAll(() => forgetGames(['candy-kingdom']));

/** A games store that records the updates it is asked for; two levels play Candy Kingdom. */
function fakeGames() {
  const updates: { def: GameDef; label?: string }[] = [];
  const store = {
    levelsOf: (id: string) => (id === 'candy-kingdom' ? [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }] : []),
    update: async (def: GameDef, opts: { label?: string } = {}) => {
      updates.push({ def, label: opts.label });
      registerGames([def]);
      return { ok: true as const, game: def, changedLevels: 0 };
    },
  } as unknown as GamesStore;
  return { store, updates };
}

async function tuned() {
  const editor = new EditorStore();
  const level = read<LevelT>('candy-kingdom/level_2.json');
  editor.open(level);
  const games = fakeGames();
  const store = new TuningStore(editor, () => localRunner(), undefined, undefined, undefined, async () => games.store);
  await store.tune({ target_win_rate: 0.5, tier: 'average', tolerance: 0.05, levers: ['emit_every'] }, notice('tune.undoLabel', { target: '50%' }));
  return { editor, level, store, updates: games.updates };
}

describe('the Tune dialog’s store on a game change', () => {
  it('holds it, counts the game’s levels, and applies it through the games store when the designer says so', async () => {
    const { editor, level, store, updates } = await tuned();
    const r = store.result!;
    expect(store.error).toBeNull();
    expect(r.gameChange).toMatchObject({ id: 'candy-kingdom', changes: [{ element: 'mixer', field: 'every', from: 3 }] });
    expect(r.gamePending).toBe(true);
    expect(r.gameLevels).toBe(2);
    expect(r.applied).toBe(false);
    // nothing landed yet: the level and the game are as they were
    expect(levelHash(editor.level!)).toBe(levelHash(level));
    expect(gameById('candy-kingdom')!.elements.find((e) => e.id === 'mixer')!.emit!.every).toBe(3);
    expect(updates).toEqual([]);

    expect(await store.applyGameChange('Tune: Candy Kingdom')).toBe(true);
    expect(updates).toHaveLength(1);
    expect(updates[0].label).toBe('Tune: Candy Kingdom');
    const to = r.gameChange!.changes[0].to;
    expect(updates[0].def.elements.find((e) => e.id === 'mixer')!.emit!.every).toBe(to);
    expect(store.result).toMatchObject({ gamePending: false, gameApplied: true, applied: false });
    // a second word applies nothing more
    expect(await store.applyGameChange('again')).toBe(false);
    expect(updates).toHaveLength(1);
    registerGames([candy()]);
  }, 180_000);

  it('refuses a game edited since the tune, and Keep drops the change', async () => {
    const { store, updates } = await tuned();
    expect(store.result!.gamePending).toBe(true);
    const edited = candy();
    edited.elements = edited.elements.map((e) => (e.id === 'fountain' ? { ...e, emit: { ...e.emit!, count: 3 } } : e));
    registerGames([edited]);
    expect(await store.applyGameChange('Tune: Candy Kingdom')).toBe(false);
    expect(store.result).toMatchObject({ gamePending: false, gameRefused: 'stale' });
    expect(updates).toEqual([]);
    registerGames([candy()]);

    const again = await tuned();
    again.store.keep();
    expect(again.store.result).toMatchObject({ gamePending: false, kept: true });
    expect(await again.store.applyGameChange('Tune: Candy Kingdom')).toBe(false);
    expect(again.updates).toEqual([]);
  }, 300_000);
});
