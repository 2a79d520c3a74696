// No import cycles in src/: every folder reads top-down (issue 23, item 6).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cycles, importGraph, specifiers, type Graph } from './graph.ts';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

describe('import graph', () => {
  it('reads static, type-only, re-export and dynamic imports, not ones in comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "import './side.ts';",
      "const d = await import('./d.ts');",
      "// import { e } from './e.ts';",
      "/* import { f } from './f.ts'; */",
      "const url = 'http://x//y'; import { g } from './g.ts';",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['../b.ts', './a.ts', './c.ts', './d.ts', './g.ts', './side.ts']);
  });

  it('finds a two-file cycle, a longer one and a self-import, and none in a tree', () => {
    const g: Graph = new Map([
      ['a', ['b']], ['b', ['a']],
      ['c', ['d']], ['d', ['e']], ['e', ['c']],
      ['s', ['s']],
      ['t', ['u', 'v']], ['u', ['v']], ['v', []],
    ]);
    expect(cycles(g).map((c) => c.join(' ')).sort()).toEqual(['a b', 'c d e', 's']);
    expect(cycles(new Map([['t', ['u', 'v']], ['u', ['v']], ['v', []]]))).toEqual([]);
  });

  it('sees the files of src/', () => {
    const graph = importGraph(SRC);
    expect(graph.get('cli/main.ts')).toContain('cli/merge.ts');
    expect(graph.size).toBeGreaterThan(100);
  });

  it('src/ has no import cycles', () => {
    expect(cycles(importGraph(SRC))).toEqual([]);
  });
});

// Stores say what happened ({ key, params }: src/core/notice.ts) and the UI words it (issue 39, item 2):
// nothing under src/stores imports src/i18n, so a language switch rewords what is on screen.
describe('stores and words', () => {
  it('no file under src/stores imports src/i18n', () => {
    const graph = importGraph(SRC);
    const stores = [...graph.keys()].filter((f) => f.startsWith('stores/'));
    expect(stores.length).toBeGreaterThan(30);
    const wording = stores.filter((f) => (graph.get(f) ?? []).some((to) => to.startsWith('i18n/')));
    expect(wording).toEqual([]);
  });
});
