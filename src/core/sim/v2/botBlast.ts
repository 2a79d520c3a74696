// The average bot's first clear of a rocket or bomb move read off a version 2 board (v2/bots.ts):
// the special tapped, or swapped with a colour tile whose lines it may make, on a board with no
// line. Plain when each cell it reaches takes its one hit (RULES §11.2, §12.2, §12.6) with nothing
// following: no cover, no other special set off (no chain), no multi-cell piece, no key, no
// effect of a piece hit or removed (so no wave, counter or gate), no spreading ground under a
// group. Then the clear removes colour tiles (match or blast), the special, coloured pieces (match
// or blast) and pieces at their last hit point; others lose one; grounds lose a layer to `blast`,
// or to `cleared` under a removed tile. Checked against the played clear in tests
// (checkPlainClears).
import type { Board } from '../board.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../codes.ts';
import { EV_ADJACENT, EV_BLAST, EV_CLEARED, EV_EFFECT, EV_MATCH } from '../../game/tables.ts';
import { TAP } from '../moves.ts';
import { neighbours, swapSlots, target2 } from './lines.ts';
import { placeSpecial, removeTile } from './lookahead2.ts';
import type { V2State } from './state.ts';

/** The special the move uses up (beside the damage events). */
const USED = 64;
/** What a reached cell's hit does: nothing, the special used up, a colour tile collected, a piece removed, a piece hit. */
const ACT_NONE = 0, ACT_USED = 1, ACT_COLLECT = 2, ACT_REMOVE = 3, ACT_HIT = 4;
const nb = new Int32Array(4);

export class BlastClear {
  /** Tiles and pieces removed, ground layers taken from hidden rectangles not yet found, coloured pieces removed. */
  removed = 0;
  hid = 0;
  pieces = 0;
  /** The swapped cells (-1: a tap), where the special goes off. */
  a = -1;
  c = -1;
  at = -1;
  private ev = new Uint8Array(0);
  private seen = new Int32Array(0);
  private cells = new Int32Array(0);
  private count = 0;
  private stamp = 0;
  /** What the clear does, in lists: colours collected, pieces removed (element, hit points), pieces hit, grounds that lose a layer. */
  private colours = new Int8Array(0);
  private nColours = 0;
  private gone = new Int32Array(0);
  private goneHp = new Int32Array(0);
  private nGone = 0;
  private hitEl = new Int32Array(0);
  private nHit = 0;
  private grounds = new Int32Array(0);
  private nGrounds = 0;
  /** Per cell: stamp when its tile or piece is removed. */
  private removedAt = new Int32Array(0);
  /** Per reached cell (in this.cells' order): what its hit does (ACT_*), and whether its ground loses a layer. */
  private act = new Uint8Array(0);
  private groundLoss = new Uint8Array(0);

  private size(n: number): void {
    if (this.ev.length === n) return;
    this.ev = new Uint8Array(n);
    this.seen = new Int32Array(n);
    this.removedAt = new Int32Array(n);
    this.cells = new Int32Array(n);
    this.colours = new Int8Array(n);
    this.gone = new Int32Array(n);
    this.goneHp = new Int32Array(n);
    this.hitEl = new Int32Array(n);
    this.grounds = new Int32Array(n);
    this.act = new Uint8Array(n);
    this.groundLoss = new Uint8Array(n);
    this.stamp = 0;
  }

  /** The special of move `code` and the cell it goes off at (this.at), or -1 when the move is no rocket or bomb move with a colour tile. */
  special(b: Board, x: V2State, code: number): number {
    const a = code >> 3, tile = b.tile;
    if ((code & 7) === TAP) {
      this.a = this.c = -1;
      this.at = a;
      return isBlast(tile[a]) ? tile[a] : -1;
    }
    const c = target2(b, x, code), ta = tile[a], tc = tile[c];
    this.a = a;
    this.c = c;
    // after the swap the special stands where its partner stood
    if (isBlast(ta) && tc < 6) {
      this.at = c;
      return ta;
    }
    if (isBlast(tc) && ta < 6) {
      this.at = a;
      return tc;
    }
    return -1;
  }

  /** The tile at i once swapped. */
  private tileAt(b: Board, i: number): number {
    return b.tile[i === this.a ? this.c : i === this.c ? this.a : i];
  }

  private add(i: number, ev: number): void {
    if (this.seen[i] !== this.stamp) {
      this.seen[i] = this.stamp;
      this.ev[i] = 0;
      this.cells[this.count++] = i;
    }
    this.ev[i] |= ev;
  }

  /**
   * Reads the clear of special `type` (special()) with the partner's groups (group[0 .. n)): false
   * when it is not plain (played on the copy).
   */
  read(b: Board, x: V2State, type: number, group: Int32Array, n: number): boolean {
    this.size(b.n);
    if (++this.stamp > 1e9) {
      this.seen.fill(0);
      this.removedAt.fill(0);
      this.stamp = 1;
    }
    this.count = 0;
    const spread = b.game.spreadGrounds;
    for (let k = 0; k < n; k++) {
      const i = group[k];
      if (b.ground[i] !== 0 && spread.includes(b.groundKind[i])) return false;
      this.add(i, EV_MATCH);
      const q = neighbours(b, x, i, nb);
      for (let r = 0; r < q; r++) if (this.tileAt(b, nb[r]) !== VOID) this.add(nb[r], EV_ADJACENT);
    }
    const at = this.at;
    this.add(at, USED | EV_BLAST);
    if (type === BOMB) {
      const cx = b.col[at], cy = b.row[at];
      for (let y = cy - 1; y <= cy + 1; y++)
        for (let xx = cx - 1; xx <= cx + 1; xx++) {
          if (y < 0 || xx < 0 || y >= b.h || xx >= b.w) continue;
          if (this.tileAt(b, y * b.w + xx) !== VOID) this.add(y * b.w + xx, EV_BLAST);
        }
    } else {
      const dx = type === ROCKET_H ? 1 : 0, dy = 1 - dx;
      this.run(b, x, at, dx, dy);
      this.run(b, x, at, -dx, -dy);
    }
    return this.outcome(b, x);
  }

  /** A rocket's run from `at` in direction (dx, dy): voids skipped, up to and with the first stopper. */
  private run(b: Board, x: V2State, at: number, dx: number, dy: number): void {
    const stops = x.gt.stopsBlasts;
    for (let cx = b.col[at] + dx, cy = b.row[at] + dy; cx >= 0 && cy >= 0 && cx < b.w && cy < b.h; cx += dx, cy += dy) {
      const j = cy * b.w + cx, t = this.tileAt(b, j);
      if (t === VOID) continue;
      this.add(j, EV_BLAST);
      if ((t >= ELEM0 && stops[t - ELEM0] !== 0) || (b.cover[j] !== 0 && stops[b.coverKind[j]] !== 0)) return;
    }
  }

  /** What each reached cell's one hit does, into the lists; false when a cell's hit is not plain. */
  private outcome(b: Board, x: V2State): boolean {
    const gt = x.gt, dmg = b.game.damage;
    this.nColours = this.nGone = this.nHit = this.nGrounds = 0;
    this.removed = this.hid = this.pieces = 0;
    for (let k = 0; k < this.count; k++) {
      const i = this.cells[k], ev = this.ev[i];
      if (b.cover[i] !== 0) return false;
      const from = i === this.a ? this.c : i === this.c ? this.a : i, t = b.tile[from];
      let gone = false;
      this.act[k] = ACT_NONE;
      if ((ev & USED) !== 0) {
        gone = true;
        this.act[k] = ACT_USED;
      } else if (t < 6) {
        if ((ev & (EV_MATCH | EV_BLAST)) !== 0) {
          this.colours[this.nColours++] = t;
          gone = true;
          this.act[k] = ACT_COLLECT;
        }
      } else if (t >= ROCKET_H && t <= RAINBOW) {
        if ((ev & EV_BLAST) !== 0) return false; // a chain
      } else if (t >= ELEM0) {
        const e = t - ELEM0;
        if (x.anchor[i] >= 0 || x.anchor[from] >= 0) return false;
        const colored = gt.colored[e] !== 0;
        const hurt = colored ? (ev & (EV_MATCH | EV_BLAST)) !== 0 : !(gt.gateCounter[e] >= 0 && x.gateOpen[e] === 0) && (dmg[e] & ev) !== 0;
        if (hurt) {
          if (!colored && gt.key[e] >= 0) return false;
          const hp = b.hp[from];
          if (gt.onHit[e].length !== 0 || (!colored && hp < 1)) return false;
          if (colored || hp === 1) {
            if (gt.onDestroy[e].length !== 0) return false;
            this.gone[this.nGone] = e;
            this.goneHp[this.nGone++] = hp > 0 ? hp : 1;
            if (colored) this.pieces++;
            gone = true;
            this.act[k] = ACT_REMOVE;
          } else {
            this.hitEl[this.nHit++] = e;
            this.act[k] = ACT_HIT;
          }
        }
      } else if (t !== EMPTY) return false;
      if (gone) {
        this.removed++;
        this.removedAt[i] = this.stamp;
      }
      const gl = b.ground[i];
      this.groundLoss[k] = 0;
      if (gl !== 0 && (dmg[b.groundKind[i]] & ((ev & (EV_BLAST | EV_EFFECT)) | (gone ? EV_CLEARED : 0))) !== 0) {
        this.groundLoss[k] = 1;
        this.grounds[this.nGrounds++] = i;
        const r = x.layout.hiddenOf[i];
        if (r >= 0 && x.found[r] === 0) this.hid++;
      }
    }
    return true;
  }

  /** Moves b's counters by d (1: as the clear leaves them, -1: back). */
  shift(b: Board, d: number): void {
    const left = b.elLeft, cells = b.elCells;
    for (let k = 0; k < this.nColours; k++) b.collected[this.colours[k]] += d;
    for (let k = 0; k < this.nGone; k++) {
      const e = this.gone[k];
      left[e] -= d * this.goneHp[k];
      cells[e] -= d;
      b.elRemoved[e] += d;
    }
    for (let k = 0; k < this.nHit; k++) left[this.hitEl[k]] -= d;
    for (let k = 0; k < this.nGrounds; k++) {
      const i = this.grounds[k], gk = b.groundKind[i];
      left[gk] -= d;
      if (b.ground[i] === 1) cells[gk] -= d;
    }
    b.score += d * 10 * this.removed; // step 1: 10 a tile or piece
  }

  /**
   * Plays the clear read (read() true) straight onto b, a copy of the board it was read on, as
   * firstStep2 leaves it (the expert's look-ahead, lookahead2.ts): the swap, each reached cell's hit,
   * the grounds' layers, and `made` (the special the partner's lines make, -1 none) on the partner's cell.
   */
  apply(b: Board, x: V2State, made: number): void {
    const a = this.a, c = this.c, tile = b.tile;
    if (a >= 0) {
      swapSlots(b, x, a, c);
      x.hole(a);
      x.hole(c);
    }
    b.step = 1;
    b.stampId++;
    for (let k = 0; k < this.count; k++) {
      const i = this.cells[k], act = this.act[k], t = tile[i];
      if (act === ACT_NONE) continue;
      if (act === ACT_HIT) {
        x.changes++;
        b.hp[i]--;
        b.elHit[t - ELEM0] = 1;
        if (b.heat !== null) b.heat[i]++;
        continue;
      }
      if (act === ACT_COLLECT) b.collected[t]++;
      else if (act === ACT_REMOVE) {
        b.elRemoved[t - ELEM0]++;
        b.elHit[t - ELEM0] = 1;
      }
      removeTile(b, x, i, 1);
    }
    for (let k = 0; k < this.count; k++)
      if (this.groundLoss[k] !== 0) {
        x.changes++;
        b.ground[this.cells[k]]--;
      }
    if (made >= 0) placeSpecial(b, this.at === c ? a : c, made);
  }

  /** Whether the clear removes the tile or piece at i (after read). */
  removes(i: number): boolean {
    return this.removedAt[i] === this.stamp;
  }

  /** The cell whose piece stands at i once swapped. */
  from(i: number): number {
    return i === this.a ? this.c : i === this.c ? this.a : i;
  }
}

const isBlast = (t: number) => t === ROCKET_H || t === ROCKET_V || t === BOMB;
