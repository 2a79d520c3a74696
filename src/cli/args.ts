// A command's arguments through node:util's parseArgs, worded as the CLI always worded them:
// `unknown option X`, `X needs a value`. parseArgs runs loose (strict: false) so that a value may
// start with a dash (`--seed -1`, `--moves-from -2`) and the errors are ours; `--` ends the options,
// `-` is a FILE, and `--name=value` gives a value too.
import { parseArgs } from 'node:util';

export interface Flag {
  type: 'string' | 'boolean';
  /** Repeatable (`--game FILE…`): every value, in order. */
  multiple?: boolean;
  /** The error for a missing value, when it says more than `--name needs a value`. */
  missing?: string;
}
export type Flags = Record<string, Flag>;

type ValueOf<F extends Flag> = F['type'] extends 'boolean' ? boolean : F['multiple'] extends true ? string[] : string;
/** What was given of each flag; a repeatable flag not given is `[]`. */
export type Values<F extends Flags> = { [K in keyof F]: F[K]['multiple'] extends true ? ValueOf<F[K]> : ValueOf<F[K]> | undefined };

export interface ReadRules {
  /** Arguments with one dash (`-x`) are FILEs, not options (analyze and calibrate read them so). */
  shortIsFile?: boolean;
  /** The error for an option not in the list, when it says more than `unknown option X`. */
  unknown?: (arg: string) => string;
}

/** The flags' values, the FILEs in order, and the flags' names in the order they were given. */
export type Read<F extends Flags> = { values: Values<F>; files: string[]; given: string[] } | { error: string };

export function readArgs<const F extends Flags>(argv: readonly string[], flags: F, rules: ReadRules = {}): Read<F> {
  const options = Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, { type: f.type, multiple: !!f.multiple }]));
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(flags)) if (f.multiple) values[name] = [];
  const files: string[] = [], given: string[] = [];
  const shortFiles = new Set<number>();
  for (const t of tokens) {
    if (t.kind === 'positional') files.push(t.value);
    if (t.kind !== 'option') continue;
    const arg = argv[t.index];
    if (rules.shortIsFile && !arg.startsWith('--')) {
      // a group such as -abc is three tokens of one argument: one FILE
      if (!shortFiles.has(t.index)) files.push(arg);
      shortFiles.add(t.index);
      continue;
    }
    const flag = t.rawName === `--${t.name}` && Object.hasOwn(flags, t.name) ? flags[t.name] : undefined;
    if (!flag || (flag.type === 'boolean' && t.inlineValue)) return { error: rules.unknown?.(arg) ?? `unknown option ${arg}` };
    given.push(t.name);
    if (flag.type === 'boolean') values[t.name] = true;
    else if (t.value === undefined) return { error: flag.missing ?? `${t.rawName} needs a value` };
    else if (flag.multiple) (values[t.name] as string[]).push(t.value);
    else values[t.name] = t.value;
  }
  return { values: values as Values<F>, files, given };
}

/** A whole number in `min..max` read from an option's text, or `--name: must be an integer min..max`. */
export function integerOption(name: string, text: string, min: number, max: number): number | { error: string } {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : { error: `--${name}: must be an integer ${min}..${max}` };
}

/** `--threads N`: threads playing games, the main one included. */
export const threadsOption = (text: string) => integerOption('threads', text, 1, 64);

/** `--game FILE`, repeatable: the game definitions of a run's levels. */
export const GAME_FLAG = { type: 'string', multiple: true, missing: '--game needs a value (a match3-game file)' } as const satisfies Flag;

export const isError = (r: unknown): r is { error: string } => typeof r === 'object' && r !== null && 'error' in r;
