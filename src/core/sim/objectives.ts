// Objective progress in integer units (tiles, layers, hp, items, cells, points) read off the
// board's counters, so that sums over games merge exactly. RULES §1 and §11.1.
import { COLORS, type LevelT, type ObjectiveT } from '../level/index.ts';
import { CLEAR_CRATES_ELEMENT } from '../game/classic.ts';
import { classicTables, type GameTables } from '../game/tables.ts';
import type { Board } from './board.ts';

/** Collect a colour: tiles of it removed. */
export const OBJ_COLLECT = 0;
/** Clear an element (clear_ground, clear_cover, clear_crates, clear): its hp or layers left on the board. */
export const OBJ_CLEAR = 1;
/** Collect an element: pieces of it removed. */
export const OBJ_COLLECT_EL = 2;
/** Bring items down: items taken out at exits. */
export const OBJ_BRING = 3;
/** Cover the board with a ground: non-void cells still without it. */
export const OBJ_COVER = 4;
export const OBJ_SCORE = 5;
/** Find hidden pieces (RULES §12.3): rectangles found. */
export const OBJ_FIND = 6;

/** The element an objective names, in the level's game (old spellings included), or undefined. */
export function objectiveElement(o: ObjectiveT, g: GameTables): number | undefined {
  const ob = o as { type: string; element?: string; ground?: string; cover?: string };
  switch (ob.type) {
    case 'clear_ground': return g.index.get(ob.ground!);
    case 'clear_cover': return g.index.get(ob.cover!);
    case 'clear_crates': return g.index.get(CLEAR_CRATES_ELEMENT);
    case 'clear':
    case 'bring_down':
    case 'cover':
      return g.index.get(ob.element!);
    case 'collect': return ob.element !== undefined ? g.index.get(ob.element) : undefined;
    default: return undefined;
  }
}

export class Objectives {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly color: Int8Array;
  /** The element each objective names (-1: none). */
  readonly el: Int16Array;
  /** collect: count; score: target; the clear kinds and cover: what was on the board at the start of this game. */
  readonly total: Int32Array;
  readonly defs: readonly ObjectiveT[];

  constructor(level: Pick<LevelT, 'objectives'>, game: GameTables = classicTables()) {
    const os = level.objectives;
    this.defs = os;
    this.count = os.length;
    this.kind = new Uint8Array(os.length);
    this.color = new Int8Array(os.length).fill(-1);
    this.el = new Int16Array(os.length).fill(-1);
    this.total = new Int32Array(os.length);
    os.forEach((o, k) => {
      const ob = o as { type: string; color?: string; element?: string; count?: number; target?: number };
      const e = objectiveElement(o, game);
      if (e === undefined && ob.type !== 'collect' && ob.type !== 'score' && ob.type !== 'find') throw new Error(`objectives[${k}]: names no element of game "${game.def.id}"`);
      if (e !== undefined) this.el[k] = e;
      switch (ob.type) {
        case 'collect':
          if (ob.element !== undefined) {
            if (e === undefined) throw new Error(`objectives[${k}].element: "${ob.element}" is not an element of game "${game.def.id}"`);
            this.kind[k] = OBJ_COLLECT_EL;
          } else {
            this.kind[k] = OBJ_COLLECT;
            this.color[k] = (COLORS as readonly string[]).indexOf(ob.color!);
          }
          this.total[k] = ob.count!;
          break;
        case 'bring_down':
          this.kind[k] = OBJ_BRING;
          this.total[k] = ob.count!;
          break;
        case 'cover':
          this.kind[k] = OBJ_COVER;
          break;
        case 'score':
          this.kind[k] = OBJ_SCORE;
          this.total[k] = ob.target!;
          break;
        case 'find':
          this.kind[k] = OBJ_FIND;
          this.total[k] = ob.count!;
          break;
        default:
          this.kind[k] = OBJ_CLEAR;
      }
    });
  }

  /** Sets the totals of the clear kinds from the board as the game starts (after the designed match). */
  begin(b: Board): void {
    for (let k = 0; k < this.count; k++) {
      const kind = this.kind[k];
      if (kind === OBJ_CLEAR) this.total[k] = b.elLeft[this.el[k]];
      else if (kind === OBJ_COVER) this.total[k] = this.remaining(b, k);
    }
  }

  /** Units still missing for objective k (0 = complete). */
  remaining(b: Board, k: number): number {
    switch (this.kind[k]) {
      case OBJ_COLLECT: {
        const r = this.total[k] - b.collected[this.color[k]];
        return r > 0 ? r : 0;
      }
      case OBJ_CLEAR: return b.elLeft[this.el[k]];
      case OBJ_COLLECT_EL: {
        const r = this.total[k] - b.elRemoved[this.el[k]];
        return r > 0 ? r : 0;
      }
      case OBJ_BRING: {
        const r = this.total[k] - b.elExited[this.el[k]];
        return r > 0 ? r : 0;
      }
      case OBJ_COVER: return b.n - b.voids - b.elCells[this.el[k]];
      case OBJ_FIND: {
        const r = this.total[k] - (b.x !== null ? b.x.foundCount : 0);
        return r > 0 ? r : 0;
      }
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
export function objectiveUnit(o: ObjectiveT, g: GameTables = classicTables()): string {
  const ob = o as { type: string; color?: string; element?: string; ground?: string; cover?: string };
  const e = objectiveElement(o, g);
  // an element of one layer or hit point is counted in pieces, else in layers (a tile element: hp)
  const measured = (id: string) => (e !== undefined && g.hp[e] === 1 ? `${id}s` : g.layer[e ?? 0] === 0 ? `${id} hp` : `${id} layers`);
  switch (ob.type) {
    case 'collect': return ob.element !== undefined ? `${ob.element} pieces` : `${ob.color} tiles`;
    case 'clear_ground': return `${ob.ground} layers`;
    case 'clear_cover': return measured(ob.cover!);
    case 'clear_crates': return measured(CLEAR_CRATES_ELEMENT);
    case 'clear': return measured(ob.element!);
    case 'bring_down': return `${ob.element} brought down`;
    case 'cover': return `cells without ${ob.element}`;
    case 'find': return 'hidden pieces found';
    default: return 'points';
  }
}
