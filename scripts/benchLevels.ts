// The three classic bench levels of docs/performance.md ("Simulator, node, single thread"), in a
// module of their own that imports nothing at run time, so a bundle of another checkout's engine
// can play them (scripts/bench-engine-ab.ts).
import type { CellT, LevelT } from '../src/core/level/index.ts';

function level(name: string, size: number, moves: number, colors: number, objectives: LevelT['objectives'], cell: (x: number, y: number) => CellT): LevelT {
  return {
    format: 'match3-level', version: 1, id: `bench-${name}`, name, width: size, height: size, moves, colors, seed: 2024,
    cells: Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => cell(x, y))),
    objectives,
  };
}

/** The three bench levels of docs/performance.md. */
export const BENCH_LEVELS: LevelT[] = [
  // (a) open 9×9, 6 colours, 25 moves; the score target is out of reach so all 25 moves are played
  level('a: 9×9 open, 6 colours, 25 moves', 9, 25, 6, [{ type: 'score', target: 10_000_000 }], () => ({})),
  // (b) 9×9 full double jelly
  level('b: 9×9 double jelly', 9, 25, 6, [{ type: 'clear_ground', ground: 'jelly' }], () => ({ ground: { type: 'jelly', layers: 2 } })),
  // (c) 16×16, 6 colours, crates, ice and chains
  level('c: 16×16 blockers', 16, 30, 6, [{ type: 'clear_crates' }, { type: 'clear_cover', cover: 'ice' }, { type: 'clear_cover', cover: 'chain' }], (x, y) => {
    if ((x + 2 * y) % 7 === 0 && y > 2) return { tile: 'crate', hp: 1 + ((x + y) % 3) };
    if ((x * 3 + y) % 9 === 0) return { cover: { type: 'ice', layers: 1 + (x % 2) } };
    if ((x + y * 5) % 11 === 0) return { cover: { type: 'chain' } };
    return {};
  }),
];
