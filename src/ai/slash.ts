// Slash commands: run a registry tool straight from the message box, with no key and offline.
//   /set_grid_size 10 10      positional, in the tool's parameter order
//   /paint_tile x=3 y=4 tile=red
//   /help                     every tool with its parameters
import { TOOLS, getTool, paramsJsonSchema } from '../core/tools/index.ts';

export interface SlashCommand {
  name: string;
  args: Record<string, unknown>;
}

export function isSlash(text: string): boolean {
  return /^\/[a-z_]+/i.test(text.trim());
}

/** Splits on spaces, keeping "quoted strings" together. */
function tokens(s: string): string[] {
  return [...s.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

export function parseSlash(text: string): SlashCommand | { error: string } {
  const [head, ...rest] = tokens(text.trim().slice(1));
  const name = (head ?? '').toLowerCase();
  if (name === 'help') return { name: 'help', args: {} };
  const tool = getTool(name);
  if (!tool) return { error: `/${name}: no such command. Type /help for the list.` };
  const args: Record<string, unknown> = {};
  const positional = tool.positional ?? Object.keys(tool.params.shape);
  let p = 0;
  for (const tok of rest) {
    const kv = tok.match(/^([A-Za-z_][\w]*)=(.*)$/);
    if (kv) args[kv[1]] = kv[2];
    else if (tok.startsWith('{')) Object.assign(args, JSON.parse(rest.join(' ').slice(rest.join(' ').indexOf('{'))));
    else {
      if (p >= positional.length) return { error: `/${name}: too many values (it takes ${positional.join(', ') || 'nothing'})` };
      args[positional[p++]] = tok;
    }
  }
  return { name, args };
}

export function slashHelp(): string {
  const lines = TOOLS.map((t) => {
    const schema = paramsJsonSchema(t.params) as { properties?: Record<string, { description?: string }>; required?: string[] };
    const order = t.positional ?? Object.keys(schema.properties ?? {});
    const params = order.map((k) => (schema.required?.includes(k) ? k : `[${k}]`)).join(' ');
    return `- \`/${t.name}${params ? ' ' + params : ''}\` — ${t.description}`;
  });
  return ['Slash commands run the studio\'s tools directly (no API key needed). Values in order, or `name=value`.', '', ...lines].join('\n');
}

/** Suggestions for the message box. */
export function slashCommands(): { name: string; params: string }[] {
  return [
    { name: 'help', params: 'list every command' },
    ...TOOLS.map((t) => ({ name: t.name, params: (t.positional ?? Object.keys(t.params.shape)).join(' ') })),
  ];
}
