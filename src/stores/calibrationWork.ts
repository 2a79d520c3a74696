// The calibration's work that runs on a click, loaded with the first one (the store, on the first page,
// calls in: docs/performance.md, "First load"): importing players' data (a CSV export) or a model file,
// each level's features (the three tiers' analyses, cached first, the missing ones simulated through
// the registry) and the fit. It writes the store's state; the components word it.
import type { LevelT } from '../core/level/index.ts';
import { levelHash, LATEST_RULES } from '../core/level/index.ts';
import { DEFAULT_TIER, TIERS, type Tier } from '../core/facts.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { runTool } from '../core/tools/index.ts';
import type { LevelFit } from '../core/calibration/calibrate.ts';
import type { TierCounts } from '../core/calibration/features.ts';
import type { FittedModel } from '../core/calibration/fit.ts';
import type { CatalogueLevel } from '../core/calibration/playerCsv.ts';
import type { Storage } from '../db/storage.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import type { Job } from './job.ts';
import { FEATURE_GAMES, type Calc, type CalibrationRecord, type ImportNote, type LevelPlayerFigures, type PlayerDataRow } from './calibrationTypes.ts';

/** What the work reads and writes of the calibration store (CalibrationStore is one). */
export interface CalibrationHost {
  playerData: Record<string, PlayerDataRow>;
  record: CalibrationRecord | null;
  tooFew: { levels: number; minLevels: number } | null;
  features: Record<string, { hash: string; x: number[] }>;
  note: ImportNote | null;
  error: string | null;
  running: { done: number; total: number; name: string } | null;
  readonly model: FittedModel | null;
  load(): Promise<void>;
  calcs(): Promise<Calc>;
  readonly job: Job;
  readonly storage: () => Storage | null;
  readonly runner: () => AnalysisRunner;
  readonly catalogue: () => readonly CatalogueLevel[];
  readonly onMeasured: (level: LevelT, counts: SimCounts) => void;
}

/**
 * The analysis report's players figures: the players' own rate where the level has data, else the
 * prediction from the report's tiers (the tiers it lacks read from the analysis cache). Null
 * without a calibration, or without all three tiers.
 */
export async function figuresFromReport(s: CalibrationHost, level: LevelT, counts: readonly SimCounts[]): Promise<LevelPlayerFigures | null> {
  if (!s.record) return null;
  const { measuredFigures, playerFigures, featuresOf } = await s.calcs();
  const d = s.playerData[level.id];
  if (d) return { ...measuredFigures(d.attempts, d.successes), measured: true };
  const tiers: TierCounts = Object.fromEntries(counts.map((c) => [c.tier, c]));
  const games = counts[0]?.games ?? FEATURE_GAMES;
  for (const tier of TIERS) tiers[tier] ??= await s.runner().cached(level, tier, games);
  const p = playerFigures(s.model, featuresOf(tiers));
  return p ? { ...p, measured: false } : null;
}

/**
 * Imports a CSV export into the pack of `levels`: keys are matched against the whole catalogue (a
 * number is the level's number there, as Go to level and a live game's analytics count), and the
 * rows of this pack's levels are kept; rows of levels in other packs are counted, not imported.
 * Nothing is stored from a file that cannot be read; matched rows replace older data of their
 * levels; then the calibration is fitted again.
 */
export async function importCsv(s: CalibrationHost, text: string, source: string, levels: readonly LevelT[]) {
  if (s.running) return;
  await s.load();
  s.error = null;
  const { readPlayerCsv, matchInPack } = await import('../core/calibration/playerCsv.ts');
  const csv = readPlayerCsv(text);
  if (!csv.ok) {
    s.note = { source, matched: 0, unmatched: [], elsewhere: 0, problems: csv.problems };
    s.error = csv.error;
    return;
  }
  // the pack's levels as they are now (a name just edited), numbered as the catalogue numbers them
  const { matched, unmatched, elsewhere } = matchInPack(csv.rows, levels, s.catalogue());
  const now = Date.now();
  const rows: PlayerDataRow[] = matched.map((m) => ({ levelId: m.levelId, attempts: m.attempts, successes: m.successes, importedAt: now, source }));
  if (rows.length) await s.storage()?.records.put('playerData', rows);
  s.playerData = { ...s.playerData, ...Object.fromEntries(rows.map((r) => [r.levelId, r])) };
  s.note = { source, matched: matched.length, unmatched, elsewhere, problems: csv.problems };
  await refit(s, levels);
}

/** Features of every level (cached first, the missing tiers simulated), then the fit on the levels with data. */
export async function refit(s: CalibrationHost, levels: readonly LevelT[]) {
  if (s.running) return;
  s.error = null;
  await s.job.run(
    async (signal) => {
      const withData = levels.filter((l) => s.playerData[l.id]);
      if (withData.length < 8) {
        s.tooFew = { levels: withData.length, minLevels: 8 };
        return;
      }
      await ensureFeatures(s, levels, signal);
      if (signal.aborted) return;
      await fit(s, withData);
    },
    (message) => (s.error = message),
    () => (s.running = null),
  );
}

async function fit(s: CalibrationHost, withData: readonly LevelT[]) {
  const [{ calibrate }, { toModelFile }] = await Promise.all([import('../core/calibration/calibrate.ts'), import('../core/calibration/modelFile.ts')]);
  const obs = withData.flatMap((l) => {
    const f = s.features[l.id], d = s.playerData[l.id];
    return f ? [{ id: l.id, x: f.x, attempts: d.attempts, successes: d.successes }] : [];
  });
  const cal = calibrate(obs);
  if (cal.status === 'too-few') {
    s.tooFew = { levels: cal.levels, minLevels: cal.minLevels };
    return;
  }
  s.tooFew = null;
  const names = Object.fromEntries(withData.map((l) => [l.id, l.name]));
  const named = (l: LevelFit) => ({ ...l, name: names[l.id] ?? l.id });
  const record: CalibrationRecord = {
    id: 'current',
    model: toModelFile(cal, { created: new Date(), rulesVersion: LATEST_RULES, botsVersion: BOTS_VERSION, games: FEATURE_GAMES, names }),
    levels: cal.levels.map(named),
    worst: cal.worst.map(named),
  };
  s.record = record;
  void s.storage()?.records.put('calibrations', [JSON.parse(JSON.stringify(record))]).catch(() => {});
}

/** Reads each level's three tiers from the analysis cache; the missing ones are analysed, with progress. */
export async function ensureFeatures(s: CalibrationHost, levels: readonly LevelT[], signal?: AbortSignal) {
  const { featuresOf } = await s.calcs();
  const todo = levels.filter((l) => s.features[l.id]?.hash !== levelHash(l));
  for (const [i, level] of todo.entries()) {
    if (signal?.aborted) return;
    s.running = { done: i, total: todo.length, name: level.name };
    const tiers: TierCounts = {};
    for (const tier of TIERS) tiers[tier] = (await s.runner().cached(level, tier, FEATURE_GAMES)) ?? (await simulate(s, level, tier, signal));
    const average = tiers[DEFAULT_TIER];
    if (average) s.onMeasured(level, average);
    const x = featuresOf(tiers);
    if (x) s.features = { ...s.features, [level.id]: { hash: levelHash(level), x } };
  }
}

/** Features from cached analyses only (nothing simulated): the pack view's first look. */
export async function ensureCachedFeatures(s: CalibrationHost, levels: readonly LevelT[]) {
  const { featuresOf } = await s.calcs();
  for (const level of levels) {
    if (s.features[level.id]?.hash === levelHash(level)) continue;
    const tiers: TierCounts = {};
    for (const tier of TIERS) tiers[tier] = await s.runner().cached(level, tier, FEATURE_GAMES);
    const x = featuresOf(tiers);
    if (x) s.features = { ...s.features, [level.id]: { hash: levelHash(level), x } };
  }
}

async function simulate(s: CalibrationHost, level: LevelT, tier: Tier, signal?: AbortSignal): Promise<SimCounts | undefined> {
  if (signal?.aborted) return undefined;
  const r = await runTool(level, 'analyze_level', { games: FEATURE_GAMES, tier }, { runner: s.runner(), signal });
  if (!r.ok) throw new Error(r.error);
  return (r.data as { counts: SimCounts[] }).counts[0];
}

/** Imports a model file (fitted elsewhere, e.g. by match3 calibrate): predictions without the fit's per-level report. */
export async function importModel(s: CalibrationHost, text: string): Promise<boolean> {
  const { parseModelFile } = await import('../core/calibration/modelFile.ts');
  const r = parseModelFile(text);
  if (!r.ok) {
    s.error = r.error;
    return false;
  }
  s.error = null;
  s.tooFew = null;
  s.record = { id: 'current', model: r.model, levels: [], worst: [] };
  await s.storage()?.records.put('calibrations', [JSON.parse(JSON.stringify(s.record))]).catch(() => {});
  return true;
}
