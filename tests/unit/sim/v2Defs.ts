// Version 2 test games for the §12 fidelity tests (RULES §12.1, §12.2, §12.4), written from the
// RULES text. One laboratory game holds an element per behaviour; a test's board uses only the few
// it is about (emitters, spreading and countdowns act only where their pieces are on the board).
import type { GameDef } from '../../../src/core/game/types.ts';

export const LAB2: GameDef = {
  format: 'match3-game',
  version: 2,
  id: 'lab2',
  name: 'Rules lab, version 2',
  elements: [
    // plain pieces
    { id: 'cap', layer: 'tile', damage: [] }, // immune, does not fall: holds refills up under rules 1
    { id: 'box', layer: 'tile', hp: 3 }, // adjacent, blast
    { id: 'ball', layer: 'tile', damage: [], falls: true },
    { id: 'cherry', layer: 'tile', falls: true, exit: true },
    { id: 'frost', layer: 'cover', hp: 2 }, // match, blast
    { id: 'net', layer: 'cover', hp: 2, damage: ['blast'] },
    { id: 'sand', layer: 'ground', hp: 2 }, // cleared, blast
    // §12.1
    { id: 'stone', layer: 'tile', hp: 2, damage: ['blast'], stopsBlasts: true },
    { id: 'plate', layer: 'cover', damage: ['blast'], stopsBlasts: true },
    { id: 'rbox', layer: 'tile', hp: 2, key: 'red' },
    { id: 'rnet', layer: 'cover', key: 'red' },
    { id: 'cb', layer: 'tile', colored: true, countdown: 3, glyph: 'Cb' },
    { id: 'gem', layer: 'tile', colored: true },
    { id: 'bubble', layer: 'cover', fallsWithTile: true },
    { id: 'jcube', layer: 'cover', blocksMatch: true, damage: ['adjacent', 'blast'] },
    // §12.2 effects, counters, gates
    { id: 'lava', layer: 'tile', damage: ['adjacent', 'blast', 'effect'], onDestroy: [{ do: 'hit_neighbours' }] },
    { id: 'lace', layer: 'tile', damage: ['adjacent', 'blast', 'effect'], onHit: [{ do: 'hit_linked' }] },
    { id: 'mud', layer: 'tile', hp: 2, damage: ['effect'] },
    { id: 'moss', layer: 'ground', hp: 2, damage: ['effect'] },
    { id: 'peat', layer: 'ground', hp: 2, damage: ['blast', 'effect'] },
    { id: 'rug', layer: 'ground', damage: ['effect'], spread: 'through-matches' },
    { id: 'skey', layer: 'cover', onDestroy: [{ do: 'tick', counter: 'keys' }] },
    { id: 'chest', layer: 'tile', gate: { counter: 'keys', at: 2 } },
    { id: 'gcov', layer: 'cover', gate: { counter: 'keys', at: 2 } },
    { id: 'gstone', layer: 'tile', stopsBlasts: true, gate: { counter: 'keys', at: 9 } },
    { id: 'gtick', layer: 'tile', gate: { counter: 'keys', at: 1 }, onHit: [{ do: 'tick', counter: 'gh' }], onDestroy: [{ do: 'tick', counter: 'gd' }] },
    { id: 'pkey', layer: 'cover', onDestroy: [{ do: 'hit_all', element: 'safe' }] },
    { id: 'safe', layer: 'tile', hp: 3, damage: ['effect'] },
    { id: 'mkey', layer: 'cover', onDestroy: [{ do: 'hit_all', element: 'moss' }] },
    { id: 'mailbox', layer: 'tile', hp: 5, onHit: [{ do: 'credit', element: 'letter' }] },
    { id: 'letter', layer: 'tile', damage: [] },
    { id: 'ticker', layer: 'tile', hp: 2, onHit: [{ do: 'tick', counter: 'hits' }], onDestroy: [{ do: 'tick', counter: 'gone' }] },
    { id: 'relic', layer: 'tile', falls: true, exit: true, onDestroy: [{ do: 'tick', counter: 'out' }] },
    // emitters and spreading
    { id: 'choc', layer: 'tile' },
    { id: 'fountain', layer: 'tile', damage: [], emit: { element: 'choc', when: 'quiet' } },
    { id: 'spout', layer: 'tile', emit: { element: 'choc', when: 'quiet' } },
    { id: 'mixer', layer: 'tile', hp: 4, emit: { element: 'choc', when: 'every', every: 2, count: 2, where: 'board' } },
    { id: 'sprayer', layer: 'tile', damage: [], emit: { element: 'choc', when: 'every', every: 1, where: 'board' } },
    { id: 'nearer', layer: 'tile', damage: [], emit: { element: 'choc', when: 'every', every: 1, count: 5, where: 'near', radius: 1 } },
    { id: 'gfount', layer: 'tile', damage: [], gate: { counter: 'keys', at: 9 }, emit: { element: 'choc', when: 'quiet' } },
    { id: 'breeder', layer: 'tile', damage: [], emit: { element: 'breeder', when: 'quiet' } },
    { id: 'goo', layer: 'tile', spread: 'when-none-hit' },
    // §12.4 multi-cell
    { id: 'cake', layer: 'tile', size: [2, 2], hp: 8, damage: ['adjacent', 'blast', 'effect'], onDestroy: [{ do: 'hit_all', element: 'lic' }] },
    { id: 'lic', layer: 'tile', damage: ['effect'] },
    { id: 'slab', layer: 'tile', size: [2, 1], hp: 2, damage: ['blast'], stopsBlasts: true, onDestroy: [{ do: 'hit_neighbours' }] },
  ],
};

/** Every counter LAB2 names (RULES §12.2: the snapshot reports each, 0 at the start). */
export const LAB2_COUNTERS = ['gd', 'gh', 'gone', 'hits', 'keys', 'out'];

/** Two emitters of different elements, the second listed first in reading order (RULES §12.5: emitters act in definition order). */
export const ORDER2: GameDef = {
  format: 'match3-game',
  version: 2,
  id: 'order2',
  name: 'Emitters in definition order',
  elements: [
    { id: 'cap', layer: 'tile', damage: [] },
    { id: 'choc', layer: 'tile' },
    { id: 'gum', layer: 'tile' },
    { id: 'early', layer: 'tile', damage: [], emit: { element: 'choc', when: 'quiet' } },
    { id: 'late', layer: 'tile', damage: [], emit: { element: 'gum', when: 'quiet' } },
  ],
};
