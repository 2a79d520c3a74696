// Web Worker entry: only exposes the simulator module over Comlink.
import { expose } from 'comlink';
import { simApi } from '../src/analysis/simApi.ts';

expose(simApi);
