/// <reference types="svelte" />
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

// a catalogue part imported with `?zh` (src/i18n/catalog/zh.ts): the same module, its own chunk
declare module '*.ts?zh' {
  export const en: Record<string, string>;
  export const zh: Record<string, string>;
}
