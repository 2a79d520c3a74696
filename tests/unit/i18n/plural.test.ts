// Plural forms through the i18n layer: never "1 layers".
import { describe, expect, it } from 'vitest';
import { fill, paramNames } from '../../../src/i18n/format.ts';
import { catalogs } from '../../../src/i18n/catalog/index.ts';

describe('plural forms (Intl.PluralRules)', () => {
  it('picks one/other by the language and puts the number for #', () => {
    const s = 'Ice, {n, plural, one {# layer} other {# layers}}';
    expect(fill(s, { n: 1 }, 'en')).toBe('Ice, 1 layer');
    expect(fill(s, { n: 2 }, 'en')).toBe('Ice, 2 layers');
    expect(fill(s, { n: 0 }, 'en')).toBe('Ice, 0 layers');
  });

  it('keeps plain params beside and inside plural blocks; exact =N forms win', () => {
    const s = '{name}: {left, plural, =0 {no moves} one {# move} other {# moves}} left for {who}';
    expect(fill(s, { name: 'L1', left: 0, who: 'you' }, 'en')).toBe('L1: no moves left for you');
    expect(fill(s, { name: 'L1', left: 1, who: 'you' }, 'en')).toBe('L1: 1 move left for you');
    expect(paramNames(s)).toEqual(['left', 'name', 'who']);
  });

  it('the catalogue says "1 layer", "1 hit", "1 move left" in English', () => {
    const en = catalogs.en;
    expect(fill(en['value.ice'], { n: 1 }, 'en')).toBe('Ice, 1 layer');
    expect(fill(en['value.jelly'], { n: 1 }, 'en')).toBe('Jelly, 1 layer');
    expect(fill(en['value.jelly'], { n: 2 }, 'en')).toBe('Jelly, 2 layers');
    expect(fill(en['cell.crate'], { hp: 1 }, 'en')).toBe('Crate, 1 hit');
    expect(fill(en['cell.crate'], { hp: 2 }, 'en')).toBe('Crate, 2 hits');
    expect(fill(en['play.wonDetail'], { left: 1, score: 90 }, 'en')).toBe('1 move left, score 90.');
    expect(fill(en['rep.sug.starved'], { share: '40%', where: 'the crate at A4', blockers: 1 }, 'en')).toContain('while the crate at A4 stands.');
    expect(fill(en['rep.sug.starved'], { share: '40%', where: 'the crates at A4–I4', blockers: 2 }, 'en')).toContain('while the crates at A4–I4 stand.');
  });

  it('no English string of the catalogue writes "{n} …s" for a count without a plural form', () => {
    const bad = Object.entries(catalogs.en).filter(([, s]) => /\{(n|count|left|cleared|hp|layers)\} (layers|moves|tiles|levels|cells|hits|changes|games)\b/.test(s));
    expect(bad.map(([k]) => k)).toEqual([]);
  });
});

describe('quotes inside quotes', () => {
  it('a value set in “…” that quotes a name itself nests single quotes, in both languages', () => {
    expect(fill('“{objective}”卡住了玩家', { objective: '运送 3 个“Cherry”到出口' }, 'zh')).toBe('“运送 3 个‘Cherry’到出口”卡住了玩家');
    expect(fill('What does “{label}” mean?', { label: 'Paint “Crumbs”' }, 'en')).toBe('What does “Paint ‘Crumbs’” mean?');
  });
  it('a value not set in quotes keeps its own', () => {
    expect(fill('{objective}卡住了玩家', { objective: '运送 3 个“Cherry”到出口' }, 'zh')).toBe('运送 3 个“Cherry”到出口卡住了玩家');
    expect(fill('清除全部{element}', { element: '“Sugar chest”' }, 'zh')).toBe('清除全部“Sugar chest”');
  });
});
