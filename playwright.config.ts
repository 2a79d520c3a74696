import { defineConfig } from '@playwright/test';

const PORT = 4173;
export const MOCK_LLM_PORT = 4010;

// Debian's Chromium: Playwright's own browser download does not work on this network.
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      command: 'node tests/e2e/subpath-server.mjs 4175',
      url: 'http://127.0.0.1:4175/tools/studio/',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // a copy of the build that the update test swaps under the page
      command: 'node tests/e2e/subpath-server.mjs 4176 test-results/dist-update /',
      port: 4176,
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
