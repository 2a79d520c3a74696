// Entry of a simulation worker thread for `match3 analyze --threads N`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/simThread.ts');
