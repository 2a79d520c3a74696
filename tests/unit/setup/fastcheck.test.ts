// CI's verdict never rests on a seed's luck: `npm test` runs property tests with one fixed seed.
import fc from 'fast-check';
import { expect, it } from 'vitest';

it('property tests run one fixed seed in npm test, and a fresh or replayed one under npm run fuzz', () => {
  const seed = fc.readConfigureGlobal().seed;
  if (process.env.FUZZ_SEED) expect(seed).toBe(Number(process.env.FUZZ_SEED));
  else if (process.env.FUZZ === 'long') expect(Number.isInteger(seed)).toBe(true);
  else expect(seed).toBe(20261127);
});
