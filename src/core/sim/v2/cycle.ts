// The cycle test of gravity with portals under rules 2 (fall.ts; docs/rules.md §12 choices): a
// position (every cell's tile and cover) seen before in one gravity pass means the board is settled.
// From the first test of a pass on, every slot the slide loop changes (moveSlot, a refill) is listed
// with what it held then; each position tested is kept as the listed cells' slots at that time (a
// cell listed later still held what it held at the first test). A new position is compared with the
// kept ones on the listed cells only: every other cell is the same in all of them. Exact, and no
// pass over the board. Tests can turn on a check that compares every cell as well.
import type { Board } from '../board.ts';

/** `on`: slots changed from now on are listed (noteSlot). */
export const cyc = { on: false };
/** The listed cells, in order, with their tile and cover when listed. */
let changed = new Int32Array(0), inChanged = new Uint8Array(0), baseTile = new Uint8Array(0), baseCover = new Uint8Array(0), changedCount = 0;
/** Kept positions: where each one's slots start in snapTile/snapCover, and how many cells were listed then. */
let keptAt = new Int32Array(16), keptListed = new Int32Array(16), keptCount = 0;
let snapTile = new Uint8Array(256), snapCover = new Uint8Array(256), snapUsed = 0;

/** Cell i's slot (tile or cover) is about to change: listed, with what it holds now. */
export function noteSlot(b: Board, i: number): void {
  if (inChanged[i] !== 0) return;
  inChanged[i] = 1;
  baseTile[changedCount] = b.tile[i];
  baseCover[changedCount] = b.cover[i];
  changed[changedCount++] = i;
}

/** A new pass: no position kept, nothing listed. */
export function resetCycles(): void {
  for (let k = 0; k < changedCount; k++) inChanged[changed[k]] = 0;
  changedCount = 0;
  keptCount = 0;
  snapUsed = 0;
  exactCount = 0;
  cyc.on = false;
}

/** Whether kept position k equals the board on every listed cell. */
function sameAsKept(b: Board, k: number): boolean {
  const tile = b.tile, cover = b.cover, at = keptAt[k], listed = keptListed[k];
  for (let q = 0; q < listed; q++) {
    const i = changed[q];
    if (snapTile[at + q] !== tile[i] || snapCover[at + q] !== cover[i]) return false;
  }
  for (let q = listed; q < changedCount; q++) {
    const i = changed[q];
    if (baseTile[q] !== tile[i] || baseCover[q] !== cover[i]) return false;
  }
  return true;
}

/** Whether the position was tested before in this pass (else keeps it). */
export function seenBefore(b: Board): boolean {
  if (!cyc.on) {
    const n = b.n;
    if (changed.length < n) {
      changed = new Int32Array(n);
      inChanged = new Uint8Array(n);
      baseTile = new Uint8Array(n);
      baseCover = new Uint8Array(n);
    }
    cyc.on = true;
  }
  let seen = false;
  for (let k = 0; k < keptCount && !seen; k++) seen = sameAsKept(b, k);
  if (checkAll && seen !== seenOnEveryCell(b)) throw new Error(`the cycle test says ${seen ? 'seen' : 'new'} on the changed cells, the whole position says otherwise`);
  if (seen) return true;
  keep(b);
  return false;
}

/** Keeps the position: the listed cells' slots now. */
function keep(b: Board): void {
  if (keptCount === keptAt.length) {
    keptAt = grown(keptAt);
    keptListed = grown(keptListed);
  }
  while (snapUsed + changedCount > snapTile.length) {
    snapTile = grown(snapTile);
    snapCover = grown(snapCover);
  }
  keptAt[keptCount] = snapUsed;
  keptListed[keptCount++] = changedCount;
  for (let q = 0; q < changedCount; q++) {
    const i = changed[q];
    snapTile[snapUsed] = b.tile[i];
    snapCover[snapUsed++] = b.cover[i];
  }
}

function grown<T extends Int32Array | Uint8Array>(a: T): T {
  const more = new (a.constructor as new (n: number) => T)(2 * a.length);
  more.set(a);
  return more;
}

// ── the check (tests) ──

let checkAll = false, checked = 0, exactCount = 0;
const exact: Uint8Array[] = [];

/** Turns the whole-position check on or off; returns how many tests it checked since the last call. */
export function checkCycleTests(on: boolean): number {
  checkAll = on;
  const k = checked;
  checked = 0;
  return k;
}

/** The test on every cell: the position equals one tested before in this pass (every position is kept whole for it). */
function seenOnEveryCell(b: Board): boolean {
  checked++;
  const n = b.n;
  for (let k = 0; k < exactCount; k++) {
    const p = exact[k];
    let same = p.length === 2 * n;
    for (let i = 0; same && i < n; i++) same = p[i] === b.tile[i] && p[n + i] === b.cover[i];
    if (same) return true;
  }
  const p = new Uint8Array(2 * n);
  p.set(b.tile);
  p.set(b.cover, n);
  exact[exactCount++] = p;
  return false;
}
