// The body of get_level (its head is in heads.ts; this file loads with its first call, the copilot's
// tools or a first runTool, not with the page: docs/performance.md, "First load"): the level as the
// model reads it — settings, objectives, the board as text rows and the warnings — or its file.
import * as z from 'zod/mini';
import { serializeLevel } from '../level/index.ts';
import { renderLevelText, BOARD_LEGEND } from '../level/levelText.ts';
import { toolBody, oneOf } from './define.ts';

export const getLevel = toolBody({
  kind: 'read',
  params: z.object({
    format: z.optional(oneOf(['text', 'json'] as const, 'text (board as rows, the default) or json (the level file)')),
  }),
  async read(level, a) {
    if (a.format === 'json') return { summary: serializeLevel(level), data: level };
    // the engine's check (no valid first move) loads with the first call (docs/performance.md)
    const { warningsOf } = await import('../sim/checks.ts');
    const warnings = warningsOf(level);
    const w = warnings.length ? '\nWarnings:\n' + warnings.map((x) => `- ${x.message}`).join('\n') : '\nWarnings: none.';
    return { summary: renderLevelText(level) + '\n' + BOARD_LEGEND + w, data: level };
  },
});
