// The English catalogue: every part's `en` strings in one table.
import { en as common } from './common.ts';
import { en as editor } from './editor.ts';
import { en as chat } from './chat.ts';
import { en as analysis } from './analysis.ts';
import { en as report } from './report.ts';
import { en as tune } from './tune.ts';
import { en as sync } from './sync.ts';
import { en as keys } from './keys.ts';

const catalog: Record<string, string> = Object.assign({}, common, editor, chat, analysis, report, tune, sync, keys);
export default catalog;
