// The match3 CLI as plain JavaScript for node (npm run build:cli → dist-cli/): every dependency
// (zod, …) is bundled in, so the packed package needs no dependencies and no TypeScript loader.
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  publicDir: false,
  define: { __MATCH3_VERSION__: JSON.stringify(pkg.version), __MATCH3_BUNDLE__: 'true' },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: true,
    sourcemap: false,
    rollupOptions: {
      input: { match3: 'src/cli/bin.ts', 'sim-thread': 'src/cli/simThread.ts' },
      // flat: the thread entry is found next to whichever chunk starts the threads
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
