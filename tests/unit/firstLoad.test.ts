import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { firstLoadOf, htmlReferences, staticImports } from '../../scripts/firstLoad.ts';

describe('first-load size count', () => {
  it('takes scripts, module preloads and stylesheets from index.html, not icons or manifests', () => {
    const html = `<link rel="icon" href="./favicon.svg" /><script type="module" crossorigin src="./assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/level-B.js"><link rel="stylesheet" href="./assets/index-C.css">
      <link rel="manifest" href="./manifest.webmanifest"><script src="https://cdn.example/x.js"></script>`;
    expect(htmlReferences(html)).toEqual(['./assets/index-A.js', './assets/level-B.js', './assets/index-C.css']);
  });

  it('follows static imports and re-exports but not dynamic import()', () => {
    const code = `import{a as e}from"./level-B.js";import"./side-D.js";export*from"./re-E.js";const f=()=>import("./openai-F.js");`;
    expect(staticImports(code)).toEqual(['./level-B.js', './side-D.js', './re-E.js']);
  });

  it('counts each file of the graph once, gzipped', () => {
    const files: Record<string, string> = {
      'index.html': '<script type="module" src="./assets/a.js"></script><link rel="stylesheet" href="./assets/s.css">',
      'assets/a.js': 'import"./b.js";import{x}from"./c.js";const l=()=>import("./lazy.js");',
      'assets/b.js': 'import{y}from"./c.js";console.log(1)',
      'assets/c.js': 'export const x=1,y=2;',
      'assets/s.css': 'body{color:red}',
      'assets/lazy.js': 'x'.repeat(5000),
    };
    const f = firstLoadOf((name) => {
      if (!(name in files)) throw new Error(`no ${name}`);
      return Buffer.from(files[name]);
    });
    expect(f.files.map((x) => x.file).sort()).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/s.css']);
    const expected = ['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/s.css'].reduce((s, n) => s + gzipSync(Buffer.from(files[n]), { level: 9 }).length, 0);
    expect(f.gzip).toBe(expected);
  });
});
