// The varied pack the long-job benchmarks play (bench:browser's pack runs, the CLI's --threads A/B):
// 13 generated levels from 3×3 to 16×16 with blockers and objectives of every kind, seeded, so every
// run and every machine plays the same games.
import { createLevel, type LevelT } from '../src/core/level/index.ts';
import { applyIntents } from '../src/core/tools/index.ts';

const SHAPES: [w: number, h: number, moves: number, extra: Record<string, number>][] = [
  [3, 3, 10, {}],
  [4, 5, 12, { ice_ratio: 0.2 }],
  [5, 5, 15, { jelly_ratio: 0.3 }],
  [6, 6, 18, { crate_ratio: 0.1 }],
  [7, 7, 20, { chain_ratio: 0.1, ice_ratio: 0.1 }],
  [8, 8, 22, { jelly_ratio: 0.4 }],
  [9, 9, 25, {}],
  [9, 9, 25, { ice_ratio: 0.25, crate_ratio: 0.05 }],
  [10, 10, 25, { void_ratio: 0.1, jelly_ratio: 0.2 }],
  [11, 11, 28, { crate_ratio: 0.1 }],
  [12, 12, 30, { ice_ratio: 0.15, chain_ratio: 0.05 }],
  [14, 14, 30, { void_ratio: 0.1 }],
  [16, 16, 35, { jelly_ratio: 0.2 }],
];

export function variedPack(prefix = 'pack'): LevelT[] {
  return SHAPES.map(([width, height, moves, extra], i) => {
    const base = { ...createLevel({ id: `${prefix}-${i + 1}`, name: `Pack ${i + 1} (${width}×${height})`, seed: 1000 + i }) };
    const r = applyIntents(base, [{ tool: 'generate_random_level', args: { width, height, moves, colors: 4 + (i % 3), seed: 5000 + i, ...extra } }]);
    if (r.error) throw new Error(`pack level ${i + 1}: ${r.error}`);
    return { ...r.level, id: base.id, name: base.name };
  });
}
