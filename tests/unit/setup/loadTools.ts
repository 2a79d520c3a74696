// Node tests use the registry as the CLI does: every tool's definition loaded up front (the page loads
// the copilot's and the simulator's tools on first use: docs/performance.md, "First load").
// tests/unit/tools/firstUse.test.ts imports the registry afresh to test the page's side: nothing loaded.
// zod's English messages, as the page (main.ts), the parsers, the worker and the CLI load them
import '../../../src/core/zod.ts';
import { loadTools } from '../../../src/core/tools/index.ts';

await loadTools();
