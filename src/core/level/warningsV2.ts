// The warnings that read what elements do (legal in the file, probably not what the designer meant),
// loaded with the engine (level.ts): RULES §12's — a `find` with no hidden rectangle, a gate whose
// counter nothing on this level can tick (no element on the board, in the spawns, the level's and its
// spawners', or emitted by those ticks it) — and the objectives whose element is never hit, §11's
// and §12's alike (neverHit.ts).
import type { ProblemDetail } from './basics.ts';
import type { GameDef } from '../game/types.ts';
import { cellName } from '../cellName.ts';
import { elementsOfLevel, neverHitWarnings, type NeverHitLevel } from './neverHit.ts';

export interface V2Warning {
  code: 'objective_unmeetable' | 'gate_never_opens';
  path: string;
  message: string;
  detail: ProblemDetail;
}

interface WarnLevel extends NeverHitLevel {
  hidden?: unknown[];
}

/** The find, gate and never-hit warnings of a level (`game`: its game, when known). */
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
  out.push(...neverHitWarnings(l, game));
  return out;
}
