// Players' data and the calibration in the page: the imported CSV per level (IndexedDB store
// `playerData`), the fitted calibration (store `calibrations`, id "current"), and each level's
// features (cached analyses of the three tiers first; the missing tiers are simulated through the
// registry). State only: the components word it.
import { getContext, setContext } from 'svelte';
import type { LevelT } from '../core/level/index.ts';
import { levelHash } from '../core/level/index.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
// not the index: the CSV reader (papaparse), the fit and the model file's schema load when they are
// first needed, not with the page (first-load budget); predicting is a few lines of arithmetic
import type { FittedModel } from '../core/calibration/fit.ts';
import type { CatalogueLevel } from '../core/calibration/playerCsv.ts';
import type { Storage } from '../db/storage.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { Job } from './job.ts';
import { loadCalc, type Calc, type CalibrationRecord, type ImportNote, type LevelPlayerFigures, type PlayerDataRow } from './calibrationTypes.ts';

export { FEATURE_GAMES, type CalibrationRecord, type ImportNote, type LevelPlayerFigures, type PlayerDataRow } from './calibrationTypes.ts';
/** The work of an import, a fit and the features (calibrationWork.ts): it loads with the first one, not with the page (docs/performance.md, "First load"). */
const loadWork = () => import('./calibrationWork.ts');

/** What the level list's badge shows: the bot's win rate and difficulty, or players' pass rate (own, else predicted). */
export type ListFigures = 'bot' | 'players';
const LIST_FIGURES_SETTING = 'listBadge';

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
  async calcs(): Promise<Calc> {
    return (this.calc ??= await loadCalc());
  }
  readonly job = new Job();
  private loaded: Promise<void> | null = null;

  constructor(
    readonly storage: () => Storage | null,
    readonly runner: () => AnalysisRunner,
    /** Every level of the catalogue with its number (Go to level's): what a CSV's keys are matched against. */
    readonly catalogue: () => readonly CatalogueLevel[] = () => [],
    /**
     * A level's average-tier analysis the fit read or ran (the same games Analyze runs): the studio
     * keeps it as the level's figure, so the pack view shows what the calibration measured (issue 34).
     */
    readonly onMeasured: (level: LevelT, counts: SimCounts) => void = () => {},
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
    return (await loadWork()).figuresFromReport(this, level, counts);
  }

  /**
   * Imports a CSV export into the pack of `levels` (matched against the whole catalogue), then fits the
   * calibration again (calibrationWork.ts says how).
   */
  async importCsv(text: string, source: string, levels: readonly LevelT[]) {
    if (this.running) return;
    return (await loadWork()).importCsv(this, text, source, levels);
  }

  /** Features of every level (cached first, the missing tiers simulated), then the fit on the levels with data. */
  async refit(levels: readonly LevelT[]) {
    if (this.running) return;
    return (await loadWork()).refit(this, levels);
  }

  /** Reads each level's three tiers from the analysis cache; the missing ones are analysed, with progress. */
  async ensureFeatures(levels: readonly LevelT[], signal?: AbortSignal) {
    return (await loadWork()).ensureFeatures(this, levels, signal);
  }

  /** Features from cached analyses only (nothing simulated): the pack view's first look. */
  async ensureCachedFeatures(levels: readonly LevelT[]) {
    return (await loadWork()).ensureCachedFeatures(this, levels);
  }

  /** Imports a model file (fitted elsewhere, e.g. by match3 calibrate): predictions without the fit's per-level report. */
  async importModel(text: string): Promise<boolean> {
    return (await loadWork()).importModel(this, text);
  }

  cancel() {
    this.job.cancel();
  }

  /** The model file's text (JSON), for teams and pipelines. */
  modelFileText(): string | null {
    return this.record ? JSON.stringify(this.record.model, null, 2) + '\n' : null;
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
