// What the copilot sends: request sizes of a scripted four-round turn (paint jelly, set the objective,
// analyze, answer) on a classic 9×9 level, per round — characters and estimated tokens (characters / 4,
// the studio's estimate) of the tools, the system prompt and the other messages — for each tool set,
// and whether the prefix (tools, then the system prompt) stays byte-identical from round to round and
// into the next turn. No network, no timing: the provider is scripted.
//   npm run bench:copilot
import { createLevel, type LevelT } from '../src/core/level/index.ts';
import { runTurn, type TurnSettings } from '../src/ai/agent.ts';
import type { ChatRequest } from '../src/ai/client.ts';
import type { Assembled } from '../src/ai/assembler.ts';
import { localRunner } from '../src/core/sim/analysis/index.ts';
import { readFileSync } from 'node:fs';
import { CLASSIC_GAME } from '../src/core/game/classic.ts';
import { parseGameText } from '../src/core/game/schema.ts';
import { registerGames } from '../src/core/game/registry.ts';
import type { GameDef } from '../src/core/game/types.ts';
import { loadTools } from '../src/core/tools/index.ts';
import { ScriptedProvider, toolCall as call } from '../tests/unit/setup/scriptedProvider.ts';

// every tool's definition loaded up front, as the CLI and the node tests do (the page loads some on first use)
await loadTools();

/** The turn paints the game's first ground element (the classic game's jelly) and makes clearing it the goal. */
const script = (game: GameDef): Partial<Assembled>[] => {
  const ground = game.elements.find((e) => e.layer === 'ground')!.id;
  return [
    { toolCalls: [call('c1', 'paint_ground_region', { x1: 0, y1: 7, x2: 8, y2: 8, ground })] },
    { toolCalls: [call('c2', 'set_objective', { type: 'clear_ground', ground })] },
    { toolCalls: [call('c3', 'analyze_level', { games: 100 })] },
    { text: `Done: ${ground} on the two bottom rows, the objective is to clear it; the average bot wins about half the games.` },
  ];
};

export interface RoundSize {
  round: number;
  tools: number;
  system: number;
  messages: number;
}

const tokens = (chars: number) => Math.ceil(chars / 4);

export function sizes(req: ChatRequest, round: number): RoundSize {
  const [sys, ...rest] = req.messages;
  return {
    round,
    tools: req.tools ? JSON.stringify(req.tools).length : 0,
    system: sys.role === 'system' ? sys.content.length : 0,
    messages: JSON.stringify(sys.role === 'system' ? rest : req.messages).length,
  };
}

const prefix = (req: ChatRequest) => JSON.stringify(req.tools ?? null) + '\n' + (req.messages[0].role === 'system' ? req.messages[0].content : '');

async function bench(toolSet: 'full' | 'compact', game: GameDef = CLASSIC_GAME) {
  const base: LevelT = { ...createLevel({ id: 'bench', seed: 11, width: 9, height: 9 }), moves: 25 };
  const level: LevelT = game === CLASSIC_GAME ? base : { ...base, game: game.id };
  const settings = { roundLimit: 8, tokenBudget: 1_000_000, mode: 'native', toolSet } as TurnSettings;
  const p = new ScriptedProvider(script(game), { usage: null });
  const r = await runTurn({ level, history: [], userText: 'Paint the ground on the two bottom rows, make clearing it the goal, and tell me how hard it is.', provider: p, settings, ctx: { runner: localRunner() } });
  if (r.status !== 'done') throw new Error(`the scripted turn ended ${r.status}`);
  // the next turn's first request: the prefix should still be the same
  const next = new ScriptedProvider([{ text: 'Yes.' }], { usage: null });
  await runTurn({ level: r.draft, history: r.messages, userText: 'Thanks, is that all?', provider: next, settings, ctx: { runner: localRunner() } });
  const rows = p.requests.map((q, i) => sizes(q, i + 1));
  const prefixes = [...p.requests, ...next.requests].map(prefix);
  return { rows, samePrefix: prefixes.every((x) => x === prefixes[0]), toolCount: p.requests[0].tools?.length ?? 0 };
}

const fmt = (n: number) => n.toLocaleString('en-US');
/** The same turn before issue 33 (2a66ab5: 26 tools, the level in the system prompt), docs/copilot.md "Original". */
const ORIGINAL_TURN = 110_380;
function table(name: string, b: Awaited<ReturnType<typeof bench>>, classic = true) {
  console.log(`\n${name}: ${b.toolCount} tools; prefix (tools + system prompt) identical across the rounds and into the next turn: ${b.samePrefix ? 'yes' : 'no'}`);
  console.log('| round | tools chars (tokens) | system chars (tokens) | messages chars (tokens) | request chars (tokens) | tools + system tokens |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const r of b.rows) {
    const all = r.tools + r.system + r.messages;
    console.log(
      `| ${r.round} | ${fmt(r.tools)} (${fmt(tokens(r.tools))}) | ${fmt(r.system)} (${fmt(tokens(r.system))}) | ${fmt(r.messages)} (${fmt(tokens(r.messages))}) | ${fmt(all)} (${fmt(tokens(all))}) | ${fmt(tokens(r.tools) + tokens(r.system))} |`,
    );
  }
  const total = b.rows.reduce((a, r) => a + r.tools + r.system + r.messages, 0);
  console.log(`| turn | | | | ${fmt(total)} (${fmt(tokens(total))}) | |`);
  if (classic) console.log(`The turn is ${((100 * total) / ORIGINAL_TURN).toFixed(1)}% of the original classic turn (${fmt(ORIGINAL_TURN)} characters).`);
}

const sets = (process.argv.includes('--full-only') ? ['full'] : ['full', 'compact']) as ('full' | 'compact')[];
console.log('Copilot request sizes: a scripted four-round turn on a classic 9×9 level (tokens estimated as characters / 4)');
for (const s of sets) table(`Tool set ${s}`, await bench(s));

// a level of a workspace game (examples/games/sweet-saga.game.json): its elements in the glossary, the
// paint tools' values from it, define_element and update_element offered (issue 31); the workspace has
// one other game, so set_game is offered too
const sweet = parseGameText(readFileSync(new URL('../examples/games/sweet-saga.game.json', import.meta.url), 'utf8'));
if (!sweet.ok) throw new Error('examples/games/sweet-saga.game.json does not parse');
registerGames([sweet.game]);
console.log(`\nThe same turn on a 9×9 level of the game "${sweet.game.name}" (${sweet.game.elements.length} elements)`);
for (const s of sets) table(`Tool set ${s}, game ${sweet.game.id}`, await bench(s, sweet.game), false);
