import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from '../../../src/i18n/catalog/index.ts';
import firstPage from '../../../src/i18n/catalog/en.ts';
import { paramNames } from '../../../src/i18n/format.ts';

const lazyParts = import.meta.glob<{ default: { en: Record<string, string>; zh: Record<string, string> } }>('../../../src/i18n/catalog/lazy/*.ts', { eager: true });

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(svelte|ts)$/.test(f) ? [p] : [];
  });
}

describe('the string catalogue', () => {
  it('has every key in both English and 简体中文, with the same {placeholders}', () => {
    const en = Object.keys(catalogs.en).sort();
    const zh = Object.keys(catalogs.zh).sort();
    expect(zh).toEqual(en);
    for (const k of en) {
      // a count that only picks a plural form ({blockers, plural, …}) may be absent where the language has one form
      const pluralOnly = (s: string) => new Set([...s.matchAll(/\{(\w+),\s*plural,/g)].map((m) => m[1]).filter((n) => !new RegExp(`\\{${n}\\}|#`).test(s)));
      const skip = new Set([...pluralOnly(catalogs.en[k]), ...pluralOnly(catalogs.zh[k])]);
      const ph = (s: string) => paramNames(s).filter((n) => !skip.has(n));
      expect(ph(catalogs.zh[k]), k).toEqual(ph(catalogs.en[k]));
    }
  });

  it('has every literal key the UI asks for', () => {
    const used = new Set<string>();
    for (const f of [...files('src/ui'), ...files('src/stores'), 'src/App.svelte']) {
      // t() words a key at once; notice(), word() and words() name one for the UI to word (src/core/notice.ts)
      for (const m of readFileSync(f, 'utf8').matchAll(/\b(?:t|notice|words?)\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    // keys built at run time ('tier.' + tier) end with a dot here; their parts are checked by use in the e2e tests
    const missing = [...used].filter((k) => !k.endsWith('.') && !(k in catalogs.en));
    expect(missing).toEqual([]);
  });
});

describe('strings that load with their dialog or panel (src/i18n/catalog/lazy/)', () => {
  it('are asked for only by files that add their part, so nothing on the first page shows a bare key', () => {
    // src/ai and the chat's stores name keys as data (a note's or an error's key) without translating
    // them: what shows them (src/i18n/chatText.ts, the chat's panel) adds the part. A chat store that
    // words something itself (it imports src/i18n) is held to the rule.
    // The other stores name keys as data too (notices: src/core/notice.ts); the part's words load with
    // the store's code (loadWords, src/stores/words.ts), checked below
    // src/core/tune names a tuning's reasons as data too (a TuneReason's key): src/i18n/tuneText.ts words
    // them and adds their part (tuneReasons.ts), checked below
    const asData = (f: string) =>
      f.startsWith(join('src', 'ai')) || f.startsWith(join('src', 'core', 'tune')) || (f.startsWith(join('src', 'stores', 'chat')) && !readFileSync(f, 'utf8').includes('/i18n/'));
    const inStores = (f: string) => f.startsWith(join('src', 'stores')) && !f.includes('chat');
    const sources = [...files('src')].filter((f) => !f.includes(join('i18n', 'catalog')) && !asData(f));
    const storesText = [...files('src/stores')].map((f) => readFileSync(f, 'utf8')).join('\n');
    const parts = readdirSync('src/i18n/catalog/lazy');
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      const keys = Object.keys(lazyParts[`../../../src/i18n/catalog/lazy/${part}`]!.default.en);
      expect(keys.length, part).toBeGreaterThan(0);
      for (const f of sources) {
        const text = readFileSync(f, 'utf8');
        const asked = keys.filter((k) => text.includes(`'${k}'`) || text.includes(`"${k}"`) || text.includes('`' + k));
        if (asked.length && inStores(f)) expect(storesText, `${f} names ${asked.join(', ')}: the stores must load its words (loadWords('${part.replace(/\.ts$/, '')}'))`).toContain(`loadWords('${part.replace(/\.ts$/, '')}')`);
        else if (asked.length) expect(text, `${f} asks for ${asked.join(', ')}: it must add catalog/lazy/${part}`).toContain(`i18n/catalog/lazy/${part}'`);
      }
    }
  });

  it("a tuning's reasons are worded by the file that adds their part", () => {
    expect(readFileSync('src/i18n/tuneText.ts', 'utf8')).toContain("import reasonStrings from './catalog/lazy/tuneReasons.ts';\naddCatalogPart(reasonStrings);");
  });

  it('are in no first-page table and in exactly one part', () => {
    const seen = new Map<string, string>();
    for (const [path, part] of Object.entries(lazyParts))
      for (const k of Object.keys(part.default.en)) {
        expect(seen.get(k), `${k} in ${path}`).toBeUndefined();
        seen.set(k, path);
        expect(k in firstPage, k).toBe(false);
        expect(k in part.default.zh, k).toBe(true);
      }
  });
});

describe('operation labels', () => {
  it('every edit tool has a template in both languages', async () => {
    const { toolsOfKind } = await import('../../../src/core/tools/index.ts');
    for (const tool of toolsOfKind('edit')) {
      expect(catalogs.en[`op.${tool.name}`], tool.name).toBeTruthy();
      expect(catalogs.zh[`op.${tool.name}`], tool.name).toBeTruthy();
    }
  });
});
