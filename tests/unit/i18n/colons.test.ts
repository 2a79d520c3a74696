// A label before its value in 简体中文 takes the full-width colon ("试玩：Cake and keys"), never the ASCII
// one: a title or figure the UI puts together from a word and a value says it through one catalogue string
// (the play-test's title, the compare view's report figures), so each language picks its own colon.
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/i18n/catalog/index.ts';
import { addCatalogPart, setLocale, t } from '../../../src/i18n/index.svelte.ts';
import playTest from '../../../src/i18n/catalog/lazy/playTest.ts';
import report from '../../../src/i18n/catalog/lazy/report.ts';

const lazyParts = import.meta.glob<{ default: { en: Record<string, string>; zh: Record<string, string> } }>('../../../src/i18n/catalog/lazy/*.ts', { eager: true });

afterEach(async () => setLocale('en'));

describe('the colon in 简体中文', () => {
  it('no Chinese string puts an ASCII colon after a word or a value (JSON quoted in a problem keeps its own)', () => {
    const zh = [...Object.entries(catalogs.zh), ...Object.values(lazyParts).flatMap((p) => Object.entries(p.default.zh))];
    const bad = zh.filter(([, s]) => /(?:[\u3400-\u9fff）》”]|\}):/.test(s)).map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('the play-test and report components join no word and value with a colon of their own', () => {
    for (const f of ['src/ui/play/PlayTest.svelte', ...readdirSync('src/ui/analysis').filter((f) => f.endsWith('.svelte')).map((f) => 'src/ui/analysis/' + f)])
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/\{t\('[\w.]+'(?:, [^)]*)?\)\}:/);
  });

  it('no component joins a word and a value with a colon of its own after t(…), a key or a variable', () => {
    const svelte = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? svelte(`${dir}/${d.name}`) : d.name.endsWith('.svelte') ? [`${dir}/${d.name}`] : []));
    for (const f of svelte('src/ui')) expect(readFileSync(f, 'utf8'), f).not.toMatch(/\{t\((?:'[\w.]+'|\w+)(?:, [^)]*)?\)\}:/);
  });

  it("the play-test's title and the compare view's figures, in both languages", async () => {
    addCatalogPart(playTest);
    addCatalogPart(report);
    expect(t('play.titleOf', { name: 'Cake and keys' })).toBe('Play-test: Cake and keys');
    expect(t('an.deadlocksIs', { value: '2%' })).toBe('Deadlocks: 2%');
    await setLocale('zh');
    expect(t('play.titleOf', { name: 'Cake and keys' })).toBe('试玩：Cake and keys');
    expect(t('an.movesLeftIs', { value: '1.5' })).toBe('获胜时剩余步数：1.5');
    expect(t('an.deadlocksIs', { value: '2%' })).toBe('死局：2%');
  });
});
