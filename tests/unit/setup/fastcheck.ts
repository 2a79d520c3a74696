// Property tests in `npm test` (and so in CI) run one fixed seed: the same cases on every machine and
// every run, so a landing is never decided by the luck of a seed. `npm run fuzz` (FUZZ=long) draws a
// new seed each run and prints it; FUZZ_SEED=<n> replays one (a failure found there becomes a fixed
// test, as gameProperties' seed 558257220 did).
import fc from 'fast-check';

const FIXED_SEED = 20261127;
const replay = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const seed = replay ?? (process.env.FUZZ === 'long' ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : FIXED_SEED);
if (process.env.FUZZ === 'long' || replay !== undefined) console.log(`[fuzz] fast-check seed ${seed} (replay: FUZZ_SEED=${seed})`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
