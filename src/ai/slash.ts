// Slash commands: run a registry tool straight from the message box, with no key and offline.
//   /set_grid_size 10 10      positional, in the tool's parameter order
//   /paint_tile x=3 y=4 tile=red
//   /help                     every tool with its parameters
import { TOOLS, getTool, requiredParams } from '../core/tools/index.ts';
import { paramsOf } from '../core/tools/define.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';

export interface SlashCommand {
  name: string;
  args: Record<string, unknown>;
}

export function isSlash(text: string): boolean {
  return /^\/[a-z_]+/i.test(text.trim());
}

/** Splits on spaces, keeping "quoted strings" and name="quoted values" together (quotes removed). */
function tokens(s: string): string[] {
  return [...s.matchAll(/([A-Za-z_]\w*=)?(?:"([^"]*)"|'([^']*)'|(\S+))/g)].map((m) => (m[1] ?? '') + (m[2] ?? m[3] ?? m[4]));
}

/** How a command is written, for the answer to a malformed one. */
export function slashUsage(name: string): string {
  const tool = getTool(name);
  if (!tool) return '';
  const required = requiredParams(tool.params);
  const order = tool.positional ?? Object.keys(tool.params.shape);
  const params = order.map((k) => (required.includes(k) ? k : `[${k}]`)).join(' ');
  const example = order.slice(0, 2).map((k) => `${k}=…`).join(' ');
  return `/${name}${params ? ' ' + params : ''}` + (order.length ? ` — values in this order, or ${example}, or a JSON object` : '');
}

export type SlashError = { error: string; usage?: string; name?: string };

/**
 * `/name a b`, `/name k=v k2="two words"` or `/name {"k": 1}`. Never throws: anything malformed comes
 * back as an error with the command's usage.
 */
export function parseSlash(text: string): SlashCommand | SlashError {
  const body = text.trim().slice(1);
  const name = (body.match(/^[A-Za-z_]+/)?.[0] ?? '').toLowerCase();
  if (name === 'help') return { name: 'help', args: {} };
  const tool = getTool(name);
  if (!tool) return { error: `/${name}: no such command. Type /help for the list.`, name };
  const rest = body.slice(name.length).trim();
  const fail = (why: string): SlashError => ({ error: `/${name}: ${why}. Usage: ${slashUsage(name)}`, usage: slashUsage(name), name });
  if (rest.startsWith('{')) {
    // the arguments as one JSON object, parsed from the raw text (quotes intact)
    try {
      const parsed: unknown = JSON.parse(rest);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('the JSON arguments must be an object');
      return { name, args: parsed as Record<string, unknown> };
    } catch (e) {
      return fail(`the JSON arguments are not valid (${(e as Error).message})`);
    }
  }
  const args: Record<string, unknown> = {};
  const positional = tool.positional ?? Object.keys(tool.params.shape);
  let p = 0;
  for (const tok of tokens(rest)) {
    const kv = tok.match(/^([A-Za-z_]\w*)=(.*)$/s);
    if (kv) {
      args[kv[1]] = kv[2];
      continue;
    }
    if (p >= positional.length) return fail(`too many values (it takes ${positional.join(', ') || 'nothing'})`);
    args[positional[p++]] = tok;
  }
  return { name, args };
}

/**
 * The list of commands. `describe` gives each tool's description in the designer's language (the UI
 * passes a catalogue lookup); the intro line likewise.
 */
export function slashHelp(opts: { intro?: string; describe?: (name: string, english: string) => string; game?: GameDef } = {}): string {
  const ownGame = !!opts.game && opts.game.id !== CLASSIC_ID;
  // a level of another game: its tools (exits, spawn) too, each with the parameters that game gives it
  const lines = TOOLS.filter((t) => ownGame || !t.games).map((t) => {
    const params = paramsOf(t, opts.game);
    const required = requiredParams(params);
    const order = t.positional ? t.positional.filter((k) => k in params.shape) : Object.keys(params.shape);
    const shown = order.map((k) => (required.includes(k) ? k : `[${k}]`)).join(' ');
    return `- \`/${t.name}${shown ? ' ' + shown : ''}\` — ${opts.describe ? opts.describe(t.name, t.description) : t.description}`;
  });
  const intro = opts.intro ?? 'Slash commands run the studio\'s tools directly (no API key needed). Values in order, `name=value`, or a JSON object.';
  return [intro, '', ...lines].join('\n');
}

/** Suggestions for the message box: the commands of a level of `game` (default the classic game), with that game's parameters. */
export function slashCommands(game?: GameDef): { name: string; params: string }[] {
  const ownGame = !!game && game.id !== CLASSIC_ID;
  return [
    { name: 'help', params: 'list every command' },
    ...TOOLS.filter((t) => ownGame || !t.games).map((t) => {
      const shape = paramsOf(t, game).shape;
      return { name: t.name, params: (t.positional ? t.positional.filter((k) => k in shape) : Object.keys(shape)).join(' ') };
    }),
  ];
}
