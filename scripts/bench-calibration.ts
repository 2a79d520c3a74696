// `npm run bench:calibration`: how well the calibration predicts players, on corpora where the truth
// is known (scripts/calibrationCorpus.ts): levels from very hard to easy, players drawn from a hidden
// rule over the bots' results plus a level-to-level deviation no bot sees, attempts in the thousands.
// For each corpus: fit on part, then on the held-out levels the mean absolute error against the true
// pass rate, the noise floor (the error of the hidden rule itself, which cannot know the deviation),
// the 95% intervals' coverage, and the reported cross-validated error beside the held-out one. Then
// the same for players unrelated to the levels, which must be reported as not useful.
import { calibrate, predict } from '../src/core/calibration/index.ts';
import { expit } from '../src/core/calibration/stats.ts';
import { makeCorpus, type CorpusLevel } from './calibrationCorpus.ts';

const SEEDS = [101, 202, 303, 404, 505];
const pts = (x: number) => (x * 100).toFixed(2);

interface Row {
  label: string;
  useful: boolean;
  heldOut: number;
  floor: number;
  coverage: number;
  cv: number;
  baseline: number;
  ms: number;
}

function run(label: string, train: CorpusLevel[], test: CorpusLevel[]): Row {
  const t0 = performance.now();
  const cal = calibrate(train.map((l) => ({ id: l.id, x: l.x, attempts: l.attempts, successes: l.successes })));
  const ms = performance.now() - t0;
  if (cal.status !== 'fitted') throw new Error('expected a fit');
  let err = 0, floor = 0, covered = 0;
  for (const l of test) {
    const p = predict(cal.model, l.x);
    err += Math.abs(p.passRate - l.truePassRate);
    floor += Math.abs(expit(l.rule) - l.truePassRate);
    covered += +(l.truePassRate >= p.low && l.truePassRate <= p.high);
  }
  const n = test.length;
  return { label, useful: cal.useful, heldOut: err / n, floor: floor / n, coverage: covered / n, cv: cal.cvMae, baseline: cal.baselineMae, ms };
}

function print(rows: Row[]) {
  console.log('corpus                      useful  held-out  floor  ratio  coverage  CV (reported)  |CV−held|  baseline  fit ms');
  for (const r of rows)
    console.log(
      `${r.label.padEnd(27)} ${String(r.useful).padEnd(6)}  ${pts(r.heldOut).padStart(8)}  ${pts(r.floor).padStart(5)}  ${r.floor ? (r.heldOut / r.floor).toFixed(2).padStart(5) : '    –'}  ${(r.coverage * 100).toFixed(1).padStart(7)}%  ${pts(r.cv).padStart(13)}  ${pts(Math.abs(r.cv - r.heldOut)).padStart(9)}  ${pts(r.baseline).padStart(8)}  ${r.ms.toFixed(0).padStart(6)}`,
    );
}

const related: Row[] = [], small: Row[] = [], unrelated: Row[] = [];
for (const seed of SEEDS) {
  const corpus = makeCorpus({ levels: 400, seed });
  related.push(run(`200 fit / 200 held out #${seed}`, corpus.slice(0, 200), corpus.slice(200)));
  small.push(run(`30 fit / 200 held out #${seed}`, corpus.slice(0, 30), corpus.slice(200)));
  const noise = makeCorpus({ levels: 400, seed, unrelated: true });
  unrelated.push(run(`unrelated, 200 fit #${seed}`, noise.slice(0, 200), noise.slice(200)));
}
console.log('Errors in points of pass rate (mean absolute). floor: the hidden rule\'s own error on the held-out levels.\n');
print([...related, ...small, ...unrelated]);

const avg = (rows: Row[], f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
const ratio = avg(related, (r) => r.heldOut / r.floor);
const coverage = avg(related, (r) => r.coverage);
const gap = avg(related, (r) => Math.abs(r.cv - r.heldOut));
const aims = [
  [`held-out error / noise floor ${ratio.toFixed(2)} (aim ≤ 1.5)`, ratio <= 1.5],
  [`coverage of 95% intervals ${(coverage * 100).toFixed(1)}% (aim 85–99%)`, coverage >= 0.85 && coverage <= 0.99],
  [`|reported CV error − held-out error| ${pts(gap)} points (aim ≤ 2)`, gap <= 0.02],
  [`unrelated data reported as not useful: ${unrelated.filter((r) => !r.useful).length}/${unrelated.length}`, unrelated.every((r) => !r.useful)],
  [`fitting 200 levels (λ search and cross-validation included): ${avg(related, (r) => r.ms).toFixed(0)} ms on average in node`, true],
] as const;
console.log('\nAims (200 fitted levels, averaged over corpora):');
for (const [text, ok] of aims) console.log(`  ${ok ? 'met ' : 'MISS'}  ${text}`);
