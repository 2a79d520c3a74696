// Compare: the versions a designer can pick (the level now, earlier points in its history, other levels)
// and which cells differ between two boards. Pure functions, tested in node.
import { isBuiltinTile, levelHash, type LevelT } from '../../core/level/index.ts';
import type { StepLabel } from '../../core/notice.ts';

export interface Version {
  key: string;
  group: 'current' | 'analysed' | 'history' | 'level';
  level: LevelT;
  /** For history versions: the label of the change made after it, and when. */
  label?: StepLabel;
  at?: number;
}

/**
 * The current level; the level as last analysed, when it differs (history lives for a session, the
 * stored report across reloads); the level before each recorded change (newest first); the other levels.
 */
export function versionsOf(
  current: LevelT,
  history: readonly { label: StepLabel; before: LevelT; at: number }[],
  others: readonly LevelT[],
  analysed?: { level: LevelT; at: number },
): Version[] {
  const out: Version[] = [{ key: 'current', group: 'current', level: current }];
  if (analysed && levelHash(analysed.level) !== levelHash(current)) out.push({ key: 'analysed', group: 'analysed', level: analysed.level, at: analysed.at });
  for (let i = history.length - 1; i >= 0; i--) out.push({ key: `h${i}`, group: 'history', level: history[i].before, label: history[i].label, at: history[i].at });
  for (const l of others) if (l.id !== current.id) out.push({ key: `l:${l.id}`, group: 'level', level: l });
  return out;
}

/** Cells whose contents differ ("x,y"), a cell that exists on one board only included. */
export function changedCells(a: LevelT, b: LevelT): Set<string> {
  const out = new Set<string>();
  const w = Math.max(a.width, b.width), h = Math.max(a.height, b.height);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const ca = y < a.height && x < a.width ? a.cells[y][x] : undefined;
      const cb = y < b.height && x < b.width ? b.cells[y][x] : undefined;
      if (!ca || !cb || JSON.stringify(norm(ca)) !== JSON.stringify(norm(cb))) out.add(`${x},${y}`);
    }
  return out;
}

/** A cell with its defaults written out, so `{}` and `{ tile: 'random' }` (or a layer left at 1) compare equal. */
function norm(c: LevelT['cells'][number][number]) {
  const layered = (v: { type: string; layers?: number } | null | undefined) => (v ? { type: v.type, layers: v.layers ?? 1 } : null);
  return { tile: c.tile ?? 'random', hp: isBuiltinTile(c.tile) ? null : (c.hp ?? 1), cover: layered(c.cover), ground: layered(c.ground), exit: !!c.exit };
}
