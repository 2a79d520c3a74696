// The levels `npm run bench:tune` tunes (node and Chromium share them): open boards, jelly, ice,
// crates, voids and chains, built with the registry's own tools.
import { createLevel, type LevelT } from '../src/core/level/index.ts';
import { applyIntents, type Intent } from '../src/core/tools/index.ts';
import { sampleLevels } from '../src/core/files/samples.ts';

function build(name: string, seed: number, intents: Intent[]): LevelT {
  const r = applyIntents({ ...createLevel({ id: `tune-${seed}`, name, seed }) }, intents);
  if (r.error) throw new Error(`${name}: ${r.error}`);
  return r.level;
}
const gen = (args: Record<string, unknown>, moves = 25): Intent[] => [{ tool: 'generate_random_level', args: { moves, ...args } }];

export function tuneCases(): LevelT[] {
  return [
    ...sampleLevels().map((l) => ({ ...l, id: `tune-${l.id}` })),
    build('Open 8×8', 11, [{ tool: 'set_grid_size', args: { width: 8, height: 8 } }, { tool: 'set_move_limit', args: { moves: 20 } }]),
    build('Jelly field', 12, gen({ seed: 12, jelly_ratio: 0.45 }, 30)),
    build('Ice sheet', 13, gen({ seed: 13, ice_ratio: 0.3 }, 28)),
    build('Crate wall', 14, gen({ seed: 14, crate_ratio: 0.15 }, 30)),
    build('Void shape', 15, gen({ seed: 15, void_ratio: 0.3, width: 9, height: 9 }, 22)),
    build('Chains', 16, gen({ seed: 16, chain_ratio: 0.2 }, 26)),
    build('Mixed 10×10', 17, gen({ seed: 17, width: 10, height: 10, ice_ratio: 0.15, jelly_ratio: 0.2, crate_ratio: 0.06, void_ratio: 0.1 }, 32)),
    build('Score chase', 18, [{ tool: 'set_objective', args: { type: 'score', target: 4000 } }, { tool: 'set_move_limit', args: { moves: 20 } }]),
  ];
}
