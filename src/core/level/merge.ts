// Three-way merge of two edits of one level (two tabs, one base). Each side's change is found by
// comparing it with the base they both started from; edits to different fields (or, on a board
// whose size neither side changed, to different cells) combine. The same field changed two
// different ways is a conflict: the caller asks the designer, nothing is chosen silently.
import type { CellT, LevelT } from './schema.ts';
import { parseLevel } from './parse.ts';
import { mergeScalar } from './mergeFields.ts';

export { mergeFields } from './mergeFields.ts';

/** The parts of a level a designer edits separately. The board (size + cells) is one part. */
export type LevelPart = 'name' | 'moves' | 'colors' | 'seed' | 'rules' | 'objectives' | 'board';

export type LevelMerge = { ok: true; level: LevelT } | { ok: false; conflicts: LevelPart[] };

const SCALAR_PARTS = ['name', 'moves', 'colors', 'seed', 'rules'] as const;


/** Cell by cell, when the three boards have one size; `null` when a cell was changed two ways. */
function mergeCells(base: LevelT, mine: LevelT, theirs: LevelT): CellT[][] | null {
  const sized = (l: LevelT) => l.width === base.width && l.height === base.height;
  if (!sized(mine) || !sized(theirs)) return null;
  const out: CellT[][] = [];
  for (let y = 0; y < base.height; y++) {
    const row: CellT[] = [];
    for (let x = 0; x < base.width; x++) {
      const m = mergeScalar(base.cells[y][x], mine.cells[y][x], theirs.cells[y][x]);
      if (!m) return null;
      row.push(m.value);
    }
    out.push(row);
  }
  return out;
}

function mergeBoard(base: LevelT, mine: LevelT, theirs: LevelT): Pick<LevelT, 'width' | 'height' | 'cells'> | null {
  const board = (l: LevelT) => ({ width: l.width, height: l.height, cells: l.cells });
  const whole = mergeScalar(board(base), board(mine), board(theirs));
  if (whole) return whole.value;
  const cells = mergeCells(base, mine, theirs);
  return cells ? { width: base.width, height: base.height, cells } : null;
}

export function mergeLevels(base: LevelT, mine: LevelT, theirs: LevelT): LevelMerge {
  const conflicts: LevelPart[] = [];
  const out: Record<string, unknown> = { ...mine };
  // `rules` is read by name: levels without the field are rules version 1
  const field = (l: LevelT, k: string) => (l as unknown as Record<string, unknown>)[k];
  for (const part of SCALAR_PARTS) {
    const m = mergeScalar(field(base, part), field(mine, part), field(theirs, part));
    if (!m) conflicts.push(part);
    else if (m.value === undefined) delete out[part];
    else out[part] = m.value;
  }
  const objectives = mergeScalar(base.objectives, mine.objectives, theirs.objectives);
  if (!objectives) conflicts.push('objectives');
  else out.objectives = objectives.value;
  const board = mergeBoard(base, mine, theirs);
  if (!board) conflicts.push('board');
  else Object.assign(out, board);
  if (conflicts.length) return { ok: false, conflicts };
  // each side was valid alone; a combination (e.g. their ice on my new crate) may not be
  const parsed = parseLevel(out);
  return parsed.ok ? { ok: true, level: parsed.level } : { ok: false, conflicts: ['board'] };
}

/** A pack as the workspace keeps it: an ordered list of level ids under a name. */
export interface PackShape {
  id: string;
  name: string;
  levelIds: string[];
}

export interface PackListMerge<P extends PackShape> {
  packs: P[];
  /** Packs renamed in both places to different names: this side's name was kept. */
  nameConflicts: { id: string; mine: string; theirs: string }[];
}

function locations(packs: PackShape[]): Map<string, string> {
  const at = new Map<string, string>();
  for (const p of packs) for (const id of p.levelIds) at.set(id, p.id);
  return at;
}

/**
 * Merges two edits of the pack list. Where each level lives is merged level by level (a level
 * moved, added or removed on one side follows that side; moved two ways, this side wins — both
 * places are still in the list, nothing is lost); pack names field by field; packs added on either
 * side are kept, a pack removed on one side goes unless the other side put levels in it.
 */
export function mergePackLists<P extends PackShape>(base: P[], mine: P[], theirs: P[]): PackListMerge<P> {
  const [locBase, locMine, locTheirs] = [locations(base), locations(mine), locations(theirs)];
  const allLevels = [...new Set([...mine.flatMap((p) => p.levelIds), ...theirs.flatMap((p) => p.levelIds), ...locBase.keys()])];
  const loc = new Map<string, string>();
  for (const id of allLevels) {
    const m = mergeScalar(locBase.get(id), locMine.get(id), locTheirs.get(id));
    const where = m ? m.value : locMine.get(id);
    if (where !== undefined) loc.set(id, where);
  }
  const byId = (list: P[], id: string) => list.find((p) => p.id === id);
  const used = new Set(loc.values());
  const order: string[] = [];
  for (const p of mine) if (byId(theirs, p.id) || !byId(base, p.id) || used.has(p.id)) order.push(p.id);
  for (const p of theirs) if (!order.includes(p.id) && (!byId(base, p.id) || used.has(p.id))) order.push(p.id);
  for (const id of used) if (!order.includes(id)) order.push(id);

  const nameConflicts: PackListMerge<P>['nameConflicts'] = [];
  const packs = order.map((id) => {
    const [b, m, t] = [byId(base, id), byId(mine, id), byId(theirs, id)];
    const pick = (m ?? t ?? b)!;
    let name = pick.name;
    if (m && t) {
      const n = mergeScalar(b?.name ?? m.name, m.name, t.name);
      if (n) name = n.value;
      else nameConflicts.push({ id, mine: m.name, theirs: t.name });
    }
    // this side's order first, then levels that arrived from the other side in its order
    const here = (list?: P) => (list?.levelIds ?? []).filter((lid) => loc.get(lid) === id);
    const levelIds = [...new Set([...here(m), ...here(t), ...here(b)])];
    return { ...pick, name, levelIds };
  });
  return { packs, nameConflicts };
}

