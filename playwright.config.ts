import { chromium, defineConfig } from '@playwright/test';
import { findBrowser, realProbe } from './scripts/browser.ts';

// PW_PORT_BASE moves every server of the run (so two checkouts can run end-to-end tests at once).
const BASE = Number(process.env.PW_PORT_BASE ?? 4170);
const PORT = BASE + 3;
export const SUBPATH_PORT = BASE + 5;
export const UPDATE_PORT = BASE + 6;
export const MOCK_LLM_PORT = Number(process.env.PW_MOCK_LLM_PORT ?? (BASE === 4170 ? 4010 : BASE + 9));
process.env.PW_SUBPATH_PORT = String(SUBPATH_PORT);
process.env.PW_UPDATE_PORT = String(UPDATE_PORT);
process.env.PW_MOCK_LLM_PORT = String(MOCK_LLM_PORT);

// The browser: CHROMIUM_PATH, else Playwright's own Chromium, else a system one (scripts/browser.ts).
// None: one line saying what to install, before any server starts or test runs (`npm run test:e2e`
// installs one first: scripts/ensure-browser.ts).
const browser = findBrowser(
  realProbe(() => {
    try {
      return chromium.executablePath();
    } catch {
      return undefined;
    }
  }),
);
if (!browser.ok) {
  console.error(browser.problem);
  process.exit(1);
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    launchOptions: {
      executablePath: browser.path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // dist/ under a sub-path, as a static host serves it
      command: `node tests/e2e/subpath-server.mjs ${SUBPATH_PORT}`,
      url: `http://127.0.0.1:${SUBPATH_PORT}/tools/studio/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // a copy of the build that the update test swaps under the page
      command: `node tests/e2e/subpath-server.mjs ${UPDATE_PORT} test-results/dist-update /`,
      port: UPDATE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // the scripted OpenAI-compatible server the copilot tests talk to over HTTP
      command: `node node_modules/tsx/dist/cli.mjs tests/mock-llm/server.ts --port ${MOCK_LLM_PORT}`,
      url: `http://127.0.0.1:${MOCK_LLM_PORT}/__requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
