#!/usr/bin/env node
// The match3 CLI: runs the studio's TypeScript core in node through tsx (a runtime dependency).
import { register } from 'tsx/esm/api';

// `match3 tools --json | head`: a closed pipe ends the output quietly instead of with a stack trace
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
