// The expert's look-ahead checks' comparison (checkQuickMoves, bots.ts; checkQuickGravity, fall2q.ts):
// what differs between two version 2 boards after a move or a gravity.
import type { Board } from '../board.ts';

const same = (u: ArrayLike<number>, v: ArrayLike<number>): boolean => {
  if (u.length !== v.length) return false;
  for (let k = 0; k < u.length; k++) if (u[k] !== v[k]) return false;
  return true;
};

/** The check's comparison: what differs between two boards after a move (cells, version 2 arrays, counters), or '' when nothing does. */
export function stateDiff(p: Board, q: Board): string {
  const px = p.x!, qx = q.x!;
  const arrays: [string, ArrayLike<number>, ArrayLike<number>][] = [
    ['tile', p.tile, q.tile], ['hp', p.hp, q.hp], ['cover', p.cover, q.cover], ['coverKind', p.coverKind, q.coverKind],
    ['ground', p.ground, q.ground], ['groundKind', p.groundKind, q.groundKind], ['pcolor', px.pcolor, qx.pcolor], ['cd', px.cd, qx.cd],
    ['fresh', px.fresh, qx.fresh], ['anchor', px.anchor, qx.anchor], ['counters', px.counters, qx.counters], ['gateOpen', px.gateOpen, qx.gateOpen],
    ['found', px.found, qx.found], ['emitted', px.emitted, qx.emitted], ['collected', p.collected, q.collected], ['elCounts', p.elCounts, q.elCounts],
  ];
  for (const [name, u, v] of arrays) if (!same(u, v)) return name;
  const scalars: [string, number, number][] = [
    ['score', p.score, q.score], ['removed', p.removed, q.removed], ['specialsMade', p.specialsMade, q.specialsMade], ['spreads', p.spreads, q.spreads],
    ['voids', p.voids, q.voids], ['foundCount', px.foundCount, qx.foundCount], ['moveNo', px.moveNo, qx.moveNo], ['groundLeft', p.groundLeft, q.groundLeft],
    ['coverLeft', p.coverLeft, q.coverLeft], ['elHpLeft', p.elHpLeft, q.elHpLeft], ['elTiles', p.elTiles, q.elTiles], ['exitCount', p.exitCount, q.exitCount],
  ];
  for (const [name, u, v] of scalars) if (u !== v) return `${name} ${u} ≠ ${v}`;
  return '';
}
