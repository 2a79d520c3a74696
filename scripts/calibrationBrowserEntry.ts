// Bundled into a blank Chromium page by bench-calibration-browser.ts.
import { calibrate } from '../src/core/calibration/calibrate.ts';
import { makeCorpus } from './calibrationCorpus.ts';

(window as unknown as { benchCalibration: (runs: number) => number[] }).benchCalibration = (runs) => {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const obs = makeCorpus({ levels: 200, seed: 900 + r }).map((l) => ({ id: l.id, x: l.x, attempts: l.attempts, successes: l.successes }));
    const t0 = performance.now();
    const cal = calibrate(obs);
    times.push(performance.now() - t0);
    if (cal.status !== 'fitted') throw new Error('expected a fit');
  }
  return times;
};
