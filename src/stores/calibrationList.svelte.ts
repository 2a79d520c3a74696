// The level list's players' badges (issue 19): a level's players' figure by id and content hash (the list
// has summaries, not levels), and its features read from the analysis cache for the rows on screen
// (nothing is simulated for the list). Loaded with the list's players' parts, once a calibration exists.
import { TIERS } from '../core/facts.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { featuresOf, type TierCounts } from '../core/calibration/features.ts';
import { measuredFigures, playerFigures } from '../core/calibration/player.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { FEATURE_GAMES, type CalibrationStore, type LevelPlayerFigures } from './calibration.svelte.ts';

export class ListFigures {
  private wanted = new Map<string, string>();
  /** Levels (by hash) whose cached analyses were looked for: not looked for again until the level or its report changes. */
  private tried = new Map<string, string>();
  private reading: Promise<void> | null = null;

  constructor(private readonly cal: CalibrationStore) {}

  /** The players' own figure where the level has data, else the prediction from its features for that hash (null without a calibration). */
  figuresAt(id: string, hash: string | undefined): LevelPlayerFigures | null {
    const cal = this.cal;
    if (!cal.record) return null;
    const d = cal.playerData[id];
    if (d) return { ...measuredFigures(d.attempts, d.successes), measured: true };
    const f = cal.features[id];
    const p = f && hash && f.hash === hash ? playerFigures(cal.model, f.x) : null;
    return p ? { ...p, measured: false } : null;
  }

  /**
   * Asks for a level's features: from its report when that has every tier at the features' games (a
   * Deep analysis just made), else from the analysis cache, one level after another in the background.
   */
  want(id: string, hash: string, levelOf: (id: string) => Promise<LevelT | undefined>, report?: { hash: string; counts: readonly SimCounts[] }) {
    const cal = this.cal;
    if (!cal.model || cal.playerData[id] || cal.features[id]?.hash === hash) return;
    const tiers: TierCounts = Object.fromEntries((report?.hash === hash ? report.counts : []).filter((c) => c.games === FEATURE_GAMES).map((c) => [c.tier, c]));
    const x = TIERS.every((t) => tiers[t]) ? featuresOf(tiers) : null;
    if (x) {
      cal.features = { ...cal.features, [id]: { hash, x } };
      return;
    }
    if (this.tried.get(id) === hash) return;
    this.wanted.set(id, hash);
    this.reading ??= (async () => {
      while (this.wanted.size) {
        const [wid, whash] = this.wanted.entries().next().value!;
        this.wanted.delete(wid);
        this.tried.set(wid, whash);
        const level = await levelOf(wid).catch(() => undefined);
        if (level && levelHash(level) === whash) await cal.ensureCachedFeatures([level]).catch(() => undefined);
      }
      this.reading = null;
    })();
  }
}

const readers = new WeakMap<CalibrationStore, ListFigures>();
/** The one reader of a calibration store (the list's rows share it). */
export function listFiguresOf(cal: CalibrationStore): ListFigures {
  let r = readers.get(cal);
  if (!r) readers.set(cal, (r = new ListFigures(cal)));
  return r;
}
