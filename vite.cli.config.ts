// The match3 CLI as plain JavaScript for node (npm run build:cli → dist-cli/): every dependency
// (zod, …) is bundled in, so the packed package needs no dependencies and no TypeScript loader.
import { defineConfig, type Plugin } from 'vite';
import { chmodSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; bin: { match3: string } };

/**
 * The bin gets its run bit from the build: a file vite writes is 0644, and `npx match3` runs the
 * package's bin directly, so without it the shell answers "match3: Permission denied" (npm only
 * sets the bit when it installs or packs the package).
 */
function executableBin(file: string): Plugin {
  return {
    name: 'match3-executable-bin',
    apply: 'build',
    writeBundle(options) {
      chmodSync(join(options.dir ?? 'dist-cli', file), 0o755);
    },
  };
}

export default defineConfig({
  plugins: [executableBin(basename(pkg.bin.match3))],
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
