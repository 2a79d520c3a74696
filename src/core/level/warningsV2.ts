// Warnings of RULES §12 (legal in the file, probably not what the designer meant): a `find` with no
// hidden rectangle, and a gate whose counter nothing on this level can tick — no element on the
// board, in the spawns (the level's and its spawners') or emitted by those ticks it.
import type { ProblemDetail } from './basics.ts';
import type { ElementDef, GameDef } from '../game/types.ts';
import { cellName } from '../cellName.ts';

export interface V2Warning {
  code: 'objective_unmeetable' | 'gate_never_opens';
  path: string;
  message: string;
  detail: ProblemDetail;
}

interface WarnLevel {
  cells: { tile?: string; cover?: { type: string } | null; ground?: { type: string } | null }[][];
  spawn?: { element: string }[];
  spawners?: { spawn: { element: string }[] }[];
  hidden?: unknown[];
  objectives: { type: string; count?: number }[];
}

/** The elements that can be on the level: painted, spawned, and emitted by any of those (to a fixed point). */
function elementsOfLevel(l: WarnLevel, byId: Map<string, ElementDef>): Set<string> {
  const out = new Set<string>();
  for (const row of l.cells) for (const c of row) for (const id of [c.tile, c.cover?.type, c.ground?.type]) if (id && byId.has(id)) out.add(id);
  for (const s of [...(l.spawn ?? []), ...(l.spawners ?? []).flatMap((sp) => sp.spawn)]) out.add(s.element);
  const queue = [...out];
  while (queue.length) {
    const emitted = byId.get(queue.pop()!)?.emit?.element;
    if (emitted && !out.has(emitted)) (out.add(emitted), queue.push(emitted));
  }
  return out;
}

/** The find and gate warnings of a level (`game`: its game, when known). */
export function v2Warnings(l: WarnLevel, game: GameDef | undefined): V2Warning[] {
  const out: V2Warning[] = [];
  l.objectives.forEach((o, i) => {
    if (o.type === 'find' && !l.hidden?.length)
      out.push({ code: 'objective_unmeetable', path: `objectives[${i}]`, message: `find ${o.count}: the level has no hidden rectangle`, detail: { key: 'findNone', params: { count: o.count ?? 0 } } });
  });
  if (!game) return out;
  const byId = new Map(game.elements.map((e) => [e.id, e]));
  const present = elementsOfLevel(l, byId);
  const ticked = new Set<string>();
  for (const id of present) for (const fx of [...(byId.get(id)?.onHit ?? []), ...(byId.get(id)?.onDestroy ?? [])]) if (fx.do === 'tick') ticked.add(fx.counter);
  const warned = new Set<string>();
  l.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      for (const id of [c.tile, c.cover?.type]) {
        const gate = id ? byId.get(id)?.gate : undefined;
        if (!gate || ticked.has(gate.counter) || warned.has(id!)) continue;
        warned.add(id!);
        out.push({
          code: 'gate_never_opens',
          path: `cells[${y}][${x}]`,
          message: `the gate of ${id} at ${cellName(x, y)} never opens: nothing on this level ticks "${gate.counter}"`,
          detail: { key: 'gateNeverOpens', params: { element: id!, cell: cellName(x, y), counter: gate.counter } },
        });
      }
    }),
  );
  return out;
}
