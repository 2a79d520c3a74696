// Plays games [start, start + count) of a level with one bot tier and counts what happened.
// Game i always uses gameSeed(level.seed, i), whatever the chunking.
import { levelHash, rulesOf, type LevelT } from '../../level/index.ts';
import { createBot } from '../bots/index.ts';
import type { Tier } from '../bots/types.ts';
import { CHAIN, CRATE } from '../codes.ts';
import { LOST, REASON_UNSOLVABLE, SimGame, resolveDeadlock, startGame } from '../game.ts';
import { OBJ_CHAIN, OBJ_CRATES, OBJ_ICE, OBJ_JELLY } from '../objectives.ts';
import { applyMove } from '../resolve.ts';
import { botSeed, gameSeed } from '../rng.ts';
import { emptyCounts, type SimCounts } from './counts.ts';

export interface PlayOptions {
  tier: Tier;
  /** First game index (default 0). */
  start?: number;
  count: number;
  /** Keep playing lost games up to 2× the move limit for the win-rate curve (default true). */
  curve?: boolean;
  /** Called every `progressEvery` games with the number done so far in this call. */
  onProgress?: (done: number) => void;
  progressEvery?: number;
  /** Checked between games; when it returns true the counts so far are returned. */
  shouldStop?: () => boolean;
}

const TIER_SALT: Record<Tier, number> = { novice: 1, average: 2, expert: 3 };

export function playGames(level: LevelT, opts: PlayOptions): SimCounts {
  const start = opts.start ?? 0, curve = opts.curve ?? true;
  const L = level.moves, maxMoves = curve ? 2 * L : L;
  const counts = emptyCounts({
    rulesVersion: rulesOf(level), levelHash: levelHash(level), tier: opts.tier,
    width: level.width, height: level.height, moveLimit: L, curveMax: maxMoves, objectives: level.objectives.length,
  });
  const g = new SimGame(level);
  const b = g.board, obj = g.objectives;
  const bot = createBot(opts.tier);
  const heat = new Uint32Array(b.n);
  const every = opts.progressEvery ?? 100;

  const endAtLimit = (won: boolean, m: number) => {
    counts.games++;
    if (won) {
      counts.wins++;
      counts.movesLeftOnWin += L - m;
    }
    counts.reshuffles += g.reshuffles;
    if (g.reshuffles > 0) counts.gamesWithReshuffle++;
    if (g.reason === REASON_UNSOLVABLE) counts.unsolvable++;
    for (let k = 0; k < obj.count; k++) {
      const rem = obj.remaining(b, k);
      if (rem === 0) counts.objCompleted[k]++;
      if (won) continue;
      if (rem > 0) counts.objIncompleteOnLoss[k]++;
      counts.objDoneOnLoss[k] += obj.total[k] - rem;
      counts.objTotalOnLoss[k] += obj.total[k];
    }
    if (!won) addLeft();
  };
  const addLeft = () => {
    let jelly = false, ice = false, chain = false, crates = false;
    for (let k = 0; k < obj.count; k++) {
      if (obj.remaining(b, k) === 0) continue;
      const kind = obj.kind[k];
      if (kind === OBJ_JELLY) jelly = true;
      else if (kind === OBJ_ICE) ice = true;
      else if (kind === OBJ_CHAIN) chain = true;
      else if (kind === OBJ_CRATES) crates = true;
    }
    if (!(jelly || ice || chain || crates)) return;
    const left = counts.heatLeft;
    for (let i = 0; i < b.n; i++) {
      let v = 0;
      if (jelly) v += b.ground[i];
      const c = b.cover[i];
      if (c === CHAIN) {
        if (chain) v++;
      } else if (ice) v += c;
      if (crates && b.tile[i] === CRATE) v += b.hp[i];
      left[i] += v;
    }
  };

  for (let i = start; i < start + opts.count; i++) {
    if (opts.shouldStop?.()) break;
    const seed = gameSeed(level.seed, i);
    startGame(g, seed);
    bot.reset(botSeed(seed, TIER_SALT[opts.tier]));
    b.heat = heat;
    let counted = false;
    if (g.status === LOST) endAtLimit(false, 0);
    else
      for (;;) {
        applyMove(b, bot.choose(b, obj));
        const m = ++g.movesUsed;
        if (obj.allComplete(b)) {
          counts.curveWins[m]++;
          if (!counted) endAtLimit(true, m);
          break;
        }
        if (m === L) {
          // the real result: later moves only feed the curve
          endAtLimit(false, m);
          counted = true;
          b.heat = null;
        }
        if (m >= maxMoves) break;
        resolveDeadlock(g);
        if (g.status === LOST) {
          if (!counted) endAtLimit(false, m);
          break;
        }
      }
    b.heat = null;
    if (opts.onProgress && (i - start + 1) % every === 0) opts.onProgress(i - start + 1);
  }
  for (let i = 0; i < b.n; i++) counts.heatClears[i] = heat[i];
  return counts;
}
