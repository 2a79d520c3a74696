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

export type SlashError = { error: string; usage?: string; name?: string; near?: string[] };

/** Edit distance of a and b (insertions, deletions, substitutions), stopping early above `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      low = Math.min(low, row[j]);
    }
    if (low > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** How many commands an unknown one's answer offers at most. */
const NEAR_SHOWN = 3;

/** Whether two words of command names are the same word: equal, one the other's start (4 letters or more), or a letter off (5 or more). */
const sameWord = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))) || (Math.min(a.length, b.length) >= 5 && distance(a, b, 1) <= 1);

/**
 * The commands an unknown `/name` most likely meant, best first (at most NEAR_SHOWN): those it begins
 * (`/analyze` → analyze_level), typos of a whole name (`/analyse_level`, a letter off, two in a long
 * name), then those sharing words with it, the larger share of the command's words first (`/set_moves`
 * → set_move_limit, `/analyse` → analyze_level, deep_analyze).
 */
export function nearCommands(name: string, names: readonly string[] = ['help', ...TOOLS.map((t) => t.name)]): string[] {
  if (name.length < 2) return [];
  const words = name.split('_').filter((w) => w.length >= 3);
  const typos = name.length >= 6 ? 2 : 1;
  const scored: { name: string; rank: number }[] = [];
  for (const c of names) {
    const own = c.split('_');
    // a word the same counts whole, a word near it (spawn for spawner) a little less
    const shared = own.reduce((n, cw) => n + (words.includes(cw) ? 1 : words.some((w) => sameWord(w, cw)) ? 0.8 : 0), 0);
    const d = distance(name, c, typos);
    const rank = c.startsWith(name) ? 0 : d <= typos ? 0.5 + d : shared > 0 ? 4 - shared / own.length : -1;
    if (rank >= 0) scored.push({ name: c, rank });
  }
  // the best rank first, then the registry's order (the sort is stable)
  return scored.sort((a, b) => a.rank - b.rank).slice(0, NEAR_SHOWN).map((c) => c.name);
}

/**
 * `/name a b`, `/name k=v k2="two words"` or `/name {"k": 1}`. Never throws: anything malformed comes
 * back as an error with the command's usage.
 */
export function parseSlash(text: string): SlashCommand | SlashError {
  const body = text.trim().slice(1);
  const name = (body.match(/^[A-Za-z_]+/)?.[0] ?? '').toLowerCase();
  if (name === 'help') return { name: 'help', args: {} };
  const tool = getTool(name);
  if (!tool) {
    const near = nearCommands(name);
    const meant = near.length ? ` Did you mean ${near.map((n) => '/' + n).join(', ')}?` : '';
    return { error: `/${name}: no such command.${meant} Type /help for the list.`, name, near };
  }
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
