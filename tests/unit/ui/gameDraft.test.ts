import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { addElement, fieldProblems, freeGameId, freeId, gameDraft, keepUnchanged, moveElement, removeElement, renameElement, replacementsFor, setLayer, toDef, toggleDamage } from '../../../src/ui/games/gameDraft.ts';

const SWEET = JSON.parse(readFileSync('examples/games/sweet-saga.game.json', 'utf8')) as GameDef;

describe('game draft', () => {
  it('gives back the stored game unchanged (canonical) when nothing is edited', () => {
    const r = parseGame(toDef(gameDraft(SWEET, 'edit')));
    expect(r.ok && r.game).toEqual(parseGame(SWEET).ok && (parseGame(SWEET) as { game: GameDef }).game);
  });

  it('adds elements whose id follows the name until typed, never repeating an id', () => {
    const d = gameDraft(SWEET, 'edit');
    const i = addElement(d, 'Element');
    renameElement(d, i, 'Chocolate');
    expect(d.elements[i].id).toBe('chocolate_2');
    renameElement(d, i, 'Dark toffee!');
    expect(d.elements[i].id).toBe('dark_toffee');
    expect(d.elements[i].glyph).toBe('D');
    const j = addElement(d, 'Another');
    expect(d.elements[j].color).not.toBe(d.elements[i].color);
    d.elements[i].idFromName = false;
    renameElement(d, i, 'Other');
    expect(d.elements[i].id).toBe('dark_toffee');
    expect(fieldProblems(d).ok).toBe(true);
    expect(freeId('9 lives', [])).toBe('lives');
    expect(freeId('***', [])).toBe('element');
    expect(freeGameId('classic', ['classic'])).toBe('classic-2');
  });

  it('a spreading chocolate, a blast-only cover and a cherry brought down to exits make a valid game', () => {
    const d = gameDraft({ ...SWEET, elements: [SWEET.elements[3]] }, 'edit');
    const choc = addElement(d, 'Dark chocolate');
    d.elements[choc].spread = true;
    const liq = addElement(d, 'Liquorice');
    setLayer(d.elements[liq], 'cover');
    toggleDamage(d.elements[liq], 'match', false);
    const cherry = addElement(d, 'Cherry');
    Object.assign(d.elements[cherry], { falls: true, exit: true });
    const r = parseGame(toDef(d));
    expect(r.ok).toBe(true);
    const els = (r as { game: GameDef }).game.elements;
    expect(els[1]).toMatchObject({ id: 'dark_chocolate', spread: 'when-none-hit' });
    expect(els[2]).toMatchObject({ id: 'liquorice', layer: 'cover', damage: ['blast'] });
    expect(els[3]).toMatchObject({ id: 'cherry', exit: true, falls: true });
  });

  it('places each problem beside its field, typed values included', () => {
    const d = gameDraft(SWEET, 'edit');
    d.elements[1].hp = '9';
    d.elements[2].hp = 'two';
    d.elements[0].glyph = '';
    d.name = '';
    const p = fieldProblems(d);
    expect(p.ok).toBe(false);
    expect(p.elements[1].hp?.[0]).toMatch(/1\.\.5/);
    expect(p.elements[2].hp).toHaveLength(1);
    expect(p.elements[0].glyph?.[0]).toMatch(/1\.\.2 characters/);
    expect(p.game.name?.[0]).toMatch(/1\.\.80/);
    expect(p.elements[4]).toEqual({});
    const twice = gameDraft(SWEET, 'edit');
    twice.elements[3].id = 'chocolate';
    expect(fieldProblems(twice).elements[3].id?.[0]).toMatch(/repeats the id of elements\[0\]/);
  });

  it('a new layer takes its own damage list and drops what it may not have', () => {
    const d = gameDraft(SWEET, 'edit');
    const cherry = d.elements[2];
    setLayer(cherry, 'ground');
    expect(cherry).toMatchObject({ damage: ['cleared', 'blast'], falls: false, exit: false, swappable: false });
    setLayer(d.elements[0], 'cover');
    expect(d.elements[0].spread).toBe(false);
    toggleDamage(cherry, 'blast', false);
    toggleDamage(cherry, 'blast', true);
    expect(cherry.damage).toEqual(['cleared', 'blast']);
    expect(fieldProblems(d).ok).toBe(true);
  });

  it('moves, removes and replaces: a removed element used by levels maps to one of the same layer', () => {
    const d = gameDraft(SWEET, 'edit');
    expect(moveElement(d, 0, -1)).toBe(false);
    expect(moveElement(d, 0, 1)).toBe(true);
    expect(d.elements.map((e) => e.id).slice(0, 2)).toEqual(['liquorice', 'chocolate']);
    const choc = d.elements.findIndex((e) => e.id === 'chocolate');
    expect(replacementsFor(d, choc).map((e) => e.id)).toEqual(['cherry', 'meringue']);
    removeElement(d, choc, 'meringue');
    expect(d.replace).toEqual({ chocolate: 'meringue' });
    expect(d.elements.map((e) => e.id)).not.toContain('chocolate');
  });

  it('classic reads as a draft of its own and a copy of it is a valid new game', () => {
    const d = gameDraft(CLASSIC_GAME, 'readonly');
    expect(d.elements.map((e) => e.id)).toEqual(['crate', 'ice', 'chain', 'jelly']);
    expect(fieldProblems(d).game['id']?.[0]).toMatch(/built-in/);
    d.id = 'my-classic';
    expect(parseGame(toDef(d)).ok).toBe(true);
  });

  it('keepUnchanged: rows whose problems did not change keep their object; a changed row and the rows a change reaches get new ones', () => {
    const d = gameDraft(SWEET, 'edit');
    const first = fieldProblems(d);
    // nothing changed: every row, and the game's own problems, the same objects as before
    const again = keepUnchanged(fieldProblems(d), first);
    again.elements.forEach((row, i) => expect(row).toBe(first.elements[i]));
    expect(again.game).toBe(first.game);
    expect(again.ok).toBe(true);

    // a wrong value in row 1: that row is a new object with its problem, the others stay as they were
    d.elements[1].hp = '9';
    const typed = keepUnchanged(fieldProblems(d), again);
    expect(typed.ok).toBe(false);
    expect(typed.elements[1]).not.toBe(again.elements[1]);
    expect(typed.elements[1].hp?.[0]).toMatch(/1\.\.5/);
    for (const i of [0, 2, 3, 4]) expect(typed.elements[i]).toBe(again.elements[i]);
    expect(typed.game).toBe(again.game);

    // another keystroke that leaves row 1's problem as it was (still out of range): nothing new
    d.elements[1].hp = '8';
    const same = keepUnchanged(fieldProblems(d), typed);
    same.elements.forEach((row, i) => expect(row).toBe(typed.elements[i]));

    // row 0's id typed as row 3's: the problem lands on row 3, which was not edited — it updates too
    d.elements[0].id = d.elements[3].id;
    const clash = keepUnchanged(fieldProblems(d), same);
    expect(clash.elements[3]).not.toBe(same.elements[3]);
    expect(clash.elements[3].id?.[0]).toMatch(/repeats the id of elements\[0\]/);
    expect(clash.elements[1]).toBe(same.elements[1]);
    expect(clash.elements[2]).toBe(same.elements[2]);
    // row 0 says the same as before (no problem of its own): it keeps its object although it was edited
    expect(clash.elements[0]).toEqual({});
    expect(clash.elements[0]).toBe(same.elements[0]);

    // the clash and the wrong value undone: rows 1 and 3 come back empty, as new objects, and ok again
    d.elements[0].id = SWEET.elements[0].id;
    d.elements[1].hp = '1';
    const fixed = keepUnchanged(fieldProblems(d), clash);
    expect(fixed.ok).toBe(true);
    expect(fixed.elements[3]).toEqual({});
    expect(fixed.elements[3]).not.toBe(clash.elements[3]);
    expect(fixed.elements[1]).toEqual({});
    expect(fixed.elements[1]).not.toBe(clash.elements[1]);
    expect(fixed.elements[0]).toBe(clash.elements[0]);

    // the game's own problems: a new object when they change, kept while they say the same
    d.name = '';
    const noName = keepUnchanged(fieldProblems(d), fixed);
    expect(noName.game).not.toBe(fixed.game);
    expect(noName.game.name?.[0]).toMatch(/1\.\.80/);
    expect(keepUnchanged(fieldProblems(d), noName).game).toBe(noName.game);

    // a row added or removed: rows past the previous list are new; the list follows the draft's length
    const i = addElement(d, 'Toffee');
    const grown = keepUnchanged(fieldProblems(d), noName);
    expect(grown.elements).toHaveLength(d.elements.length);
    expect(grown.elements[i]).toEqual({});
    removeElement(d, i);
    removeElement(d, 4);
    const shrunk = keepUnchanged(fieldProblems(d), grown);
    expect(shrunk.elements).toHaveLength(4);
    shrunk.elements.forEach((row, j) => expect(row).toBe(grown.elements[j]));
  });

  it('keepUnchanged: a message that changes its words (not its count) gives the row a new object', () => {
    const d = gameDraft(SWEET, 'edit');
    d.elements[2].hp = '9';
    const before = fieldProblems(d);
    d.elements[2].hp = 'x';
    const after = keepUnchanged(fieldProblems(d), before);
    expect(after.elements[2].hp).toHaveLength(before.elements[2].hp!.length);
    expect(after.elements[2].hp).not.toEqual(before.elements[2].hp);
    expect(after.elements[2]).not.toBe(before.elements[2]);
  });
});
