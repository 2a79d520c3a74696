// Entry of a simulation worker thread for `match3 analyze --threads N`, from the TypeScript sources
// through tsx (the built CLI uses dist-cli/sim-thread.mjs instead).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/simThread.ts');
