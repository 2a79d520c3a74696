// The classic file's spellings (game/classicFormat.ts) are the classic definition's elements, and the
// house rule "elements are data": the level model, the simulator and the analysis name no classic
// element in code (comments may, as examples).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { CLASSIC_NONE_KEYS, CLASSIC_SPELLING, CLEAR_CRATES_WORDS, classicHp, elementNoun } from '../../../src/core/game/classicFormat.ts';
import { elementsOn, hpOf } from '../../../src/core/game/elements.ts';

describe('the classic file format', () => {
  it('spells the classic definition\'s elements by layer and hit points', () => {
    const ids = (layer: 'tile' | 'cover' | 'ground', several?: boolean) =>
      elementsOn(CLASSIC_GAME, layer).filter((e) => several === undefined || (hpOf(e) > 1) === several).map((e) => e.id);
    expect(ids('tile')).toEqual([CLASSIC_SPELLING.tile]);
    expect(ids('cover', true)).toEqual([CLASSIC_SPELLING.layeredCover]);
    expect(ids('cover', false)).toEqual([CLASSIC_SPELLING.plainCover]);
    expect(ids('ground')).toEqual([CLASSIC_SPELLING.ground]);
    expect(Object.keys(CLASSIC_NONE_KEYS).sort()).toEqual([CLASSIC_SPELLING.ground, CLASSIC_SPELLING.layeredCover, CLASSIC_SPELLING.plainCover].sort());
    expect(classicHp(CLASSIC_SPELLING.layeredCover)).toBe(3);
    expect(classicHp(CLASSIC_SPELLING.ground)).toBe(2);
    expect(() => classicHp('fudge')).toThrow('no classic element "fudge"');
  });

  it('keeps §1\'s words', () => {
    expect(CLEAR_CRATES_WORDS.objective).toBe('clear all crates');
    expect(CLEAR_CRATES_WORDS.none).toBe('clear crates: the board has no crates');
    expect(CLEAR_CRATES_WORDS.missing('sweet-saga')).toBe('game "sweet-saga" has no tile element "crate"');
    expect([elementNoun('crate', 1), elementNoun('crate', 2), elementNoun('ice', 3), elementNoun('chain', 2)]).toEqual(['crate', 'crates', 'ice', 'chains']);
  });
});

/** The text with its comments blanked out, newlines kept (so line numbers stay), strings kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|(['"`])(?:\\.|(?!\1)[^\\\n])*\1|\/\/[^\n]*/g, (m, quote) => (quote ? m : m.replace(/[^\n]/g, '')));
}

/** Source files under `dir` (.ts and .svelte). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

describe('elements are data', () => {
  // the game model itself, and the tuning (whose lever ids are tune_level's public API), are left out
  const roots = ['src/core', 'src/analysis', 'src/stores/playView.ts'];
  const skipped = ['src/core/game/', 'src/core/tune/'];
  it('no code of the level model, the simulator or the analysis names a classic element', () => {
    const named = /\b(crates?|ice|chains?|jelly)\b/i;
    const found: string[] = [];
    for (const root of roots)
      for (const file of statSync(root).isDirectory() ? sources(root) : [root]) {
        if (skipped.some((s) => file.split('\\').join('/').startsWith(s))) continue;
        withoutComments(readFileSync(file, 'utf8'))
          .split('\n')
          .forEach((line, i) => void (named.test(line) && found.push(`${file}:${i + 1}: ${line.trim()}`)));
      }
    expect(found).toEqual([]);
  });
});
