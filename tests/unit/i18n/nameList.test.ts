// Issue 40: lists of names are joined in the language shown — "Chocolate, Carpet" in English,
// "Chocolate、Carpet" in 简体中文 — through one formatter (src/i18n/list.ts), never an ASCII comma in Chinese.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { nameList } from '../../../src/i18n/list.ts';
import { coverHeldText } from '../../../src/i18n/elementLabel.ts';
import type { GameDef } from '../../../src/core/game/types.ts';

afterEach(async () => setLocale('en'));

const TWO_COVERS: GameDef = {
  format: 'match3-game',
  version: 1,
  id: 'two-covers',
  name: 'Two covers',
  elements: [
    { id: 'lock', name: 'Liquorice lock', layer: 'cover' },
    { id: 'bubble', name: 'Bubble', layer: 'cover' },
  ],
};

describe('nameList', () => {
  it('joins with a comma in English and the enumeration comma in Chinese, with no "and"', async () => {
    expect(nameList(['Chocolate', 'Carpet'])).toBe('Chocolate, Carpet');
    expect(nameList(['G8', 'C8', 'H8'])).toBe('G8, C8, H8');
    expect(nameList(['Jelly'])).toBe('Jelly');
    expect(nameList([])).toBe('');
    await setLocale('zh');
    expect(nameList(['Chocolate', 'Carpet'])).toBe('Chocolate、Carpet');
    expect(nameList(['G8', 'C8', 'H8'])).toBe('G8、C8、H8');
  });

  it("a sentence naming a game's elements uses it", async () => {
    expect(coverHeldText(TWO_COVERS)).toContain('Liquorice lock, Bubble');
    await setLocale('zh');
    expect(coverHeldText(TWO_COVERS)).toContain('“Liquorice lock”、“Bubble”');
  });

  it('no UI or wording file joins names with a bare comma (a join of names goes through nameList)', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    // the joins left are not lists of names: an input's value, raw tool arguments, a CSS gradient
    const allowed = ['src/ui/chat/CopilotSettings.svelte', 'src/ui/chat/ReviewPanel.svelte', 'src/ui/analysis/colors.ts', 'src/ui/editor/cellLabel.ts'];
    const found = [...files('src/ui'), ...files('src/i18n')]
      .filter((f) => /\.(ts|svelte)$/.test(f) && !f.includes('/catalog/') && !allowed.includes(f))
      .filter((f) => /\.join\(', '\)/.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
