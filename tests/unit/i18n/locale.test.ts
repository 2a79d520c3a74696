// The language switch: the catalogue of a language not in use loads on demand, and the page
// switches only once it is there (never half-translated); overlapping switches end on the last one.
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogPart, i18n, setLocale, t } from '../../../src/i18n/index.svelte.ts';
import { catalogs } from '../../../src/i18n/catalog/index.ts';

afterEach(() => setLocale('en'));

describe('setLocale', () => {
  it('loads 简体中文 on the first switch and translates with it', async () => {
    expect(t('history.undo')).toBe(catalogs.en['history.undo']);
    const pending = setLocale('zh');
    expect(i18n.locale).toBe('en');
    expect(await pending).toBe(true);
    expect(i18n.locale).toBe('zh');
    expect(t('history.undo')).toBe(catalogs.zh['history.undo']);
  });

  it('the last of overlapping switches wins', async () => {
    await setLocale('en');
    const zh = setLocale('zh');
    const en = setLocale('en');
    await Promise.all([zh, en]);
    expect(i18n.locale).toBe('en');
    expect(t('history.undo')).toBe('Undo');
  });

  it('the per-language tables hold the same keys', async () => {
    const en = (await import('../../../src/i18n/catalog/en.ts')).default;
    const zh = (await import('../../../src/i18n/catalog/zh.ts')).default;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('a part added by a lazy chunk translates in both languages, also when 简体中文 loads after it', async () => {
    addCatalogPart({ en: { 'test.lazyPart': 'Lazy' }, zh: { 'test.lazyPart': '懒加载' } });
    expect(t('test.lazyPart')).toBe('Lazy');
    await setLocale('zh');
    expect(t('test.lazyPart')).toBe('懒加载');
  });
});
