// The page's Content-Security-Policy (build/csp.ts): every source is one browsers accept, so no load
// logs "contains an invalid source" (issue 23); a self-hoster's bad CSP_CONNECT stops the build.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, invalidSource, PROVIDER_SOURCES } from '../../build/csp.ts';

describe('the CSP', () => {
  it('default provider sources are all valid CSP sources, with loopback over localhost and 127.0.0.1', () => {
    expect(PROVIDER_SOURCES.map(invalidSource)).toEqual(PROVIDER_SOURCES.map(() => undefined));
    const connect = contentSecurityPolicy().split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self' https: http://localhost:* http://127.0.0.1:*");
  });

  it('accepts the forms a self-hoster writes', () => {
    for (const s of ['https://api.openai.com', 'https://*.example.com', 'http://192.168.1.20:11434', 'http://localhost:11434/v1', "'self'", 'https:'])
      expect(invalidSource(s), s).toBeUndefined();
  });

  it('refuses IPv6 literals (Chromium ignores them with a console error) and nonsense, naming the way out', () => {
    expect(invalidSource('http://[::1]:*')).toMatch(/IPv6.*http:\/\/localhost:PORT/);
    expect(invalidSource('http://[::1]')).toMatch(/IPv6/);
    expect(invalidSource('https://api.example.com;script-src')).toMatch(/not a CSP source/);
    expect(() => contentSecurityPolicy(['https://api.openai.com', 'http://[::1]:11434'])).toThrow(/^CSP_CONNECT: http:\/\/\[::1\]:11434: a CSP source cannot name an IPv6 address/);
  });
});
