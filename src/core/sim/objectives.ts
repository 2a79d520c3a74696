// Objective progress in integer units (tiles, layers, hp, points) read off the board's counters,
// so that sums over games merge exactly.
import { COLORS, type LevelT, type ObjectiveT } from '../level/index.ts';
import type { Board } from './board.ts';

export const OBJ_COLLECT = 0;
export const OBJ_JELLY = 1;
export const OBJ_ICE = 2;
export const OBJ_CHAIN = 3;
export const OBJ_CRATES = 4;
export const OBJ_SCORE = 5;

export class Objectives {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly color: Int8Array;
  /** collect: count; score: target; the clear kinds: what was on the board at the start of this game. */
  readonly total: Int32Array;
  readonly defs: readonly ObjectiveT[];

  constructor(level: Pick<LevelT, 'objectives'>) {
    const os = level.objectives;
    this.defs = os;
    this.count = os.length;
    this.kind = new Uint8Array(os.length);
    this.color = new Int8Array(os.length).fill(-1);
    this.total = new Int32Array(os.length);
    os.forEach((o, k) => {
      switch (o.type) {
        case 'collect':
          this.kind[k] = OBJ_COLLECT;
          this.color[k] = COLORS.indexOf(o.color);
          this.total[k] = o.count;
          break;
        case 'clear_ground':
          this.kind[k] = OBJ_JELLY;
          break;
        case 'clear_cover':
          this.kind[k] = o.cover === 'ice' ? OBJ_ICE : OBJ_CHAIN;
          break;
        case 'clear_crates':
          this.kind[k] = OBJ_CRATES;
          break;
        case 'score':
          this.kind[k] = OBJ_SCORE;
          this.total[k] = o.target;
          break;
      }
    });
  }

  /** Sets the totals of the clear kinds from the board as the game starts (after the designed match). */
  begin(b: Board): void {
    for (let k = 0; k < this.count; k++) {
      switch (this.kind[k]) {
        case OBJ_JELLY: this.total[k] = b.jellyLeft; break;
        case OBJ_ICE: this.total[k] = b.iceLeft; break;
        case OBJ_CHAIN: this.total[k] = b.chainLeft; break;
        case OBJ_CRATES: this.total[k] = b.crateHpLeft; break;
      }
    }
  }

  /** Units still missing for objective k (0 = complete). */
  remaining(b: Board, k: number): number {
    switch (this.kind[k]) {
      case OBJ_COLLECT: {
        const r = this.total[k] - b.collected[this.color[k]];
        return r > 0 ? r : 0;
      }
      case OBJ_JELLY: return b.jellyLeft;
      case OBJ_ICE: return b.iceLeft;
      case OBJ_CHAIN: return b.chainLeft;
      case OBJ_CRATES: return b.crateHpLeft;
      default: {
        const r = this.total[k] - b.score;
        return r > 0 ? r : 0;
      }
    }
  }

  allComplete(b: Board): boolean {
    for (let k = 0; k < this.count; k++) if (this.remaining(b, k) > 0) return false;
    return true;
  }
}

/** The unit an objective is counted in, for reports. */
export function objectiveUnit(o: ObjectiveT): string {
  switch (o.type) {
    case 'collect': return `${o.color} tiles`;
    case 'clear_ground': return 'jelly layers';
    case 'clear_cover': return o.cover === 'ice' ? 'ice layers' : 'chains';
    case 'clear_crates': return 'crate hp';
    case 'score': return 'points';
  }
}
