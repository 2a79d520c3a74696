// Two tools that each stand for a family of seed tools, for the copilot's compact tool set (small local
// models do well with a handful of tools, docs/copilot.md): one paints any layer on a cell or a
// rectangle, one changes the level's settings. Each call is checked and applied by the seed tools it
// stands for, so their rules (and the elements a game adds to their enums) hold here unchanged.
import * as z from 'zod/mini';
import { issuesToProblems } from '../level/level.ts';
import type { LevelT } from '../level/index.ts';
import { toolBody, int, oneOf, ToolError, described, paramsOf, type EditTool } from './define.ts';
import type { GameDef } from '../game/types.ts';
import { gameOf } from '../game/known.ts';
import { DEFAULT_GAME, maxHp } from './elements.ts';
import { paintCoverRegion, paintGroundRegion, paintTileRegion } from './paint.ts';
import { renameLevel, setColors, setGridSize, setMoveLimit, setRulesVersion } from './settings.ts';
import { ANCHORS } from '../edit/index.ts';

const LAYER_TOOL = { tile: paintTileRegion, cover: paintCoverRegion, ground: paintGroundRegion } as const;

/** Runs a seed edit tool with its own schema; its messages name the caller's parameters (`rename`). */
function applySeed(tool: EditTool, level: LevelT, args: Record<string, unknown>, rename: Record<string, string> = {}) {
  const r = paramsOf(tool, gameOf(level)).safeParse(args);
  if (!r.success) throw new ToolError(issuesToProblems(r.error.issues).map((p) => `${rename[p.path] ?? p.path}: ${p.message}`).join('; '));
  try {
    return tool.apply(level, r.data);
  } catch (e) {
    // a value checked against the level's game when applied: named as the caller named it
    const m = e instanceof ToolError ? /^(\w+): /.exec(e.message) : null;
    if (m && rename[m[1]]) throw new ToolError(`${rename[m[1]]}: ${e instanceof Error ? e.message.slice(m[0].length) : ''}`);
    throw e;
  }
}

/** The seed call a paint_cells call stands for (its labels and replays are the seed tool's). */
export function paintCellsAsSeed(a: Record<string, unknown>): { tool: string; args: Record<string, unknown> } {
  const layer = (a.layer as keyof typeof LAYER_TOOL) ?? 'tile';
  const x2 = a.x2 ?? a.x1, y2 = a.y2 ?? a.y1;
  const region = { x1: a.x1, y1: a.y1, x2, y2 };
  const extra = a.layers === undefined ? {} : layer === 'tile' ? { hp: a.layers } : { layers: a.layers };
  return { tool: LAYER_TOOL[layer].name, args: { ...region, [layer]: a.value, ...extra } };
}

function paintCellsParams(g: GameDef) {
  return z.object({
    layer: oneOf(['tile', 'cover', 'ground'] as const, 'The layer'),
    x1: int(0, 15, 'Column (of a corner)'),
    y1: int(0, 15, 'Row (of a corner)'),
    x2: z.optional(int(0, 15, 'Opposite column (default x1)')),
    y2: z.optional(int(0, 15, 'Opposite row (default y1)')),
    value: described(z.string({ error: 'must be a tile, cover or ground code' }), 'A tile, cover or ground code, or none'),
    layers: z.optional(int(1, maxHp(g.elements), "Layers, or a tile element's hit points")),
  });
}

export const paintCells = toolBody({
  kind: 'edit',
  params: paintCellsParams(DEFAULT_GAME),
  paramsFor: paintCellsParams,
  apply(level, a) {
    const seed = paintCellsAsSeed(a);
    const rename = { [a.layer]: 'value', hp: 'layers' };
    return applySeed(LAYER_TOOL[a.layer] as EditTool, level, seed.args, rename);
  },
});

export const setLevel = toolBody({
  kind: 'edit',
  params: z.object({
    width: z.optional(int(3, 16, 'Columns')),
    height: z.optional(int(3, 16, 'Rows')),
    anchor: z.optional(oneOf(ANCHORS, 'What stays when resizing')),
    moves: z.optional(int(1, 200, 'Move limit')),
    colors: z.optional(int(3, 6, 'Colours')),
    name: z.optional(described(z.string({ error: 'must be a string' }), 'Name')),
    rules: z.optional(int(1, 2, 'Rules version')),
  }),
  apply(level, a) {
    const steps: [EditTool, Record<string, unknown>][] = [];
    if (a.width !== undefined || a.height !== undefined || a.anchor !== undefined)
      steps.push([setGridSize as EditTool, { width: a.width ?? level.width, height: a.height ?? level.height, ...(a.anchor ? { anchor: a.anchor } : {}) }]);
    if (a.moves !== undefined) steps.push([setMoveLimit as EditTool, { moves: a.moves }]);
    if (a.colors !== undefined) steps.push([setColors as EditTool, { colors: a.colors }]);
    if (a.name !== undefined) steps.push([renameLevel as EditTool, { name: a.name }]);
    if (a.rules !== undefined) steps.push([setRulesVersion as EditTool, { rules: a.rules }]);
    if (!steps.length) throw new ToolError('give at least one setting');
    let cur = level;
    const said: string[] = [];
    for (const [tool, args] of steps) {
      const r = applySeed(tool, cur, args);
      cur = r.level;
      said.push(r.summary);
    }
    return { level: cur, summary: said.join(' ') };
  },
});
