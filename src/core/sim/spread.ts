// RULES §11.2 Spreading: grounds that spread through the match groups that hold them, and tile
// elements that grow onto a neighbouring colour tile after a move in which none of them was hit.
import type { Board } from './board.ts';
import { ELEM0 } from './codes.ts';
import { groupOf } from './match.ts';

/**
 * Before a step's hits: for each group of the recorded lines and each spreading ground, whether
 * one of the group's cells holds that ground (Board.spreadFlags, per line root).
 */
export function noteSpreadGroups(b: Board): void {
  const grounds = b.game.spreadGrounds, S = grounds.length;
  const { w, lineStart, lineLen, lineVert, ground, groundKind, spreadFlags } = b;
  const L = b.lineCount;
  for (let l = 0; l < L; l++) for (let s = 0; s < S; s++) spreadFlags[l * S + s] = 0;
  let any = false;
  for (let l = 0; l < L; l++) {
    const root = groupOf(b, l), step = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += step) {
      if (ground[j] === 0) continue;
      const s = grounds.indexOf(groundKind[j]);
      if (s < 0) continue;
      spreadFlags[root * S + s] = 1;
      any = true;
    }
  }
  b.spreadPending = any;
}

/** After the step's hits: each flagged group gives its ground (1 layer) to its cells with none, grounds in definition order. */
export function spreadGrounds(b: Board): void {
  b.spreadPending = false;
  const grounds = b.game.spreadGrounds, S = grounds.length;
  const { w, lineStart, lineLen, lineVert, ground, groundKind, spreadFlags } = b;
  for (let s = 0; s < S; s++) {
    const e = grounds[s];
    for (let l = 0; l < b.lineCount; l++) {
      if (spreadFlags[groupOf(b, l) * S + s] === 0) continue;
      const step = lineVert[l] ? w : 1;
      for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += step) {
        if (ground[j] !== 0) continue;
        ground[j] = 1;
        groundKind[j] = e;
        b.groundLeft++;
        b.elLeft[e]++;
        b.elCells[e]++;
        b.spreads++;
        if (b.rec !== null) b.rec.cur!.spread.push({ cell: j, element: b.game.ids[e], ground: true });
      }
    }
  }
}

/**
 * When the board is stable after a move: each "when-none-hit" element of which no piece was hit
 * or removed during the move grows onto one colour tile (uncovered, not a special) orthogonally
 * next to one of its pieces, drawn uniformly from the game's stream among those cells in reading
 * order. Returns whether any grew.
 */
export function spreadTiles(b: Board): boolean {
  const els = b.game.spreadTiles;
  let grew = false;
  for (let q = 0; q < els.length; q++) {
    const e = els[q];
    if (b.elHit[e] !== 0 || b.elCells[e] === 0) continue;
    const code = ELEM0 + e;
    const { w, h, n, tile, cover, tmp } = b;
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (tile[i] >= 6 || cover[i] !== 0) continue;
      const x = b.col[i], y = b.row[i];
      if ((x > 0 && tile[i - 1] === code) || (x < w - 1 && tile[i + 1] === code) || (y > 0 && tile[i - w] === code) || (y < h - 1 && tile[i + w] === code))
        tmp[k++] = i;
    }
    if (k === 0) continue;
    const i = tmp[b.rng.below(k)];
    const hp = b.game.hp[e];
    tile[i] = code;
    b.colHole[b.col[i]] = -2;
    b.hp[i] = hp;
    b.elLeft[e] += hp;
    b.elCells[e]++;
    b.elHpLeft += hp;
    b.elTiles++;
    if (b.game.codeStuck[code] !== 0) b.holders++;
    b.spreads++;
    grew = true;
    if (b.rec !== null && b.rec.cur !== null) b.rec.cur.spread.push({ cell: i, element: b.game.ids[e] });
  }
  return grew;
}
