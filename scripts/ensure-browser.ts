// Before the end-to-end tests (npm run test:e2e, .ci/run): a Chromium to drive, installed when none is
// found (scripts/browser.ts), or one line saying what to install and exit 1 before any test runs.
import { chromium } from '@playwright/test';
import { ensureBrowser, realInstaller, realProbe } from './browser.ts';

const own = () => {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
};
const found = ensureBrowser(realProbe(own), realInstaller);
if (found.ok) console.log(`== Chromium for the end-to-end tests (${found.source}): ${found.path}`);
else {
  console.error(found.problem);
  process.exit(1);
}
