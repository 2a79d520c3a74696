// The page's copilot reaches the simulator through this service: it runs the registry's own tools
// (analyze_level, deep_analyze, get_bottleneck, tune_level, generate_random_level with a target) with
// a runner, and names each run's progress by tool for the chat's progress line.
import type { AnalysisService, SimRunner, ToolContext } from '../core/tools/index.ts';
import { gameOfLevel, getTool, loadTools, validateArgs } from '../core/tools/index.ts';
import type { FittedModel } from '../core/calibration/fit.ts';

export function createAnalysisService(
  runner: SimRunner,
  hooks: { onProgress?: (tool: string, done: number, total: number) => void; calibration?: () => FittedModel | null; playersOf?: ToolContext['playersOf'] } = {},
): AnalysisService {
  return {
    async run(tool, level, args, signal) {
      await loadTools([tool]); // its definition, where it loads on first use
      const t = getTool(tool);
      if (!t || !('run' in t) || !t.run) throw new Error(`${tool} is not an analysis tool`);
      // arguments from runTool are already parsed; a direct caller's are parsed here (defaults filled),
      // by the level's game's schema (a version 2 game's tune levers: its emitters, its countdowns)
      const v = validateArgs(tool, args, gameOfLevel(level));
      if (!v.ok) throw new Error(v.error);
      return t.run(level, v.args as never, { runner, signal, onProgress: (d, n) => hooks.onProgress?.(tool, d, n), calibration: hooks.calibration?.() ?? null, playersOf: hooks.playersOf });
    },
  };
}
