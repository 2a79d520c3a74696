#!/usr/bin/env node
// The match3 CLI: runs the studio's TypeScript core in node through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
