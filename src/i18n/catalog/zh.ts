// The Simplified Chinese catalogue: every part's `zh` strings in one table. The `?zh` suffix makes each
// part a module of its own for this chunk, so the build keeps only the `zh` table here and only the
// `en` one in the first load (a module is never split between chunks; docs/performance.md).
import { zh as common } from './common.ts?zh';
import { zh as editor } from './editor.ts?zh';
import { zh as chat } from './chat.ts?zh';
import { zh as analysis } from './analysis.ts?zh';
import { zh as report } from './report.ts?zh';
import { zh as tune } from './tune.ts?zh';
import { zh as sync } from './sync.ts?zh';
import { zh as keys } from './keys.ts?zh';

const catalog: Record<string, string> = Object.assign({}, common, editor, chat, analysis, report, tune, sync, keys);
export default catalog;
