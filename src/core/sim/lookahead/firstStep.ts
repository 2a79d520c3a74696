// The look-ahead's step 1 (src/core/sim/lookahead.ts, point 2): a swap of two colour tiles clears
// the runs through the swapped cells directly; a tap, a combo or a swap with a special go through
// the engine's own clears (resolve.ts, hits.ts), then gravity.
import type { Board } from '../board.ts';
import { BOMB, RAINBOW, ROCKET_H, ROCKET_V } from '../codes.ts';
import { beginStep, clearGroups, fireSwapped } from '../resolve.ts';
import { enqueueFire, fireCombo, hitByMatch, hitNeighbour, runFireQueue, useSpecial } from '../hits.ts';
import { findMatchesAround } from '../match.ts';
import { TAP, moveTarget } from '../moves.ts';
import { LookAheadCount } from './countThree.ts';
import { BLASTS, COMBO, LINES_AND_BLASTS } from './scratch.ts';

export class LookAheadStep extends LookAheadCount {
  /** Step 1 as applyMove plays it: the swap's own clear, or the tap, or the combo, then gravity. */
  protected firstStep(s: Board, code: number): void {
    const a = code >> 3;
    beginStep(s, 1);
    let kind = BLASTS; // what step 1 cleared besides the specials in the fire queue
    if ((code & 7) === TAP) {
      const t = s.tile[a];
      useSpecial(s, a);
      enqueueFire(s, a, t, -1);
    } else {
      const c = moveTarget(s, code);
      const tile = s.tile;
      const ta = tile[a], tc = tile[c];
      tile[a] = tc;
      tile[c] = ta;
      const sa = ta >= ROCKET_H, sc = tc >= ROCKET_H;
      if (!sa && !sc) {
        this.plainSwap(s, a, c);
        return;
      }
      if (sa && sc) {
        kind = COMBO;
        fireCombo(s, c, ta, a, tc);
      } else {
        kind = LINES_AND_BLASTS;
        if (findMatchesAround(s, a, c) > 0) clearGroups(s, a, c);
        if (sa) fireSwapped(s, c, ta, tc);
        if (sc) fireSwapped(s, a, tc, ta);
      }
    }
    runFireQueue(s);
    this.place(s);
    this.onlyMatches = false;
    if (kind === COMBO) this.startEveryColumn(s);
    else this.startAtBlasts(s, kind === LINES_AND_BLASTS);
    this.gravity(s);
  }

  /**
   * Where gravity starts after a step whose specials all went through the fire queue (a tap, or a
   * swap of a special with a colour tile, whose lines are recorded: `lines`): in each column, the
   * lowest cell a blast reached — a rocket's row in every column, the bottom of a rocket's column,
   * the row under a bomb in its three columns; a rainbow (tiles of a colour anywhere): every column
   * from the bottom. (The queue keeps every special fired in the step; a cell hit by a blast is in its
   * area, a crate only loses hp to a blast that reaches it.)
   */
  protected startAtBlasts(s: Board, lines: boolean): void {
    const { w, h, fireCell, fireType } = s;
    for (let k = 0; k < s.fireTail; k++) {
      const i = fireCell[k], x = s.col[i], y = s.row[i];
      switch (fireType[k]) {
        case ROCKET_H:
          for (let xx = 0; xx < w; xx++) this.startAt(xx, y * w + xx);
          break;
        case ROCKET_V:
          this.startAt(x, (h - 1) * w + x);
          break;
        case BOMB: {
          const below = (y + 1 < h ? y + 1 : h - 1) * w;
          for (let xx = x > 0 ? x - 1 : 0; xx <= x + 1 && xx < w; xx++) this.startAt(xx, below + xx);
          break;
        }
        default:
          this.startEveryColumn(s);
          return;
      }
    }
    if (lines) this.startAtLineCells(s);
  }

  /**
   * Step 1 of a swap of two colour tiles (already swapped on `s`) on a stable board: every line runs
   * through a or c, so the lines are the runs through them. What clearGroups does with the lines
   * findMatchesAround records, without recording them: a group is the row and column runs through
   * one swapped cell, and its special (RULES §2.4) appears at that cell.
   */
  protected plainSwap(s: Board, a: number, c: number): void {
    this.onlyMatches = true;
    this.runsThrough(s, a, 0);
    this.runsThrough(s, c, 4);
    if (this.countable && this.countThree(s, a, c)) return;
    this.decideSpecial(s, a, 0);
    this.decideSpecial(s, c, 4);
    const neighbourHits = s.elTiles > 0;
    this.clearRuns(s, a, 0, neighbourHits);
    this.clearRuns(s, c, 4, neighbourHits);
    if (s.fireTail > 0) runFireQueue(s); // (lines hold colour tiles: nothing fires)
    this.place(s);
    if (s.fireTail > 0) this.startEveryColumn(s);
    else this.startAtRuns(s, a, c);
    this.gravity(s);
  }

  /** The special the group through p makes (clearGroups' rule), queued for placement at p. */
  protected decideSpecial(s: Board, p: number, o: number): void {
    const runs = this.runs;
    const hl = runs[o + 1] - runs[o] + 1, vl = runs[o + 3] - runs[o + 2] + 1;
    let special = -1;
    if (hl >= 5 || vl >= 5) special = RAINBOW;
    else if (hl >= 3 && vl >= 3) special = BOMB;
    else if (hl === 4) special = ROCKET_V;
    else if (vl === 4) special = ROCKET_H;
    if (special < 0) return;
    s.placeCell[s.placeCount] = p;
    s.placeTile[s.placeCount++] = special;
  }

  /** Hits the cells of the runs through p that are lines (3+), and their crate neighbours. */
  protected clearRuns(s: Board, p: number, o: number, neighbourHits: boolean): void {
    const runs = this.runs, w = s.w;
    const x0 = runs[o], x1 = runs[o + 1], y0 = runs[o + 2], y1 = runs[o + 3];
    if (x1 - x0 >= 2) {
      const r = p - s.col[p];
      for (let x = x0; x <= x1; x++) this.hitLineCell(s, r + x, neighbourHits);
    }
    if (y1 - y0 >= 2) {
      const x = s.col[p];
      for (let y = y0; y <= y1; y++) this.hitLineCell(s, y * w + x, neighbourHits);
    }
  }

  protected hitLineCell(s: Board, j: number, neighbourHits: boolean): void {
    hitByMatch(s, j);
    if (!neighbourHits) return;
    const w = s.w, x = s.col[j];
    if (x > 0) hitNeighbour(s, j - 1);
    if (x < w - 1) hitNeighbour(s, j + 1);
    if (j >= w) hitNeighbour(s, j - w);
    if (j + w < s.n) hitNeighbour(s, j + w);
  }
}
