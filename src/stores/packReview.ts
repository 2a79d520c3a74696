// A pack tune's review rows (pack.svelte.ts) and their stored form: a Tune pack to curve job keeps each
// level's result in its job record (jobs.svelte.ts), so a job resumed after a reload ends in the review
// of every level, the ones tuned before the reload included. A stored row holds what the level's row
// needs besides the level itself (its changes as intents, the win rates, the bounds, the confirmation
// counts); the level is read again when the review is shown, and a level edited since its tune is
// listed as such, unchosen (its proposal was for the old version).
import type { TuneReason } from '../core/tune/reasons.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { applyIntents, type Intent } from '../core/tools/index.ts';
import type { Lever } from '../core/facts.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { Bounds, PackBounds } from '../core/tune/bounds.ts';
import type { Change } from '../core/tune/levers.ts';
import type { EmitChange } from '../core/game/levers.ts';
import type { PlayerTargetData } from '../core/tools/tune.ts';

/** One level of a pack tune's review. */
export interface ReviewRow {
  id: string;
  name: string;
  /** change: in the band inside the bounds; unreachable: not inside the bounds (closest shown, not chosen);
   *  onTarget: already in the band; noTarget: the curve gives it none; error: the tune refused (the message). */
  status: 'change' | 'unreachable' | 'onTarget' | 'noTarget' | 'error';
  target: number | null;
  before: LevelT;
  after: LevelT;
  intents: Intent[];
  changes: Change[];
  winRateBefore: number | null;
  winRateAfter: number | null;
  /** The absolute bounds this level was tuned within. */
  bounds: Bounds;
  reason?: TuneReason | string;
  /** The confirmation counts of `after` (games 0..N-1: what an analysis of it shows). */
  counts?: SimCounts;
  selected: boolean;
  /** A tune to a players' target (the curve in players' terms): the translation and the players' prediction before and after. */
  players?: PlayerTargetData;
  /**
   * The change to the level's game the tune found (emitter levers, RULES §12.1): it would reach every level
   * of the game, so a pack's review shows it and applies nothing of the row (its level edits alone were not
   * what was measured); the level's own Tune dialog applies it as a game change.
   */
  game?: { id: string; name: string; changes: EmitChange[] };
}

/** A review row as a job record stores it: the levels themselves are read again (`hash`: the level it was made for). */
export type StoredReviewRow = Omit<ReviewRow, 'before' | 'after'> & { hash: string };

/** What a Tune pack to curve job keeps besides its queue: its settings, and every level's row so far. */
export interface TuneJobData {
  levers: Lever[];
  bounds: PackBounds;
  /** The pack's levels in order (the review lists them all). */
  order: string[];
  /** Each level's row by id; a level still queued holds its "not tuned" row until its tune ends. */
  rows: Record<string, StoredReviewRow>;
  /** 'players': the targets are players' pass rates, translated through the calibration (absent: the bot's win rates). */
  terms?: 'players';
}

/** Why a stored row cannot be applied any more (the review's words are the view's: this is the tuner's English, like other reasons). */
export const EDITED_SINCE = 'the level was edited after it was tuned';
export const NOT_TUNED = 'not tuned (cancelled)';

export function storedRow(r: ReviewRow): StoredReviewRow {
  const { before, after: _after, ...rest } = r;
  // plain data (a reactive wrapper cannot be stored)
  return JSON.parse(JSON.stringify({ ...rest, hash: levelHash(before) })) as StoredReviewRow;
}

/** A stored row against its level as it is now: the same row, or an unchosen error row when the level changed since. */
export function revivedRow(s: StoredReviewRow, level: LevelT): ReviewRow {
  const { hash, ...rest } = s;
  const row: ReviewRow = { ...rest, name: level.name, before: level, after: level };
  if (!s.intents.length) return row;
  const replay = levelHash(level) === hash ? applyIntents(level, s.intents) : null;
  if (!replay || replay.error) return { ...row, status: 'error', intents: [], changes: [], selected: false, counts: undefined, reason: EDITED_SINCE };
  return { ...row, after: replay.level };
}
