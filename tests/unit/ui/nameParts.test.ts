// Issue 34, item 6: names are cut where they are alike, not where they differ.
import { describe, expect, it } from 'vitest';
import { nameParts } from '../../../src/ui/common/nameParts.ts';

describe('a long name keeps its end', () => {
  it('a series differing at the end keeps the end whole', () => {
    expect(nameParts('Jelly everywhere · 15 moves')).toEqual({ lead: 'Jelly ', head: 'everywhere', tail: ' · 15 moves' });
    // the short first word that numbers a series stays too
    expect(nameParts('W132 Sparse with crates 11')).toEqual({ lead: 'W132 ', head: 'Sparse with', tail: ' crates 11' });
    expect(nameParts('W132 Sparse with crates and 18 moves').tail).toBe(' 18 moves');
  });
  it('head and tail are the whole name; short names are not split', () => {
    for (const name of ['Tutorial', 'Ice and crates', 'W132 Sparse with crates and 18 moves', '果冻到处都是第十五关步数较少', 'a-very-long-identifier-without-spaces']) {
      const { lead, head, tail } = nameParts(name);
      expect(lead + head + tail).toBe(name);
    }
    expect(nameParts('Ice and crates').tail).toBe('');
    expect(nameParts('果冻到处都是第十五关步数较少').tail).toBe('五关步数较少');
  });
});
