// Keeps the "npm audit --omit=dev is clean" claim of docs/security.md honest: it holds because the package
// has no production dependencies (the page and the CLI are bundles). A production dependency added
// later, or a package newly bundled into what users run, must be named in that section of the docs —
// otherwise this test fails instead of the claim silently going stale.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

/** The docs section on `npm audit --omit=dev`, up to the next heading of the same level. */
function auditSection(): string {
  const doc = readFileSync(join(root, 'docs', 'security.md'), 'utf8');
  const start = doc.indexOf('## `npm audit --omit=dev`');
  if (start < 0) throw new Error('docs/security.md has no "## `npm audit --omit=dev`" section');
  const next = doc.indexOf('\n## ', start + 3);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** Packages a production install of this package would fetch (everything npm audit --omit=dev looks at). */
function productionPackages(p: Record<string, unknown>): string[] {
  const fields = ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies'];
  return fields.flatMap((f) => {
    const v = p[f];
    return Array.isArray(v) ? v.map(String) : v && typeof v === 'object' ? Object.keys(v) : [];
  });
}

/** npm packages the shipped code imports (bare specifiers in src/, node built-ins left out). */
function bundledPackages(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|svelte)$/.test(name))
        for (const m of readFileSync(path, 'utf8').matchAll(/(?:^\s*(?:import|export)\b[^'"\n]*?\bfrom\s*|^\s*import\s*|\bimport\(\s*)['"]([^'"]+)['"]/gm)) {
          const spec = m[1]!;
          if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
          if (spec.startsWith('virtual:pwa-register')) found.add('vite-plugin-pwa');
          else found.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
        }
    }
  };
  walk(join(root, 'src'));
  return [...found].sort();
}

describe('npm audit --omit=dev claim (docs/security.md)', () => {
  it('counts every kind of production dependency', () => {
    expect(productionPackages({ dependencies: { a: '1' }, optionalDependencies: { b: '1' }, peerDependencies: { c: '1' }, bundleDependencies: ['d'], devDependencies: { e: '1' } })).toEqual(['a', 'b', 'c', 'd']);
    expect(productionPackages({ devDependencies: { e: '1' } })).toEqual([]);
  });

  it('every production dependency is named and explained in the section (there are none today)', () => {
    const section = auditSection();
    const prod = productionPackages(pkg);
    for (const name of prod) expect(section, `${name} is a production dependency: explain its audit status in docs/security.md`).toContain('`' + name + '`');
    if (prod.length === 0) expect(section).toMatch(/no production dependencies/);
  });

  it('every package bundled into what users run is named there, with the version package.json pins', () => {
    const section = auditSection();
    const dev = (pkg.devDependencies ?? {}) as Record<string, string>;
    const bundled = bundledPackages();
    expect(bundled).toEqual(expect.arrayContaining(['comlink', 'svelte', 'zod'])); // the scan does find imports
    for (const name of bundled) {
      const version = (dev[name] ?? (pkg.dependencies as Record<string, string> | undefined)?.[name] ?? '').replace(/^[\^~]/, '');
      expect(version, `${name} is imported by src/ but not in package.json`).not.toBe('');
      const majorMinor = version.split('.').slice(0, 2).join('.');
      expect(section, `${name} ${majorMinor} ships to users: list it in the npm audit section of docs/security.md`).toContain(`\`${name}\` ${majorMinor}`);
    }
  });
});
