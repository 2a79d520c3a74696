// The work of define_element and update_element (game.ts), loaded with their first call: the game
// with the element, checked exactly as a game file is (parseGame), or a ToolError naming the field.
import { CLASSIC_ID, type ElementDef, type GameDef } from '../game/types.ts';
import { elementBrief } from '../game/brief.ts';
import { parseGame } from '../game/schema.ts';
import { ToolError } from './define.ts';

const ELEMENT_KEYS = ['id', 'name', 'glyph', 'color', 'layer', 'hp', 'damage', 'falls', 'swappable', 'exit', 'spread'] as const;

/** The element fields a call gave, in the file's order. */
function givenFields(a: Record<string, unknown>): Partial<ElementDef> {
  return Object.fromEntries(ELEMENT_KEYS.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as Partial<ElementDef>;
}

function refuseClassic(game: GameDef) {
  if (game.id === CLASSIC_ID)
    throw new ToolError('the classic game is built in and cannot be changed: duplicate it as a game of your own (Game editor), set the level to that game, then define elements there');
}

/** `next` checked as a game file; problems of element `index` name the call's parameters (`layer`, `damage[0]`). */
async function checked(next: GameDef, index: number): Promise<GameDef> {
  const r = parseGame(next);
  if (r.ok) return r.game;
  const own = `elements[${index}]`;
  const at = (path: string) => (path === own ? '(element)' : path.startsWith(own + '.') ? path.slice(own.length + 1) : path.startsWith(own + '[') ? path.slice(own.length) : path);
  throw new ToolError(r.problems.map((p) => `${at(p.path)}: ${p.message}`).join('; '));
}

/** define_element: the game with a new element. */
export async function proposeDefine(game: GameDef, a: Record<string, unknown>): Promise<{ game: GameDef; summary: string }> {
  refuseClassic(game);
  const e = givenFields(a) as ElementDef;
  if (typeof e.id === 'string' && game.elements.some((x) => x.id === e.id))
    throw new ToolError(`id: the game "${game.name}" already has an element "${e.id}" (update_element changes it)`);
  const next = await checked({ ...game, elements: [...game.elements, e] }, game.elements.length);
  const made = next.elements[next.elements.length - 1];
  return { game: next, summary: `Proposed new element for the game "${game.name}": ${elementBrief(made)}.` };
}

/** update_element: the game with one element changed (fields left out stay). */
export async function proposeUpdate(game: GameDef, a: Record<string, unknown>): Promise<{ game: GameDef; summary: string }> {
  refuseClassic(game);
  const index = game.elements.findIndex((x) => x.id === a.id);
  if (index < 0) throw new ToolError(`id: the game "${game.name}" has no element ${JSON.stringify(a.id)} (its elements: ${game.elements.map((e) => e.id).join(', ')})`);
  const { id: _id, ...changes } = givenFields(a);
  if (!Object.keys(changes).length) throw new ToolError('give at least one field to change');
  const before = game.elements[index];
  const next = await checked({ ...game, elements: game.elements.map((e, i) => (i === index ? { ...e, ...changes } : e)) }, index);
  return { game: next, summary: `Proposed change to element ${before.id} of the game "${game.name}": ${elementBrief(before)} → ${elementBrief(next.elements[index])}.` };
}
