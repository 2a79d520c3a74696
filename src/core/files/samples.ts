// The sample pack a first visit starts with, built with the same tools a designer uses from the
// classic game's recipes (game/classicSamples.ts).
import { CLASSIC_SAMPLES } from '../game/classicSamples.ts';
import { createLevel, type LevelT } from '../level/index.ts';
import { applyIntents, type Intent } from '../tools/index.ts';

function build(name: string, seed: number, intents: readonly Intent[]): LevelT {
  const base = createLevel({ name, seed, id: `sample-${seed}` });
  const r = applyIntents(base, [...intents]);
  if (r.error) throw new Error(`sample "${name}": ${r.error}`);
  return r.level;
}

export function sampleLevels(): LevelT[] {
  return CLASSIC_SAMPLES.map((s) => build(s.name, s.seed, s.intents));
}
