import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // the svelte plugin compiles rune stores (*.svelte.ts) for node tests
  plugins: [svelte()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // property tests: one fixed seed unless FUZZ=long or FUZZ_SEED (tests/unit/setup/fastcheck.ts);
    // every tool's definition loaded, as in the CLI (the page loads some on first use)
    setupFiles: ['tests/unit/setup/fastcheck.ts', 'tests/unit/setup/loadTools.ts', 'tests/unit/setup/words.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
