// The package's version: put in by the CLI build (vite.cli.config.ts), read from package.json
// when the CLI runs from its TypeScript sources.
import { readFileSync } from 'node:fs';

declare const __MATCH3_VERSION__: string | undefined;

export function packageVersion(): string {
  if (typeof __MATCH3_VERSION__ === 'string') return __MATCH3_VERSION__;
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
