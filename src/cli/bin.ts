#!/usr/bin/env node
// The `match3` process: the built bin (dist-cli/match3.mjs) and, through tsx, bin/match3.mjs.
// `--version` answers before the rest of the CLI (zod, the tool registry, the simulator) is loaded.
import { packageVersion } from './version.ts';

// `match3 tools --json | head`: a closed pipe ends the output quietly instead of with a stack trace
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version')) {
  process.stdout.write(packageVersion() + '\n');
} else {
  const { runCli } = await import('./main.ts');
  process.exitCode = await runCli(argv);
}
