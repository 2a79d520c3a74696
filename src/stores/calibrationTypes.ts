// The calibration's records and the prediction code's loader, shared by the store
// (calibration.svelte.ts, on the first page) and its work (calibrationWork.ts, loaded with the first
// import, fit or features): neither imports the other's file back.
import { ANALYSIS_GAMES } from '../core/facts.ts';
import type { LevelFit } from '../core/calibration/calibrate.ts';
import type { ModelFileT } from '../core/calibration/modelFile.ts';
import type { PlayerFigures } from '../core/calibration/player.ts';
import type { PlayerRow, RowProblem } from '../core/calibration/playerCsv.ts';

/** The prediction code: loaded with the first use (figures are null until then). */
export type Calc = typeof import('../core/calibration/player.ts') & typeof import('../core/calibration/features.ts');
export const loadCalc = async (): Promise<Calc> => ({ ...(await import('../core/calibration/player.ts')), ...(await import('../core/calibration/features.ts')) });

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

/** What the page shows for a level: the players' own rate (measured) or the calibration's prediction. */
export interface LevelPlayerFigures extends PlayerFigures {
  measured: boolean;
}
