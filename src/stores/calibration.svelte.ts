// Players' data and the calibration in the page: the imported CSV per level (IndexedDB store
// `playerData`), the fitted calibration (store `calibrations`, id "current"), and each level's
// features (cached analyses of the three tiers first; the missing tiers are simulated through the
// registry). State only: the components word it.
import { getContext, setContext } from 'svelte';
import type { LevelT } from '../core/level/index.ts';
import { levelHash } from '../core/level/index.ts';
import { LATEST_RULES } from '../core/level/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, TIERS, type Tier } from '../core/facts.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { runTool } from '../core/tools/index.ts';
// not the index: the CSV reader (papaparse), the fit and the model file's schema load when they are
// first needed, not with the page (first-load budget); predicting is a few lines of arithmetic
import type { LevelFit } from '../core/calibration/calibrate.ts';
import type { TierCounts } from '../core/calibration/features.ts';
import type { FittedModel } from '../core/calibration/fit.ts';
import type { ModelFileT } from '../core/calibration/modelFile.ts';
import type { PlayerFigures } from '../core/calibration/player.ts';

type Calc = typeof import('../core/calibration/player.ts') & typeof import('../core/calibration/features.ts');
const loadCalc = async (): Promise<Calc> => ({ ...(await import('../core/calibration/player.ts')), ...(await import('../core/calibration/features.ts')) });
import type { CatalogueLevel, PlayerRow, RowProblem } from '../core/calibration/playerCsv.ts';
import type { Storage } from '../db/storage.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { Job } from './job.ts';

/** Games per tier behind a level's features: the analyses the studio caches anyway. */
export const FEATURE_GAMES = ANALYSIS_GAMES.default;

export interface PlayerDataRow {
  levelId: string;
  attempts: number;
  successes: number;
  /** When the export was imported (ms since the epoch), and from which file. */
  importedAt: number;
  source: string;
}

export interface CalibrationRecord {
  id: 'current';
  model: ModelFileT;
  /** Per level fitted: players' rate and the out-of-fold prediction (names as at fitting). */
  levels: (LevelFit & { name: string })[];
  worst: (LevelFit & { name: string })[];
}

export interface ImportNote {
  source: string;
  matched: number;
  unmatched: PlayerRow[];
  /** Rows whose level is in another pack of the catalogue (imported from that pack's view). */
  elsewhere: number;
  problems: RowProblem[];
}

/** What the level list's badge shows: the bot's win rate and difficulty, or players' pass rate (own, else predicted). */
export type ListFigures = 'bot' | 'players';
const LIST_FIGURES_SETTING = 'listBadge';

/** What the page shows for a level: the players' own rate (measured) or the calibration's prediction. */
export interface LevelPlayerFigures extends PlayerFigures {
  measured: boolean;
}

export class CalibrationStore {
  playerData = $state.raw<Record<string, PlayerDataRow>>({});
  record = $state.raw<CalibrationRecord | null>(null);
  /** Set when the last fit found too few levels with data. */
  tooFew = $state.raw<{ levels: number; minLevels: number } | null>(null);
  /** Features by level id, for the level's content hash. */
  features = $state.raw<Record<string, { hash: string; x: number[] }>>({});
  note = $state.raw<ImportNote | null>(null);
  /** The reader's or the fit's problem, as the core words it (a file refused, nothing stored). */
  error = $state<string | null>(null);
  running = $state.raw<{ done: number; total: number; name: string } | null>(null);
  /** The level list badge's figures (a per-device setting); players' only count once a calibration exists. */
  listFigures = $state<ListFigures>('bot');
  /** The pack view's curve (and its targets, and Tune pack to curve) in players' pass rate. */
  curveInPlayers = $state(false);
  /** The prediction code, loaded with the first use (figures are null until then). */
  private calc = $state.raw<Calc | null>(null);
  private async calcs(): Promise<Calc> {
    return (this.calc ??= await loadCalc());
  }
  private readonly job = new Job();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly storage: () => Storage | null,
    private readonly runner: () => AnalysisRunner,
    /** Every level of the catalogue with its number (Go to level's): what a CSV's keys are matched against. */
    private readonly catalogue: () => readonly CatalogueLevel[] = () => [],
    /**
     * A level's average-tier analysis the fit read or ran (the same games Analyze runs): the studio
     * keeps it as the level's figure, so the pack view shows what the calibration measured (issue 34).
     */
    private readonly onMeasured: (level: LevelT, counts: SimCounts) => void = () => {},
  ) {}

  /** Reads the stored player data and calibration once. */
  load(): Promise<void> {
    const s = this.storage();
    if (!s) return this.calcs().then(() => {}); // not open yet: the next call reads it
    return (this.loaded ??= (async () => {
      await this.calcs();
      const mode = await s.getSetting<ListFigures>(LIST_FIGURES_SETTING).catch(() => undefined);
      if (mode === 'bot' || mode === 'players') this.listFigures = mode;
      const rows = await s.records.list<PlayerDataRow>('playerData').catch(() => []);
      this.playerData = Object.fromEntries(rows.map((r) => [r.levelId, r]));
      const rec = await s.records.get<CalibrationRecord>('calibrations', 'current').catch(() => undefined);
      if (rec) {
        const { parseModelFile } = await import('../core/calibration/modelFile.ts');
        const checked = parseModelFile(JSON.stringify(rec.model));
        if (checked.ok) this.record = rec;
      }
    })());
  }

  /** The fitted model to predict with, when there is one and it is useful. */
  get model(): FittedModel | null {
    const m = this.record?.model;
    return m?.report.useful ? { mean: m.mean, sd: m.sd, beta: [m.intercept, ...m.coefficients], cov: m.covariance, tau2: m.tau2, lambda: m.lambda } : null;
  }

  /** The players' own figures where there is data, else the prediction (null without either). */
  figuresFor(level: LevelT): LevelPlayerFigures | null {
    const calc = this.calc;
    if (!calc) return null;
    const { measuredFigures, playerFigures } = calc;
    const d = this.playerData[level.id];
    if (d && this.record) return { ...measuredFigures(d.attempts, d.successes), measured: true };
    const f = this.features[level.id];
    const p = f && f.hash === levelHash(level) ? playerFigures(this.model, f.x) : null;
    return p ? { ...p, measured: false } : null;
  }

  /** What tune_level needs for a players' target: the model, and the players' own counts where imported. */
  tuneContext(): { calibration: FittedModel | null; playersOf: (id: string) => PlayerDataRow | undefined } {
    return { calibration: this.model, playersOf: (id) => this.playerData[id] };
  }

  /** True when the list's badge shows players' figures (the choice made, and a calibration to show them from). */
  get listShowsPlayers(): boolean {
    return this.listFigures === 'players' && !!this.record;
  }

  setListFigures(mode: ListFigures) {
    this.listFigures = mode;
    void this.storage()?.setSetting(LIST_FIGURES_SETTING, mode).catch(() => {});
  }

  /**
   * The analysis report's players figures: the players' own rate where the level has data, else the
   * prediction from the report's tiers (the tiers it lacks read from the analysis cache). Null
   * without a calibration, or without all three tiers.
   */
  async figuresFromReport(level: LevelT, counts: readonly SimCounts[]): Promise<LevelPlayerFigures | null> {
    if (!this.record) return null;
    const { measuredFigures, playerFigures, featuresOf } = await this.calcs();
    const d = this.playerData[level.id];
    if (d) return { ...measuredFigures(d.attempts, d.successes), measured: true };
    const tiers: TierCounts = Object.fromEntries(counts.map((c) => [c.tier, c]));
    const games = counts[0]?.games ?? FEATURE_GAMES;
    for (const tier of TIERS) tiers[tier] ??= await this.runner().cached(level, tier, games);
    const p = playerFigures(this.model, featuresOf(tiers));
    return p ? { ...p, measured: false } : null;
  }

  /**
   * Imports a CSV export into the pack of `levels`: keys are matched against the whole catalogue (a
   * number is the level's number there, as Go to level and a live game's analytics count), and the
   * rows of this pack's levels are kept; rows of levels in other packs are counted, not imported.
   * Nothing is stored from a file that cannot be read; matched rows replace older data of their
   * levels; then the calibration is fitted again.
   */
  async importCsv(text: string, source: string, levels: readonly LevelT[]) {
    if (this.running) return;
    await this.load();
    this.error = null;
    const { readPlayerCsv, matchInPack } = await import('../core/calibration/playerCsv.ts');
    const csv = readPlayerCsv(text);
    if (!csv.ok) {
      this.note = { source, matched: 0, unmatched: [], elsewhere: 0, problems: csv.problems };
      this.error = csv.error;
      return;
    }
    // the pack's levels as they are now (a name just edited), numbered as the catalogue numbers them
    const { matched, unmatched, elsewhere } = matchInPack(csv.rows, levels, this.catalogue());
    const now = Date.now();
    const rows: PlayerDataRow[] = matched.map((m) => ({ levelId: m.levelId, attempts: m.attempts, successes: m.successes, importedAt: now, source }));
    if (rows.length) await this.storage()?.records.put('playerData', rows);
    this.playerData = { ...this.playerData, ...Object.fromEntries(rows.map((r) => [r.levelId, r])) };
    this.note = { source, matched: matched.length, unmatched, elsewhere, problems: csv.problems };
    await this.refit(levels);
  }

  /** Features of every level (cached first, the missing tiers simulated), then the fit on the levels with data. */
  async refit(levels: readonly LevelT[]) {
    if (this.running) return;
    this.error = null;
    await this.job.run(
      async (signal) => {
        const withData = levels.filter((l) => this.playerData[l.id]);
        if (withData.length < 8) {
          this.tooFew = { levels: withData.length, minLevels: 8 };
          return;
        }
        await this.ensureFeatures(levels, signal);
        if (signal.aborted) return;
        await this.fit(withData);
      },
      (message) => (this.error = message),
      () => (this.running = null),
    );
  }

  private async fit(withData: readonly LevelT[]) {
    const [{ calibrate }, { toModelFile }] = await Promise.all([import('../core/calibration/calibrate.ts'), import('../core/calibration/modelFile.ts')]);
    const obs = withData.flatMap((l) => {
      const f = this.features[l.id], d = this.playerData[l.id];
      return f ? [{ id: l.id, x: f.x, attempts: d.attempts, successes: d.successes }] : [];
    });
    const cal = calibrate(obs);
    if (cal.status === 'too-few') {
      this.tooFew = { levels: cal.levels, minLevels: cal.minLevels };
      return;
    }
    this.tooFew = null;
    const names = Object.fromEntries(withData.map((l) => [l.id, l.name]));
    const named = (l: LevelFit) => ({ ...l, name: names[l.id] ?? l.id });
    const record: CalibrationRecord = {
      id: 'current',
      model: toModelFile(cal, { created: new Date(), rulesVersion: LATEST_RULES, botsVersion: BOTS_VERSION, games: FEATURE_GAMES, names }),
      levels: cal.levels.map(named),
      worst: cal.worst.map(named),
    };
    this.record = record;
    void this.storage()?.records.put('calibrations', [JSON.parse(JSON.stringify(record))]).catch(() => {});
  }

  /** Reads each level's three tiers from the analysis cache; the missing ones are analysed, with progress. */
  async ensureFeatures(levels: readonly LevelT[], signal?: AbortSignal) {
    const { featuresOf } = await this.calcs();
    const todo = levels.filter((l) => this.features[l.id]?.hash !== levelHash(l));
    for (const [i, level] of todo.entries()) {
      if (signal?.aborted) return;
      this.running = { done: i, total: todo.length, name: level.name };
      const tiers: TierCounts = {};
      for (const tier of TIERS) tiers[tier] = (await this.runner().cached(level, tier, FEATURE_GAMES)) ?? (await this.simulate(level, tier, signal));
      const average = tiers[DEFAULT_TIER];
      if (average) this.onMeasured(level, average);
      const x = featuresOf(tiers);
      if (x) this.features = { ...this.features, [level.id]: { hash: levelHash(level), x } };
    }
  }

  /** Features from cached analyses only (nothing simulated): the pack view's first look. */
  async ensureCachedFeatures(levels: readonly LevelT[]) {
    const { featuresOf } = await this.calcs();
    for (const level of levels) {
      if (this.features[level.id]?.hash === levelHash(level)) continue;
      const tiers: TierCounts = {};
      for (const tier of TIERS) tiers[tier] = await this.runner().cached(level, tier, FEATURE_GAMES);
      const x = featuresOf(tiers);
      if (x) this.features = { ...this.features, [level.id]: { hash: levelHash(level), x } };
    }
  }

  private async simulate(level: LevelT, tier: Tier, signal?: AbortSignal): Promise<SimCounts | undefined> {
    if (signal?.aborted) return undefined;
    const r = await runTool(level, 'analyze_level', { games: FEATURE_GAMES, tier }, { runner: this.runner(), signal });
    if (!r.ok) throw new Error(r.error);
    return (r.data as { counts: SimCounts[] }).counts[0];
  }

  cancel() {
    this.job.cancel();
  }

  /** The model file's text (JSON), for teams and pipelines. */
  modelFileText(): string | null {
    return this.record ? JSON.stringify(this.record.model, null, 2) + '\n' : null;
  }

  /** Imports a model file (fitted elsewhere, e.g. by match3 calibrate): predictions without the fit's per-level report. */
  async importModel(text: string): Promise<boolean> {
    const { parseModelFile } = await import('../core/calibration/modelFile.ts');
    const r = parseModelFile(text);
    if (!r.ok) {
      this.error = r.error;
      return false;
    }
    this.error = null;
    this.tooFew = null;
    this.record = { id: 'current', model: r.model, levels: [], worst: [] };
    await this.storage()?.records.put('calibrations', [JSON.parse(JSON.stringify(this.record))]).catch(() => {});
    return true;
  }
}

const KEY = Symbol('calibration');
export const provideCalibration = (store: CalibrationStore) => setContext(KEY, store);
/** The calibration store of the page (App provides it); throws when missing. */
export function useCalibration(): CalibrationStore {
  const s = getContext<CalibrationStore | undefined>(KEY);
  if (!s) throw new Error('useCalibration: no CalibrationStore provided (App.svelte provides one)');
  return s;
}
