// The test-only holds (simHold.ts, importHold.ts) live in the tests and are installed by them with
// page.addInitScript: the built app never names them (issue 30).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { HOLD_GLOBAL } from './simHold.ts';
import { IMPORT_HOLD_GLOBAL } from './importHold.ts';

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

test('the build never names a test-only hold', () => {
  const built = files('dist');
  expect(built.some((f) => f.endsWith('.js'))).toBe(true);
  for (const f of built) {
    const text = readFileSync(f, 'latin1');
    for (const name of [HOLD_GLOBAL, IMPORT_HOLD_GLOBAL, 'e2e-sim-hold']) expect(text.includes(name), `${f} names ${name}`).toBe(false);
  }
});
