// How a CLI command reads and writes: the real process, or a test's own. Its own module so the
// commands (merge, report, shard, tune) and main.ts all import it and none imports main.ts.
import { readFile } from 'node:fs/promises';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile: (path: string) => Promise<string>;
  /** For commands that write a file (tune --out); tests pass their own. */
  writeFile?: (path: string, text: string) => Promise<void>;
}

export const realIo: Io = {
  out: (l) => process.stdout.write(l + '\n'),
  err: (l) => process.stderr.write(l + '\n'),
  readFile: (p) => readFile(p, 'utf8'),
};
