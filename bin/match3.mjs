#!/usr/bin/env node
// The match3 CLI from its TypeScript sources, through tsx (a dev dependency): for working on the
// CLI in this repository. The installed package runs the plain JavaScript build, dist-cli/match3.mjs.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/bin.ts');
