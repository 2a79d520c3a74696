// The studio's Content-Security-Policy, written into the built index.html as a meta tag (the dev
// server is left without it: Vite's dev client needs inline code). See docs/security.md.
import type { Plugin } from 'vite';

/**
 * Where the copilot may send requests. Hosted providers are all https; local model servers (Ollama,
 * LM Studio) answer on http://localhost or 127.0.0.1. A self-hoster narrows this to the providers
 * their designers use, e.g. `https://api.openai.com https://api.deepseek.com`.
 */
export const PROVIDER_SOURCES = ['https:', 'http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

export function contentSecurityPolicy(providerSources: readonly string[] = PROVIDER_SOURCES): string {
  return [
    "default-src 'self'",
    "script-src 'self'", // no inline script, no eval
    "style-src 'self' 'unsafe-inline'", // Svelte sets style attributes (sizes, colours); styles cannot run code
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${providerSources.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

export function cspPlugin(providerSources?: readonly string[]): Plugin {
  return {
    name: 'match3-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(providerSources) }, injectTo: 'head-prepend' }],
    },
  };
}
