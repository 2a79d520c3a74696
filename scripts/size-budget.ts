// `npm test` (after the build): fails when the first load of dist/ is over its budget.
import { FIRST_LOAD_BUDGET_BYTES, firstLoadOfDist, formatFirstLoad } from './firstLoad.ts';

const dist = process.argv[2] ?? 'dist';
const f = firstLoadOfDist(dist);
console.log(formatFirstLoad(f));
if (f.gzip > FIRST_LOAD_BUDGET_BYTES) {
  console.error(`size budget: the first load is ${f.gzip} bytes gzipped, over the budget of ${FIRST_LOAD_BUDGET_BYTES}. Load the new code on first use (dynamic import()), see docs/performance.md.`);
  process.exit(1);
}
