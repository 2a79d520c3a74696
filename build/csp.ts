// The studio's Content-Security-Policy, written into the built index.html as a meta tag (the dev
// server is left without it: Vite's dev client needs inline code). See docs/security.md.
import type { Plugin } from 'vite';

/**
 * Where the copilot may send requests. Hosted providers are all https; local model servers (Ollama,
 * LM Studio) answer on http://localhost or 127.0.0.1. A self-hoster narrows this to the providers
 * their designers use, e.g. `https://api.openai.com https://api.deepseek.com`.
 *
 * No IPv6 source: CSP's host grammar has no IPv6 literal, and Chromium reports `http://[::1]:*` (any
 * bracketed form) as an invalid source on every load and ignores it. A server listening on ::1 only
 * is reached as `http://localhost:PORT`, which browsers resolve to ::1 as well.
 */
export const PROVIDER_SOURCES = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

const KEYWORD = /^'(self|none)'$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;
// CSP3 host-source: [scheme "://"] ("*" | ["*."] host-chars *("." host-chars)) [":" (port | "*")] [path]
const HOST = /^([a-z][a-z0-9+.-]*:\/\/)?(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d+|\*))?(\/[^\s;,]*)?$/i;

/** Why browsers would ignore a connect-src source (with a console error on every load), or undefined. */
export function invalidSource(source: string): string | undefined {
  if (KEYWORD.test(source) || SCHEME.test(source) || HOST.test(source)) return undefined;
  if (source.includes('[')) return `${source}: a CSP source cannot name an IPv6 address; use http://localhost:PORT for a model server on ::1`;
  return `${source}: not a CSP source (a scheme such as https:, or a host such as https://api.example.com or http://localhost:*)`;
}

export function contentSecurityPolicy(providerSources: readonly string[] = PROVIDER_SOURCES): string {
  const problems = providerSources.map(invalidSource).filter((p): p is string => p !== undefined);
  if (problems.length) throw new Error(`CSP_CONNECT: ${problems.join('; ')}`);
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
