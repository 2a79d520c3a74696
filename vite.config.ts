import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { cspPlugin } from './build/csp.ts';

// base './' keeps every URL relative, so dist/ works from any static host and any sub-path.
export default defineConfig({
  base: './',
  plugins: [
    svelte(),
    // CSP_CONNECT="https://api.openai.com https://api.deepseek.com" narrows where the copilot may connect
    cspPlugin(process.env.CSP_CONNECT?.split(/\s+/).filter(Boolean)),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'Match-3 Level Studio',
        short_name: 'M3 Studio',
        description: 'Design match-3 levels with an AI copilot and a simulator that tells how hard they are.',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#14161c',
        theme_color: '#14161c',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // Dexie's own ES2018 module build instead of its ES5 UMD build (what `import 'dexie'` resolves to):
  // the same Dexie 4, about 2 kB gz less in the first load (docs/adr/0005-catalogue-on-dexie.md);
  // the app holds one copy, so the UMD wrapper's guard against two copies is not needed
  resolve: { alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }] },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // they run nothing when loaded: a module that re-exports them need not load them. The level index
      // re-exports the version 2 layout checks and the fall paths, which load with the parsers and the
      // engine, not with the first page; as modules with effects, the model chunk would import their
      // chunk, which imports it back (a chunk cycle: the built studio did not start). And a game's
      // compiled tables: compileGame runs on first use, src/core/game/tables.ts
      treeshake: { moduleSideEffects: (id: string) => !/src[\\/]core[\\/](level[\\/](parse|gameSchema|paths|layout|pieces)|game[\\/]tables)\.ts$/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // the parsers of levels and game definitions (RULES §11) in a chunk of their own, without
            // the level model they use: the first load uses the model but parses nothing (imports,
            // merges and the copilot load them). Their modules run nothing when loaded (gameSchema.ts).
            { name: 'parsers', test: /src[\\/]core[\\/]level[\\/](parse|gameSchema)\.ts$/, includeDependenciesRecursively: false },
            // zod's modules the first page uses, in one chunk (its English messages load after the page:
            // src/core/zod.ts); left alone the bundler cut them in two, each compressed on its own
            { name: 'zod', test: /node_modules[\\/]zod[\\/]v4[\\/](core[\\/](util|core|schemas|checks|api|parse|errors|registries|regexes|versions)|mini[\\/]schemas)\.js$/, includeDependenciesRecursively: false },
            // a game's compiled tables (RULES §11, §12), which the engine, the game registry and the game
            // tools share: in a chunk of their own, so that the bundler does not fold them into the first
            // page's chunk (which only reaches them through a static import it never uses: sim/codes.ts)
            { name: 'tables', test: /src[\\/]core[\\/]game[\\/]tables\.ts$/, includeDependenciesRecursively: false },
            // the level model, the game model and the registry's first-page tools in one chunk: the page
            // loads them all, and the chunks that load on first use (the copilot's and the simulator's
            // tools, the parsers) import from it. Left to themselves they came out as a dozen small
            // chunks, each compressed on its own (about 1.5 kB gz more in all: docs/performance.md).
            // Not core/edit/block.ts: a selected block's layout and pieces load with the first version 2
            // level (blockLoaded.ts), and in this group it would bring the layout checks to the first page
            {
              name: 'model',
              test: /src[\\/]core[\\/](facts|cellName|hash|notice|tools[\\/](define|elements|heads|paint|settings|board|cells|registry)|edit[\\/](?!block\.ts)[a-zA-Z]+|game[\\/](types|constants|classic|classicFormat|elements|known|playHash)|level[\\/](primitives|basics|text|index|schema|starved|level|layoutLoaded|countdown))\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  preview: { port: 4173, strictPort: true },
});
