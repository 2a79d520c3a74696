import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { addCatalogPart, catalogs } from '../../../src/i18n/catalog/index.ts';
import playKeys from '../../../src/i18n/catalog/playKeys.ts';

// parts that load with their lazy chunk are checked like the rest
addCatalogPart(playKeys);

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
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(catalogs.zh[k]), k).toEqual(ph(catalogs.en[k]));
    }
  });

  it('has every literal key the UI asks for', () => {
    const used = new Set<string>();
    for (const f of [...files('src/ui'), ...files('src/stores'), 'src/App.svelte']) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    // keys built at run time ('tier.' + tier) end with a dot here; their parts are checked by use in the e2e tests
    const missing = [...used].filter((k) => !k.endsWith('.') && !(k in catalogs.en));
    expect(missing).toEqual([]);
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
