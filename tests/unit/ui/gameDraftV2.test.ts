// The game editor's version 2 form logic (issue 41): §12.1 fields read and written back, the automatic
// turn to version 2 and back, a v1 game unchanged byte for byte, effects as a list, counters picked,
// §12's messages placed beside their fields, and items that take no damage (issue 40).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGame, serializeGame } from '../../../src/core/game/schema.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { addElement, backToVersion1, draftVersion, fieldProblems, flagOn, gameDraft, isMultiCell, setElementId, setExit, setLayer, staticFlagsOff, toDef, toggleDamage } from '../../../src/ui/games/gameDraft.ts';
import { addEffect, countersOf, moveEffect, removeEffect, setEffectKind, setEmitted, setGate } from '../../../src/ui/games/gameDraftV2.ts';

const read = (f: string) => JSON.parse(readFileSync(`examples/games/${f}.game.json`, 'utf8')) as GameDef;
const canonical = (g: GameDef) => {
  const r = parseGame(g);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return serializeGame(r.game);
};
const saved = (d: ReturnType<typeof gameDraft>) => canonical(toDef(d));

describe('game draft, version 2', () => {
  it('gives back every example game byte for byte when nothing is edited (v1 stays v1, v2 stays v2)', () => {
    for (const f of ['sweet-saga', 'home-garden', 'candy-kingdom', 'royal-castle']) {
      const g = read(f);
      expect(saved(gameDraft(g, 'edit')), f).toBe(canonical(g));
    }
    expect(toDef(gameDraft(read('sweet-saga'), 'edit')).version).toBe(1);
    expect(toDef(gameDraft(read('royal-castle'), 'edit')).version).toBe(2);
  });

  it('turns a version 1 game into version 2 when a §12 field is first set, and back with Keep version 1', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    expect(draftVersion(d)).toEqual({ version: 1, upgraded: false });
    d.elements[0].v2.stopsBlasts = true;
    expect(draftVersion(d)).toEqual({ version: 2, upgraded: true });
    expect(parseGame(toDef(d)).ok).toBe(true);
    backToVersion1(d);
    expect(draftVersion(d)).toEqual({ version: 1, upgraded: false });
    expect(saved(d)).toBe(canonical(read('sweet-saga')));
    // the event `effect` is version 2 too
    toggleDamage(d.elements[0], 'effect', true);
    expect(draftVersion(d).upgraded).toBe(true);
  });

  it('writes a countdown piece, an emitter, effects and a gate that parse as RULES §12 says', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const bomb = d.elements[addElement(d, 'Candy bomb')];
    bomb.v2.colored = true;
    bomb.v2.countdown = '9';
    bomb.hp = '3'; // hidden for a coloured piece: not written
    const fountain = d.elements[addElement(d, 'Fountain')];
    setEmitted(fountain.v2, 'chocolate');
    fountain.v2.emit!.when = 'every';
    fountain.v2.emit!.every = '3';
    fountain.v2.emit!.where = 'near';
    const key = d.elements[addElement(d, 'Key')];
    setLayer(key, 'cover');
    const j = addEffect(key.v2, 'onDestroy');
    setEffectKind(key.v2, 'onDestroy', j, 'tick', d.elements, countersOf(d.elements.map((e) => e.v2)));
    key.v2.onDestroy[j].counter = 'keys';
    addEffect(key.v2, 'onDestroy');
    setEffectKind(key.v2, 'onDestroy', 1, 'hit_all', d.elements, []);
    expect(key.v2.onDestroy[1].element).toBe('chocolate'); // the first element that fits
    expect(moveEffect(key.v2, 'onDestroy', 1, -1)).toBe(true);
    expect(key.v2.onDestroy.map((fx) => fx.do)).toEqual(['hit_all', 'tick']);
    const chest = d.elements[addElement(d, 'Chest')];
    expect(countersOf(d.elements.map((e) => e.v2))).toEqual(['keys']);
    setGate(chest.v2, 'keys');
    chest.v2.gate!.at = '3';
    const r = parseGame(toDef(d));
    expect(r.ok).toBe(true);
    const g = (r as { game: GameDef }).game;
    expect(g.version).toBe(2);
    const byId = (id: string) => g.elements.find((e) => e.id === id)!;
    expect(byId('candy_bomb')).toMatchObject({ colored: true, countdown: 9 });
    expect(byId('candy_bomb').hp).toBeUndefined();
    expect(byId('fountain').emit).toEqual({ element: 'chocolate', when: 'every', every: 3, where: 'near' });
    expect(byId('key').onDestroy).toEqual([{ do: 'hit_all', element: 'chocolate' }, { do: 'tick', counter: 'keys' }]);
    expect(byId('chest').gate).toEqual({ counter: 'keys', at: 3 });
    // the key's effects removed: the gate names a counter no element ticks, said beside the gate's counter
    removeEffect(key.v2, 'onDestroy', 1);
    removeEffect(key.v2, 'onDestroy', 0);
    const p = fieldProblems(d);
    const ci = d.elements.indexOf(chest);
    expect(p.elements[ci]['gate.counter']).toEqual(['no element ticks "keys"']);
  });

  it('places §12 messages beside the part they name (emitter, effect element, size, hp of a multi-cell piece)', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const i = addElement(d, 'Cake');
    const cake = d.elements[i];
    cake.v2.size = ['2', '9'];
    cake.hp = '30';
    setEmitted(cake.v2, 'chocolate');
    cake.v2.emit!.every = '4'; // with "quiet": refused
    const p = fieldProblems(d).elements[i];
    expect(p['size[1]']).toEqual(['must be 1..4']);
    cake.v2.size = ['2', '2'];
    const q = fieldProblems(d).elements[i];
    expect(q.hp).toEqual(['must be 1..20']);
    expect(q['emit.every']).toBeUndefined(); // not written unless "every"
    cake.v2.emit!.where = 'board';
    cake.v2.emit!.radius = '3';
    expect(fieldProblems(d).elements[i]['emit.radius']).toBeUndefined(); // radius only written with "near"
    cake.hp = '8';
    cake.v2.emit!.element = 'frosting';
    expect(fieldProblems(d).elements[i]['emit.element']?.[0]).toMatch(/not a tile element/);
  });

  it('a size over 1 × 1 turns off what a multi-cell piece cannot have, says which, and gives it back at 1 × 1 (RULES §12.4)', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const ci = d.elements.findIndex((e) => e.id === 'chocolate');
    const choc = d.elements[ci]; // a spreading tile
    choc.falls = choc.swappable = true;
    expect(isMultiCell(choc)).toBe(false);
    expect(staticFlagsOff(choc)).toEqual([]);
    choc.v2.size = ['2', '2'];
    expect(isMultiCell(choc)).toBe(true);
    expect(staticFlagsOff(choc)).toEqual(['falls', 'swappable', 'spread']);
    expect(['falls', 'swappable', 'exit', 'spread'].map((f) => flagOn(choc, f as 'falls'))).toEqual([false, false, false, false]);
    // written without them: the game parses (it was refused: `not with "size"` beside each field)
    expect(fieldProblems(d).ok).toBe(true);
    const out = toDef(d).elements[ci];
    expect(out).toMatchObject({ size: [2, 2], falls: false, swappable: false, exit: false });
    expect(out.spread).toBeUndefined();
    // the draft keeps them: back at 1 × 1, they are written again
    choc.v2.size = ['1', '1'];
    expect(staticFlagsOff(choc)).toEqual([]);
    expect(toDef(d).elements[ci]).toMatchObject({ falls: true, swappable: true, spread: 'when-none-hit' });
    // an item brought down to exits: a size turns the exit off, and its damage list is written as typed
    const cherry = d.elements.find((e) => e.id === 'cherry')!;
    expect(cherry.exit).toBe(true);
    cherry.v2.size = ['2', '1'];
    expect(staticFlagsOff(cherry)).toEqual(['falls', 'exit']);
    expect(fieldProblems(d).ok).toBe(true);
    // a coloured piece is never multi-cell (its size is not written)
    choc.v2.size = ['3', '3'];
    choc.v2.colored = true;
    expect(isMultiCell(choc)).toBe(false);
  });

  it('follows an id typed anew in the effects and emitters that name it', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const i = addElement(d, 'Fountain');
    setEmitted(d.elements[i].v2, 'chocolate');
    setElementId(d, 0, 'choc');
    expect(d.elements[i].v2.emit!.element).toBe('choc');
  });

  it('drops version 2 fields another layer cannot have', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const e = d.elements[addElement(d, 'Box')];
    e.v2.colored = true;
    e.v2.stopsBlasts = true;
    addEffect(e.v2, 'onHit');
    setLayer(e, 'ground');
    expect(e.v2.colored || e.v2.stopsBlasts || e.v2.onHit.length).toBeFalsy();
    expect(draftVersion(d).version).toBe(1);
  });

  it('an item takes no damage: ticking Brought down to exits writes no damage list (issue 40)', () => {
    const d = gameDraft(read('sweet-saga'), 'edit');
    const e = d.elements[addElement(d, 'Nut')];
    toggleDamage(e, 'adjacent', false);
    e.falls = true;
    setExit(e, true);
    const r = parseGame(toDef(d));
    expect(r.ok && r.game.elements.at(-1)!.damage).toBeUndefined();
  });
});
