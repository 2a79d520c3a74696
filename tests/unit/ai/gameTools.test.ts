// The copilot knows the game (issue 31, part 4): the registry's schemas come from the open level's
// game (its element ids as the paint tools' enums, lever names from its elements), the classic game's
// stay what `match3 tools --json` printed before; the glossary says each element in a line; the
// request for a game is the same bytes round after round; define_element and update_element are
// checked like a game file and only ever propose.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import classicTools from './fixtures/classic-tools.json';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { runTool, validateArgs } from '../../../src/core/tools/index.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { elementLines, glossary } from '../../../src/ai/glossary.ts';
import { elementLine } from '../../../src/core/game/brief.ts';
import { modelTools } from '../../../src/ai/toolSet.ts';
import { rulesPrompt } from '../../../src/ai/prompt.ts';
import { charsToTokens } from '../../../src/ai/requestSize.ts';
import { GAME_PROPOSAL_NOTE, runTurn } from '../../../src/ai/agent.ts';
import type { ChatProvider, ChatRequest } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import { createLevel } from '../../../src/core/level/index.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';

type Schema = { properties: Record<string, { enum?: string[]; minimum?: number; maximum?: number; description?: string; items?: unknown }>; required?: string[] };
const params = (specs: ReturnType<typeof toolSpecs>, name: string) => specs.find((s) => s.name === name)!.parameters as Schema;
/** A schema without its descriptions: names, types, ranges, enums and required, as the model and the CLI get them. */
const shape = (x: unknown): unknown =>
  Array.isArray(x) ? x.map(shape) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'description').map(([k, v]) => [k, shape(v)])) : x;

beforeEach(() => registerGames([SWEET]));
afterEach(() => forgetGames());

describe('schemas generated from the game', () => {
  it('classic: every tool `match3 tools --json` printed before keeps its name, kind and arguments (types, ranges, enums, required)', () => {
    const now = new Map(toolSpecs().map((s) => [s.name, s]));
    for (const before of classicTools) {
      const spec = now.get(before.name);
      expect(spec, before.name).toBeTruthy();
      expect(spec!.kind).toBe(before.kind);
      expect(shape(spec!.parameters), before.name).toEqual(shape(before.parameters));
    }
    // and the classic enums are the classic game's elements, read from its definition
    const specs = toolSpecs();
    expect(params(specs, 'paint_cover').properties.cover.enum).toEqual(['ice', 'chain', 'none']);
    expect(params(specs, 'paint_tile').properties.tile.enum).toContain('crate');
  });

  it("a game's paint tools take its elements, on their layers, with their ranges; nothing of classic's", () => {
    const specs = toolSpecs(undefined, SWEET);
    const tile = params(specs, 'paint_tile').properties;
    expect(tile.tile.enum).toEqual(['random', 'red', 'green', 'blue', 'yellow', 'purple', 'orange', 'rocket_h', 'rocket_v', 'bomb', 'rainbow', 'fudge', 'cherry', 'choc', 'void']);
    expect([tile.hp.minimum, tile.hp.maximum]).toEqual([1, 2]);
    expect(params(specs, 'paint_cover_region').properties.cover.enum).toEqual(['toffee', 'wrap', 'none']);
    expect(params(specs, 'paint_cover').properties.layers.maximum).toBe(4);
    expect(params(specs, 'paint_ground').properties.ground.enum).toEqual(['icing', 'syrup', 'none']);
    expect(params(specs, 'paint_ground').properties.layers.maximum).toBe(3);
    expect(params(specs, 'paint_cells').properties.layers.maximum).toBe(4);
    // adjust_difficulty's element levers are named from the game's elements
    expect(Object.keys(params(specs, 'adjust_difficulty').properties)).toEqual([
      'moves', 'colors', 'toffee_layers', 'icing_layers', 'fudge_hp', 'wraps_removed', 'objective_scale', 'spawn_chance_scale', 'spawn_total_scale',
    ]);
    // nothing of the built-in game's elements (tune_level's levers are the tuning search's, RULES §10)
    expect(JSON.stringify(specs.filter((s) => s.name !== 'tune_level'))).not.toMatch(/\b(crate|ice|chain|jelly)s?\b/);
    expect(Object.keys(params(specs, 'generate_random_level').properties).filter((k) => k.endsWith('_ratio'))).toEqual(['void_ratio', 'toffee_ratio', 'wrap_ratio', 'icing_ratio', 'syrup_ratio', 'fudge_ratio', 'cherry_ratio', 'choc_ratio']);
    expect(params(specs, 'set_objective').properties.cover.enum).toEqual(['toffee', 'wrap']);
    // built once per game definition: the same objects while the game does not change
    expect(toolSpecs(undefined, SWEET)[0]).toBe(specs[0]);
  });

  it('a call is checked against the level\'s game: its elements are taken, classic\'s refused with the values it takes', async () => {
    const level = sweetLevel();
    const ok = await runTool(level, 'paint_tile', { x: 1, y: 1, tile: 'fudge', hp: 2 });
    expect(ok.ok && ok.level.cells[1][1]).toEqual({ tile: 'fudge', hp: 2 });
    const crate = await runTool(level, 'paint_tile', { x: 1, y: 1, tile: 'crate' });
    expect(crate.ok === false && crate.error).toMatch(/^paint_tile: tile: must be one of random, .*fudge, cherry, choc, void$/);
    const hp = await runTool(level, 'paint_tile', { x: 1, y: 1, tile: 'cherry', hp: 2 });
    expect(hp.ok === false && hp.error).toBe('paint_tile: hp: must be 1..1 for cherry');
    const cover = await runTool(level, 'paint_cover_region', { x1: 0, y1: 0, x2: 1, y2: 0, cover: 'toffee', layers: 3 });
    expect(cover.ok && cover.level.cells[0][0].cover).toEqual({ type: 'toffee', layers: 3 });
    expect(cover.ok && cover.summary).toBe('Set toffee ×3 on 2 cells A1–B1 (x 0–1, y 0).');
    const wrap = await runTool(level, 'paint_cover', { x: 0, y: 0, cover: 'wrap', layers: 3 });
    expect(wrap.ok && wrap.level.cells[0][0].cover).toEqual({ type: 'wrap' });
    // the levers of the game turn its own elements
    const iced = await runTool(level, 'paint_ground_region', { x1: 0, y1: 0, x2: 2, y2: 0, ground: 'icing', layers: 1 });
    const harder = iced.ok ? await runTool(iced.level, 'adjust_difficulty', { icing_layers: 2 }) : iced;
    expect(harder.ok && harder.level.cells[0][2].ground).toEqual({ type: 'icing', layers: 3 });
    expect(harder.ok && harder.summary).toBe('Difficulty levers: icing +2 layers.');
    const classic = await runTool(createLevel({ id: 'C', seed: 1 }), 'adjust_difficulty', { icing_layers: 1 });
    expect(classic.ok === false && classic.error).toMatch(/unknown parameter icing_layers\. Parameters: moves, colors, ice_layers, jelly_layers, crate_hp, chains_removed/);
  });
});

describe('the glossary: a line per element, said once', () => {
  it('classic: the tile values, then each element with its layer, range and what hits it', () => {
    expect(elementLines(CLASSIC_GAME)).toBe(
      [
        'tile: random, red, green, blue, yellow, purple, orange, rocket_h, rocket_v, bomb, rainbow, void (no cell) or a tile element; cover, ground: an element or none. Elements (layer hp/layers; hit by):',
        'crate: tile 1..3; adjacent, blast',
        'ice: cover 1..3; match, blast',
        'chain: cover; match, blast',
        'jelly: ground 1..2; cleared, blast',
      ].join('\n'),
    );
  });

  it("a game's elements by the names the designer gave them, with falls, exits and spreading", () => {
    const lines = elementLines(SWEET).split('\n');
    expect(lines[0]).toMatch(/Elements of "Sweet Saga" \(layer hp\/layers; hit by\):$/);
    expect(lines.slice(1)).toEqual([
      'fudge "Fudge block": tile 1..2; adjacent, blast',
      // an item takes no hits whatever its list says (RULES §11.2 Exits): the model is told so (issue 40)
      'cherry: tile; never hit; falls, exit item',
      'choc: tile; adjacent, blast; spreads when-none-hit',
      'toffee: cover 1..4; match, adjacent, blast',
      'wrap: cover; match, blast',
      'icing: ground 1..3; cleared, blast; spreads through-matches',
      'syrup: ground; cleared, blast',
    ]);
    // what hits a piece in play, not the list it keeps: a coloured element goes by match and blast (RULES §12.1)
    expect(elementLine({ id: 'candy_bomb', layer: 'tile', colored: true, countdown: 9 })).toBe('candy_bomb: tile; match, blast; coloured, countdown 9');
    expect(elementLine({ id: 'nut', layer: 'tile', exit: true, damage: ['adjacent'] })).toBe('nut: tile; never hit; exit item');
    // the other games a level could switch to are said once, for set_game
    expect(glossary('full', CLASSIC_GAME)).toContain('set_game game: sweet-saga "Sweet Saga".');
    expect(glossary('full', SWEET)).toContain('set_game game: classic "Classic".');
  });

  it('budgets: classic within 2,500 (full) and 1,500 (compact) with no other game; a game level is measured too', () => {
    forgetGames();
    const size = (set: 'full' | 'compact', game = CLASSIC_GAME) => charsToTokens(JSON.stringify(modelTools(set, game)).length) + charsToTokens(rulesPrompt({ toolSet: set, game }).length);
    expect(size('full')).toBeLessThanOrEqual(2500);
    expect(size('compact')).toBeLessThanOrEqual(1500);
    registerGames([SWEET]);
    // a game's level gets define_element and update_element, its element lines, and the tools only a game's
    // levels have (exits, spawn entries) with their terms said once: more, still under a 4,096 window
    expect(size('full', SWEET)).toBeLessThanOrEqual(3400);
    expect(size('compact', SWEET)).toBeLessThanOrEqual(1500);
  });
});

class Scripted implements ChatProvider {
  requests: ChatRequest[] = [];
  constructor(private steps: Partial<Assembled>[], readonly model = 'scripted') {}
  async stream(req: ChatRequest) {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    const r = this.steps.shift() ?? { text: 'ok' };
    return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 }, ...r, model: this.model };
  }
}
const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: JSON.stringify(args) });
const CHOCOLATE = { id: 'chocolate', name: 'Chocolate', layer: 'tile', hp: 1, spread: 'when-none-hit' };

describe('define_element and update_element: checked like a game file, only ever proposed', () => {
  it('a valid call proposes the game with the element; the registry keeps the game as it was', async () => {
    const r = await runTool(sweetLevel(), 'define_element', CHOCOLATE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.kind).toBe('game');
    expect(r.gameChange!.after.elements.at(-1)).toEqual({ id: 'chocolate', name: 'Chocolate', layer: 'tile', spread: 'when-none-hit' });
    expect(r.summary).toBe('Proposed new element for the game "Sweet Saga": chocolate (Chocolate): tile; hit by adjacent, blast; spreads to a neighbour when none was hit in a move.');
    expect(gameById('sweet-saga')!.elements.map((e) => e.id)).not.toContain('chocolate');
  });

  it('nonsense gets one message per problem naming the field, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ id: 'Bad Id!', layer: 'floor', hp: 9 }, 'define_element: id: must be 1..32 characters: a lower-case letter, then a-z, 0-9 or "_"; layer: must be tile, cover or ground; hp: must be 1..5'],
      [{ layer: 'tile' }, 'define_element: id: required: an element id (a lower-case letter, then a-z, 0-9 or _)'],
      [{ id: 'goo', layer: 'ground', damage: ['adjacent'], falls: true }, 'define_element: damage[0]: "adjacent" is not an event of the ground layer (a ground element takes cleared, blast); falls: only a tile element may have "falls" (this one is a ground element)'],
      [{ id: 'goo', layer: 'cover', spread: 'when-none-hit' }, 'define_element: spread: a cover element cannot spread'],
      [{ id: 'red', layer: 'tile' }, 'define_element: id: "red" is a colour, not an element id'],
      [{ id: 'fudge', layer: 'tile' }, 'define_element: id: the game "Sweet Saga" already has an element "fudge" (update_element changes it)'],
      [{ id: 'goo', layer: 'tile', color: 'brown', speed: 3 }, 'define_element: unknown parameter speed. Parameters: id, name, glyph, color, layer, hp, damage, falls, swappable, exit, spread.'],
    ];
    const before = JSON.stringify(gameById('sweet-saga'));
    for (const [args, message] of cases) {
      const r = await runTool(sweetLevel(), 'define_element', args);
      expect(r.ok === false && r.error, JSON.stringify(args)).toBe(message);
    }
    const bad = await runTool(sweetLevel(), 'update_element', { id: 'toffee', hp: 0 });
    expect(bad.ok === false && bad.error).toBe('update_element: hp: must be 1..5');
    const unknown = await runTool(sweetLevel(), 'update_element', { id: 'nougat', hp: 2 });
    expect(unknown.ok === false && unknown.error).toBe('update_element: id: the game "Sweet Saga" has no element "nougat" (its elements: fudge, cherry, choc, toffee, wrap, icing, syrup)');
    const nothing = await runTool(sweetLevel(), 'update_element', { id: 'toffee' });
    expect(nothing.ok === false && nothing.error).toBe('update_element: give at least one field to change');
    expect(JSON.stringify(gameById('sweet-saga'))).toBe(before);
  });

  it('update_element proposes the element changed, the rest as it was; classic cannot be changed', async () => {
    const r = await runTool(sweetLevel(), 'update_element', { id: 'wrap', hp: 2, name: 'Wrapper' });
    expect(r.ok && r.gameChange!.after.elements.find((e) => e.id === 'wrap')).toEqual({ id: 'wrap', name: 'Wrapper', layer: 'cover', hp: 2 });
    expect(r.ok && r.summary).toBe('Proposed change to element wrap of the game "Sweet Saga": wrap: cover; hit by match, blast → wrap (Wrapper): cover, layers 1..2; hit by match, blast.');
    // an item (exit) is never hit, whatever damage list it keeps: the proposal says so, not "hit by adjacent, blast"
    const item = await runTool(sweetLevel(), 'define_element', { id: 'nut', layer: 'tile', falls: true, exit: true, damage: ['adjacent', 'blast'] });
    expect(item.ok && item.summary).toBe('Proposed new element for the game "Sweet Saga": nut: tile; never hit; falls, an item brought down to exits.');
    const classic = await runTool(createLevel({ id: 'C', seed: 1 }), 'define_element', CHOCOLATE);
    expect(classic.ok === false && classic.error).toMatch(/^define_element: the classic game is built in and cannot be changed: duplicate it/);
    expect(validateArgs('define_element', CHOCOLATE).ok).toBe(true);
  });

  it('in a turn, even in Auto mode, a game change is an operation to review, never a level intent; the prefix is the game\'s, the same every round', async () => {
    const p = new Scripted([
      { toolCalls: [call('c1', 'define_element', CHOCOLATE)] },
      { toolCalls: [call('c2', 'paint_tile', { x: 0, y: 0, tile: 'chocolate' })] },
      { toolCalls: [call('c3', 'paint_tile', { x: 0, y: 0, tile: 'fudge' })] },
      { text: 'Proposed chocolate; fudge painted.' },
    ]);
    const r = await runTurn({ level: sweetLevel(), history: [], userText: 'add a chocolate', provider: p, settings: { roundLimit: 8, tokenBudget: 1e6, mode: 'native', applyMode: 'auto' } });
    expect(r.status).toBe('done');
    expect(r.intents).toEqual([{ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'fudge' } }]);
    expect(r.operations.map((o) => o.intent.tool)).toEqual(['define_element', 'paint_tile']);
    const results = r.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results[0]).toContain(GAME_PROPOSAL_NOTE);
    // the element is not in the game until approved: painting it in the same turn is refused
    expect(results[1]).toMatch(/^Error: paint_tile: tile: must be one of .*choc, void$/);
    const prefix = (q: ChatRequest) => JSON.stringify(q.tools) + String(q.messages[0].content);
    expect(new Set(p.requests.map(prefix)).size).toBe(1);
    expect(String(p.requests[0].messages[0].content)).toContain('fudge "Fudge block": tile 1..2; adjacent, blast');
    expect(p.requests[0].tools!.map((t) => t.function.name)).toContain('define_element');
  });
});
