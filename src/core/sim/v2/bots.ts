// The average and expert bots on a version 2 board (RULES §3, §12; docs/rules.md "Bots on version 2
// levels"). Their look-ahead is the engine itself on a copy of the board with refill off, so it
// follows every §12 rule by construction: the average bot plays each move's own first clear (step 1:
// the swap's groups and the specials it sets off, waves included, before gravity), the expert the
// whole move with its known cascades and the belts' shift. Each result is valued by the objectives'
// progress (collect, clear, bring down, cover, find, credits), the counters that open gates, the
// countdowns defused (lowest first) and, for the expert, the specials made.
import { Board } from '../board.ts';
import type { Objectives } from '../objectives.ts';
import { OBJ_FIND } from '../objectives.ts';
import { OBJECTIVE_WEIGHT } from '../bots/weights.ts';
import { ELEM0 } from '../codes.ts';
import { applyMove2, firstStep2, recount2 } from './move.ts';
import { V2State } from './state.ts';

/** A win found by the look-ahead outweighs anything else. */
const WIN = 1e6;
/** Value of defusing a piece at countdown c: DEFUSE / c² (the lowest first). */
const DEFUSE = 40;
/** A countdown the move leaves at 1 will end the game on the next move unless defused. */
const AT_ONE = 60;
/** Value of a level counter's tick (a step toward a gate). */
const TICK = 3;
/** Value of a special made, for the expert. */
const SPECIAL = 3;

/** How urgent the board's countdowns are: Σ 1 / c² over the coloured pieces that count down. */
function danger(b: Board, x: V2State): number {
  if (!x.gt.anyCountdown) return 0;
  let d = 0;
  for (let i = 0; i < b.n; i++) {
    const c = x.cd[i];
    if (c > 0 && b.tile[i] >= ELEM0) d += c === 1 ? AT_ONE / DEFUSE : 1 / (c * c);
  }
  return d;
}

/** Ground layers left in hidden rectangles not yet found (a find objective's progress before it completes). */
function hiddenGround(b: Board, x: V2State): number {
  let g = 0;
  const rects = x.layout.hidden;
  for (let r = 0; r < rects.length; r++) if (x.found[r] === 0) for (const i of rects[r]) g += b.ground[i];
  return g;
}

function counterSum(x: V2State): number {
  let s = 0;
  for (let k = 0; k < x.counters.length; k++) s += x.counters[k];
  return s;
}

/** The player's own first clear of move `code` (no gravity): what the average bot looks at. */
function firstClear(b: Board, x: V2State, code: number): void {
  b.elHit.fill(0);
  firstStep2(b, x, code);
  recount2(b, x);
}

export class V2Chooser {
  private scratch: Board | null = null;
  private before: Int32Array = new Int32Array(0);

  private scratchFor(b: Board): Board {
    let s = this.scratch;
    if (s === null || s.n !== b.n || s.game !== b.game || s.x === null || s.x.layout !== b.x!.layout) {
      s = new Board(b.w, b.h, b.colors);
      s.setGame(b.game);
      s.x = new V2State(b.n, b.game, b.x!.layout);
      s.refill = false;
      this.scratch = s;
    }
    return s;
  }

  /** The move of b's list that the average (`deep` false) or expert bot plays. */
  choose(b: Board, o: Objectives, deep: boolean): number {
    const x = b.x!, s = this.scratchFor(b), sx = s.x!;
    if (this.before.length !== o.count) this.before = new Int32Array(o.count);
    for (let k = 0; k < o.count; k++) this.before[k] = o.remaining(b, k);
    const danger0 = danger(b, x), hidden0 = hiddenGround(b, x), ticks0 = counterSum(x);
    let best = -Infinity, bestCode = b.moves[0];
    for (let m = 0; m < b.moveCount; m++) {
      const code = b.moves[m];
      b.copyTo(s);
      const removed0 = s.removed, specials0 = s.specialsMade;
      if (deep) applyMove2(s, sx, code);
      else firstClear(s, sx, code);
      let v = s.removed - removed0;
      let open = 0;
      for (let k = 0; k < o.count; k++) {
        const left = o.remaining(s, k);
        if (left > 0) open++;
        const total = o.total[k] > 0 ? o.total[k] : 1;
        // progress in the objective's own units, scaled so a small objective is not drowned by a large one
        v += (OBJECTIVE_WEIGHT * (this.before[k] - left) * Math.max(1, Math.min(8, 30 / total))) | 0;
        if (o.kind[k] === OBJ_FIND && left > 0) v += OBJECTIVE_WEIGHT * (hidden0 - hiddenGround(s, sx));
      }
      if (open === 0) v += WIN;
      v += DEFUSE * (danger0 - danger(s, sx));
      v += TICK * (counterSum(sx) - ticks0);
      if (deep) v += SPECIAL * (s.specialsMade - specials0);
      // ties go to the later move in the list, as the classic bots do
      if (v >= best) {
        best = v;
        bestCode = code;
      }
    }
    return bestCode;
  }
}

