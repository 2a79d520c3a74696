// zod's English messages for the issues our schemas leave to zod (e.g. `Invalid input: expected
// "match3-pack"`). The schemas use the tree-shakable `zod/mini` API (functions instead of methods,
// so a build keeps only what they use; docs/performance.md, "First load"): each module imports
// `* as z from 'zod/mini'` itself (a namespace passed on from here would keep all of zod) and
// imports this module once for its effect.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());
