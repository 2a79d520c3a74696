// The classic file's spellings (game/classicFormat.ts) are the classic definition's elements, and the
// house rule "elements are data": no code outside the game model (the level model, the simulator, the
// analysis, the tuning, the stores, the UI, the CLI) names a classic element (comments may, as examples,
// and the catalogue's keys and words are data).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { CLASSIC_NONE_KEYS, CLASSIC_SPELLING, CLEAR_CRATES_WORDS, classicHp, elementNoun } from '../../../src/core/game/classicFormat.ts';
import { elementsOn, hpOf } from '../../../src/core/game/elements.ts';
import en from '../../../src/i18n/catalog/en.ts';

// the lazy catalogue parts, each with its `en` strings
const lazyParts = import.meta.glob<{ default: { en: Record<string, string> } }>('../../../src/i18n/catalog/lazy/*.ts', { eager: true });

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

/** The text with its comments blanked out (`//`, block comments, and a .svelte file's HTML comments), newlines kept (so line numbers stay), strings kept. */
function withoutComments(text: string): string {
  const blank = (m: string) => m.replace(/[^\n]/g, '');
  return text
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/\/\*[\s\S]*?\*\/|(['"`])(?:\\.|(?!\1)[^\\\n])*\1|\/\/[^\n]*/g, (m, quote) => (quote ? m : blank(m)));
}

/** The text with every string literal that is a catalogue key, or a key's prefix (`'tune.unit.' + l`), blanked out: words are data. */
function withoutCatalogueKeys(text: string, keys: ReadonlySet<string>, prefixes: ReadonlySet<string>): string {
  return text.replace(/(['"`])([\w.-]+)\1/g, (m, _q, body: string) => (keys.has(body) || prefixes.has(body) ? m.replace(/[^\n]/g, ' ') : m));
}

/** Source files under `dir` (.ts and .svelte). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

/** The `file:line: code` lines of the files under `roots` (but not under `skipped`) whose code names a classic element. */
function namedInCode(roots: readonly string[], skipped: readonly string[], keys: ReadonlySet<string>, prefixes: ReadonlySet<string>, read = (f: string) => readFileSync(f, 'utf8')): string[] {
  const named = /\b(crates?|ice|chains?|jelly)\b/i;
  const found: string[] = [];
  for (const root of roots)
    for (const file of statSync(root).isDirectory() ? sources(root) : [root]) {
      const path = file.split('\\').join('/');
      if (skipped.some((s) => path.startsWith(s))) continue;
      withoutCatalogueKeys(withoutComments(read(file)), keys, prefixes)
        .split('\n')
        .forEach((line, i) => void (named.test(line) && found.push(`${path}:${i + 1}: ${line.trim()}`)));
    }
  return found;
}

describe('elements are data', () => {
  // the game model itself is left out: it defines the classic game; the tuning's lever ids (tune_level's
  // public API) are declared there too, and read elsewhere through its kind table
  const roots = ['src/core', 'src/analysis', 'src/stores', 'src/ui', 'src/cli'];
  const skipped = ['src/core/game/'];
  // every catalogue key (the words of both languages, the lazy parts too) and each key's prefixes
  const keys = new Set([...Object.keys(en), ...Object.values(lazyParts).flatMap((m) => Object.keys(m.default.en))]);
  const prefixes = new Set([...keys].flatMap((k) => k.split('.').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('.') + '.')));

  it('no code outside the game model names a classic element', () => {
    expect(namedInCode(roots, skipped, keys, prefixes)).toEqual([]);
  });

  it('finds a name planted in code, but not in a comment or a catalogue key', () => {
    const file = 'src/core/tune/levers.ts';
    const text = readFileSync(file, 'utf8');
    const plant = (extra: string) => namedInCode([file], [], keys, prefixes, () => `${text}\n${extra}\n`);
    expect(plant("const lever = 'chains';")).toEqual([`${file}:${text.split('\n').length + 1}: const lever = 'chains';`]);
    expect(plant('if (s.crates) return;')).toHaveLength(1);
    expect(plant('// the ice lever')).toEqual([]);
    expect(plant("t('tune.lever.ice');")).toEqual([]);
    expect(plant("t('tune.unit.' + l);")).toEqual([]);
  });

  it('finds one planted in a component, but not in its HTML comments or catalogue keys', () => {
    const file = 'src/ui/analysis/TuneDialog.svelte';
    const text = readFileSync(file, 'utf8');
    const plant = (extra: string) => namedInCode([file], [], keys, prefixes, () => `${text}\n${extra}\n`);
    expect(plant("{#if l === 'jelly'}<b>{t('tune.lever.jelly')}</b>{/if}")).toHaveLength(1);
    expect(plant('<!-- the jelly lever\n reads its unit -->')).toEqual([]);
    expect(plant("<span>{t('ptune.unit.' + l)} {t('tune.lever.ice')}</span>")).toEqual([]);
  });
});
