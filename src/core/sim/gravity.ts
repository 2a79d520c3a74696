// RULES §2.6: tiles fall straight down through voids; crates and covered tiles stay and hold up
// what is above them; new tiles enter at the top of each column from the level's stream.
import type { Board } from './board.ts';
import { CRATE, EMPTY, VOID, tileName } from './codes.ts';
import type { TileName } from './events.ts';

export function gravity(b: Board): void {
  const { w, h, tile, cover } = b;
  const rec = b.rec;
  const dirtyCol = b.dirtyCol;
  let dirtyRow = -1;
  for (let x = 0; x < w; x++) {
    let write = -1; // lowest empty row of the current segment, -1 if none yet
    let lowest = -1; // lowest empty row of the column: nothing below it changes
    for (let y = h - 1; y >= 0; y--) {
      const i = y * w + x;
      const t = tile[i];
      if (t === VOID) continue;
      if (t === CRATE || cover[i] !== 0) {
        write = -1; // cells below a blocker stay empty until it goes
        continue;
      }
      if (t === EMPTY) {
        if (write < 0) write = y;
        if (lowest < 0) lowest = y;
        continue;
      }
      if (write >= 0) {
        tile[write * w + x] = t;
        tile[i] = EMPTY;
        if (rec !== null) rec.cur!.falls.push({ from: i, to: write * w + x });
        let nw = write - 1;
        while (tile[nw * w + x] === VOID) nw--;
        write = nw;
      }
    }
    dirtyCol[x] = lowest >= 0 ? 1 : 0;
    if (lowest > dirtyRow) dirtyRow = lowest;
    if (write >= 0 && b.refill) {
      const rng = b.rng, colors = b.colors;
      for (let y = write; y >= 0; y--) {
        const i = y * w + x;
        if (tile[i] === VOID) continue;
        const c = rng.below(colors);
        tile[i] = c;
        if (rec !== null) rec.cur!.refills.push({ cell: i, tile: tileName(c) as TileName });
      }
    }
  }
  b.dirtyRow = dirtyRow;
}
