// Plays games [start, start + count) of a level with one bot tier and counts what happened.
// Game i always uses gameSeed(level.seed, i), whatever the chunking.
import { levelHash, rulesOf, type LevelT } from '../../level/index.ts';
import { createBot } from '../bots/index.ts';
import type { Tier } from '../bots/types.ts';
import { ELEM0, VOID } from '../codes.ts';
import { LOST, REASON_UNSOLVABLE, SimGame, playMoveOn, resolveDeadlock, startGame } from '../game.ts';
import { tickCountdowns } from '../v2/move.ts';
import { OBJ_BRING, OBJ_CLEAR, OBJ_COLLECT_EL, OBJ_COVER } from '../objectives.ts';
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
  const b = g.board, obj = g.objectives, game = b.game;
  // game levels only: spreading events in games up to the real limit (classic counts keep their shape)
  const spreading = game.spreadTiles.length + game.spreadGrounds.length > 0;
  if (spreading) counts.spreads = 0;
  // a level whose game or file is version 2 counts the games lost by a countdown (RULES §4, §12)
  if (b.x !== null) {
    counts.lostToCountdown = 0;
    counts.emitted = new Array(game.count).fill(0);
    counts.gateClosedOnLoss = new Array(game.count).fill(0);
    counts.counterOnLoss = new Array(b.x.counters.length).fill(0);
    counts.heatCountdown = new Array(b.n).fill(0);
  }
  /** Per element: an open objective wants it gone (its hp or layers left are what is left on a loss). */
  const wantGone = new Uint8Array(game.count);
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
    if (spreading) counts.spreads! += b.spreads;
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
    if (b.x !== null) addV2(won);
  };
  /** Version 2's counts at a game's real end: what its emitters placed; on a loss, shut gates and the counters. */
  const addV2 = (won: boolean) => {
    const x = b.x!;
    for (let e = 0; e < game.count; e++) counts.emitted![e] += x.emitted[e];
    if (won) return;
    for (const e of x.gt.gated) if (x.gateOpen[e] === 0) counts.gateClosedOnLoss![e]++;
    for (let k = 0; k < x.counters.length; k++) counts.counterOnLoss![k] += x.counters[k];
  };
  const addLeft = () => addLeftOnLoss(counts.heatLeft, b, obj, wantGone);

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
        playMoveOn(b, bot.choose(b, obj));
        const m = ++g.movesUsed;
        if (obj.allComplete(b)) {
          counts.curveWins[m]++;
          if (!counted) endAtLimit(true, m);
          break;
        }
        if (b.x !== null && tickCountdowns(b, b.x)) {
          // lost by a countdown (RULES §12.5): the game ends here, past the limit too
          if (!counted) {
            counts.lostToCountdown!++;
            addCountdownHeat(counts.heatCountdown!, b);
            endAtLimit(false, m);
          }
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

/** Where a game's countdowns reached 0 (into `heat`): each piece of an element that counts down left at 0. */
function addCountdownHeat(heat: number[], b: SimGame['board']): void {
  const x = b.x!, cd = x.gt.countdown;
  for (let i = 0; i < b.n; i++) {
    const t = b.tile[i];
    if (t >= ELEM0 && cd[t - ELEM0] !== 0 && x.cd[i] === 0) heat[i]++;
  }
}

/**
 * What open objectives still want, per cell, when a game is lost (into `left`): the hp or layers of the
 * elements to clear or collect, an item for each item still to bring down, and each cell still to cover.
 */
function addLeftOnLoss(left: number[], b: SimGame['board'], obj: SimGame['objectives'], wantGone: Uint8Array): void {
  const game = b.game;
  wantGone.fill(0);
  let any = false, cover = -1, items = false;
  for (let k = 0; k < obj.count; k++) {
    if (obj.remaining(b, k) === 0) continue;
    const kind = obj.kind[k];
    if (kind === OBJ_CLEAR || kind === OBJ_COLLECT_EL) {
      wantGone[obj.el[k]] = 1;
      any = true;
    } else if (kind === OBJ_BRING) {
      wantGone[obj.el[k]] = 1;
      any = items = true;
    } else if (kind === OBJ_COVER) {
      cover = obj.el[k];
      any = true;
    }
  }
  if (!any) return;
  for (let i = 0; i < b.n; i++) {
    let v = 0;
    if (b.ground[i] !== 0 && wantGone[b.groundKind[i]] !== 0) v += b.ground[i];
    if (b.cover[i] !== 0 && wantGone[b.coverKind[i]] !== 0) v += b.cover[i];
    const t = b.tile[i];
    if (t >= ELEM0 && wantGone[t - ELEM0] !== 0) v += items && game.exit[t - ELEM0] !== 0 ? 1 : b.hp[i];
    if (cover >= 0 && t !== VOID && (b.ground[i] === 0 || b.groundKind[i] !== cover)) v++;
    left[i] += v;
  }
}
