// `--model MODEL.json` for analyze and merge: each level's report gains the calibration's predicted
// player figures (src/core/calibration), from the features that every tier's counts give.
import { fittedOf, parseModelFile, playerFigures, type FittedModel } from '../core/calibration/index.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { LevelReport } from './report.ts';

export interface ModelIo {
  err: (line: string) => void;
  readFile: (path: string) => Promise<string>;
}

/** The model to predict with: null when it is not useful (said once on stderr), or the file's problem. */
export async function loadPlayerModel(path: string, io: ModelIo): Promise<{ model: FittedModel | null } | { problem: string }> {
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: `${path}: (file): cannot read the file${code ? ` (${code})` : ''}` };
  }
  const r = parseModelFile(text);
  if (!r.ok) return { problem: `${path}: ${r.error}` };
  if (r.model.botsVersion !== BOTS_VERSION)
    io.err(`${path}: warning: fitted on bots version ${r.model.botsVersion}, this simulator plays version ${BOTS_VERSION}: refit with match3 calibrate`);
  if (!r.model.report.useful) {
    io.err(`${path}: the calibration is not useful (its features did not explain the players' pass rates): no player figures are given`);
    return { model: null };
  }
  return { model: fittedOf(r.model) };
}

/** The report with `player` (after `features`, before the timings). */
export function withPlayer(r: LevelReport, model: FittedModel | null): LevelReport {
  const { durationMs, ...rest } = r;
  return { ...rest, player: playerFigures(model, r.features ?? null), durationMs };
}
