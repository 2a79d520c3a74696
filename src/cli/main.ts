// `match3`: validate, tools and analyze on the studio's own core, for build pipelines.
import '../core/zod.ts';
import { availableParallelism } from 'node:os';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { toolSpecs } from '../core/tools/specs.ts';
import { loadTools } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, TIERS } from '../core/facts.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { warningsOf } from '../core/sim/checks.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import type { ChunkRunner } from '../analysis/pool.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import type { SimRequest } from '../analysis/simApi.ts';
import { cliPool, cliRunners, primes } from './threads.ts';
import { analyzeAll, type AnalyzeEntry } from './analyzeAll.ts';
import { TUNE_USAGE, tuneCommand } from './tune.ts';
import { levelReport, reportPrinter, type LevelHeader, type OutputFormat } from './report.ts';
import { expandFolders, type Expanded } from './dir.ts';
import { parseShardSpec, playShard, runVersions, type AnalysisRun, type ShardSpec } from './shard.ts';
import { mergeCommand } from './merge.ts';
import { calibrateCommand } from './calibrate.ts';
import { loadPlayerModel, withPlayer } from './playerModel.ts';
import { packageVersion } from './version.ts';
import { realIo, type Io } from './io.ts';
import { loadInputs } from './inputs.ts';
import { GAME_FLAG, integerOption, isError, readArgs, threadsOption, type Flags, type Values } from './args.ts';
import { gameHashesOf, gamesCommand } from './games.ts';

export type { Io };

/** The skipped-file note of a folder walk (dir.ts). */
export const skippedNote = (file: string) => `${file}: skipped: it names another format than a level, pack, workspace or game`;

async function validate(args: string[], io: Io): Promise<number> {
  const parsed = readArgs(args, { game: GAME_FLAG });
  if ('error' in parsed) {
    io.err(`match3 validate: ${parsed.error}\n\n${COMMANDS.validate.usage}`);
    return 2;
  }
  const { files, values } = parsed;
  // (`--game FILE` alone checks those game files: nothing else to validate, and that is fine)
  if (!files.length && !values.game.length) {
    io.err(`match3 validate: give at least one FILE or --game FILE\n\n${COMMANDS.validate.usage}`);
    return 2;
  }
  const expanded = await expandFolders(files);
  for (const s of expanded.skipped) io.err(skippedNote(s));
  for (const p of expanded.problems) io.out(p.problem);
  const inputs = await loadInputs(expanded.files, values.game, io);
  for (const p of inputs.gameProblems) io.out(p);
  let bad = expanded.problems.length + inputs.gameProblems.length;
  for (const r of inputs.files) {
    const file = r.file;
    if ('problems' in r) {
      bad++;
      for (const p of r.problems) io.out(p);
      continue;
    }
    for (const { label, level } of r.levels) {
      const prefix = label === file ? '' : label.slice(file.length + 1) + '.';
      for (const w of warningsOf(level)) io.err(`${file}: warning: ${prefix}${w.path ?? '(level)'}: ${w.message}`);
    }
  }
  return bad ? 1 : 0;
}

/** `integer 3..16`, `one of ice, chain, none`, … : a parameter's JSON Schema in a few words. */
function describeSchema(p: Record<string, unknown>): string {
  if (Array.isArray(p.enum)) return `one of ${(p.enum as string[]).join(', ')}`;
  const range = p.minimum !== undefined && p.maximum !== undefined ? ` ${p.minimum}..${p.maximum}` : '';
  if (p.type === 'array') return `list (${p.minItems ?? 0}..${p.maxItems ?? '∞'})`;
  return `${String(p.type ?? 'value')}${range}`;
}

function tools(args: string[], io: Io): number {
  const parsed = readArgs(args, { json: { type: 'boolean' } });
  if ('error' in parsed || parsed.files.length) {
    io.err(`match3 tools: ${'error' in parsed ? parsed.error : `unexpected argument ${parsed.files[0]}`}\n\n${COMMANDS.tools.usage}`);
    return 2;
  }
  const specs = toolSpecs();
  if (parsed.values.json) {
    io.out(JSON.stringify(specs, null, 2));
    return 0;
  }
  for (const s of specs) {
    io.out(`${s.name} (${s.kind})`);
    io.out(`  ${s.description}`);
    const props = (s.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((s.parameters.required as string[] | undefined) ?? []);
    const names = Object.keys(props);
    if (!names.length) io.out('  (no parameters)');
    const width = Math.max(0, ...names.map((n) => n.length));
    for (const n of names) {
      const p = props[n];
      io.out(`  ${n.padEnd(width)}  ${describeSchema(p)}${required.has(n) ? '' : ', optional'} — ${String(p.description ?? '')}`);
    }
    io.out('');
  }
  return 0;
}

interface AnalyzeOptions {
  games: number;
  tiers: Tier[];
  curve: boolean;
  seed?: number;
  threads: number;
  format: OutputFormat;
  shard?: ShardSpec;
  /** `--model MODEL.json`: add the calibration's player figures (needs every tier). */
  model?: string;
  /** `--game FILE`, repeatable: game definitions for the levels. */
  gameFiles: string[];
}

/** The options of analyze, as parseArgs reads them. */
const ANALYZE_FLAGS = {
  games: { type: 'string' }, tier: { type: 'string' }, bot: { type: 'string' }, curve: { type: 'boolean' },
  json: { type: 'boolean' }, csv: { type: 'boolean' }, md: { type: 'boolean' }, seed: { type: 'string' }, threads: { type: 'string' },
  shard: { type: 'string' }, model: { type: 'string' }, game: { type: 'string', multiple: true },
} as const satisfies Flags;

/** `--tier T` (or `--bot T`): one tier, or every tier for `all`. */
function tiersOption(flag: string, v: string): Tier[] | { error: string } {
  if (v === 'all') return [...TIERS];
  if ((TIERS as readonly string[]).includes(v)) return [v as Tier];
  return { error: `--${flag}: must be ${TIERS.join(', ')} or all` };
}

/** The values of analyze's options, each checked; `given` is the order the options came in. */
function analyzeValues(v: Values<typeof ANALYZE_FLAGS>, given: readonly string[]): AnalyzeOptions | { error: string } {
  if (v.json && v.csv) return { error: 'give --json or --csv, not both' };
  if (v.md && (v.json || v.csv)) return { error: 'give --md alone, not with --json or --csv' };
  const opts: AnalyzeOptions = {
    games: ANALYSIS_GAMES.default, tiers: [DEFAULT_TIER], curve: !!v.curve, threads: Math.min(8, availableParallelism()),
    format: v.json ? 'json' : v.csv ? 'csv' : v.md ? 'md' : 'table', gameFiles: v.game, ...(v.model === undefined ? {} : { model: v.model }),
  };
  const games = v.games === undefined ? opts.games : integerOption('games', v.games, 1, ANALYSIS_GAMES.cliMax);
  if (isError(games)) return games;
  // --tier and --bot are one option under two names: both are checked, the later one counts
  const tier = v.tier === undefined ? null : tiersOption('tier', v.tier);
  if (isError(tier)) return tier;
  const bot = v.bot === undefined ? null : tiersOption('bot', v.bot);
  if (isError(bot)) return bot;
  const seed = v.seed === undefined ? undefined : integerOption('seed', v.seed, 0, 0xffffffff);
  if (isError(seed)) return seed;
  const threads = v.threads === undefined ? opts.threads : threadsOption(v.threads);
  if (isError(threads)) return threads;
  const shard = v.shard === undefined ? undefined : parseShardSpec(v.shard);
  if (isError(shard)) return shard;
  const tiers = tier && bot ? (given.lastIndexOf('tier') > given.lastIndexOf('bot') ? tier : bot) : (tier ?? bot);
  return { ...opts, games, threads, ...(tiers ? { tiers } : {}), ...(seed === undefined ? {} : { seed }), ...(shard ? { shard } : {}) };
}

/** The FILEs and options of analyze, or the usage error. */
function parseOptions(args: string[]): { files: string[]; opts: AnalyzeOptions } | { error: string } {
  const parsed = readArgs(args, ANALYZE_FLAGS, { shortIsFile: true });
  if ('error' in parsed) return parsed;
  const opts = analyzeValues(parsed.values, parsed.given);
  if (isError(opts)) return opts;
  const tierGiven = parsed.values.tier !== undefined || parsed.values.bot !== undefined;
  if (opts.model && tierGiven && opts.tiers.length !== TIERS.length) return { error: '--model needs every tier: give --tier all or leave --tier out' };
  if (opts.model) opts.tiers = [...TIERS];
  if (opts.model && opts.shard) return { error: '--model goes to match3 merge, which adds the player figures to the merged result' };
  if (opts.shard && opts.format !== 'table') return { error: '--shard writes a shard file (JSON) for match3 merge: give --json or --csv to merge instead' };
  return { files: parsed.files, opts };
}

/** The level as analysed (`--seed` replaces its own) and how reports name it. */
function analysed(label: string, original: LevelT, opts: AnalyzeOptions): { level: LevelT; header: LevelHeader } {
  const level = opts.seed === undefined ? original : { ...original, seed: opts.seed };
  const game = (level as { game?: string }).game;
  return {
    level,
    // a game level's report names its game (a classic level's report is as it always was)
    header: { file: label, level: { id: level.id, name: level.name, hash: levelHash(level), ...(game && game !== 'classic' ? { game } : {}) }, warnings: warningsOf(level).map((w) => w.message) },
  };
}

async function analyze(args: string[], io: Io): Promise<number> {
  const parsed = parseOptions(args);
  if ('error' in parsed) {
    io.err(`match3 analyze: ${parsed.error}\n\n${COMMANDS.analyze.usage}`);
    return 2;
  }
  const { files: args_, opts } = parsed;
  if (!args_.length) {
    io.err('match3 analyze: give at least one FILE or folder');
    return 2;
  }
  const { files, problems: folderProblems, skipped } = await expandFolders(args_);
  for (const s of skipped) io.err(skippedNote(s));
  // a long run of several levels primes each thread first (threads.ts); the threads start now, and
  // learn whether to prime with their first chunk, once the levels are read
  let levelCount = 0;
  const threadOptions = { prime: () => primes(levelCount, opts.games, opts.tiers.length) };
  const spawn = cliRunners(opts.threads, threadOptions);
  if (opts.shard) return analyzeShard(files, folderProblems, opts, opts.shard, spawn, io, (n) => (levelCount = n));

  const player = opts.model ? await loadPlayerModel(opts.model, io) : null;
  if (player && 'problem' in player) {
    io.err(player.problem);
    return 1;
  }
  for (const p of folderProblems) io.err(p.problem);
  let status = folderProblems.length ? 1 : 0;
  const pool = cliPool(opts.threads, threadOptions);
  // the curve is played only when it is printed (--curve): every other figure is the same either way
  const runner = new AnalysisRunner(() => pool, undefined, { curve: opts.curve });
  const print = reportPrinter(opts.format, opts.curve, io, !!player);
  try {
    // every level of every file through one feed: the threads stay busy across levels (analyzeAll.ts)
    const inputs = await loadInputs(files, opts.gameFiles, io);
    const entries: AnalyzeEntry[] = inputs.gameProblems.length ? [{ problems: inputs.gameProblems }] : [];
    for (const r of inputs.files) {
      if ('problems' in r) entries.push(r);
      else for (const { label, level } of r.levels) entries.push(analysed(label, level, opts));
    }
    levelCount = entries.filter((e) => !('problems' in e)).length;
    await analyzeAll(entries, { tiers: opts.tiers, games: opts.games, threads: opts.threads, runner }, (e, done) => {
      if ('problems' in e) {
        status = 1;
        for (const p of e.problems) io.err(p);
      } else {
        const report = levelReport(done!.header, done!.tiers, opts.curve, done!.durationMs, e.level);
        print(player ? withPlayer(report, player.model) : report, { level: e.level, counts: done!.tiers.map((t) => t.counts) });
      }
    });
  } finally {
    pool.terminate();
  }
  return status;
}

/**
 * `--shard i/n`: every shard loads every file (to know the whole list of games), plays its share
 * and prints one shard file; invalid files are recorded so that merge reports them as analyze does.
 */
async function analyzeShard(
  files: string[],
  folderProblems: Expanded['problems'],
  opts: AnalyzeOptions,
  shard: ShardSpec,
  spawn: (slot: number) => ChunkRunner<SimRequest, SimCounts>,
  io: Io,
  levelsRead: (count: number) => void,
): Promise<number> {
  const run: AnalysisRun = { games: opts.games, tiers: opts.tiers, curve: opts.curve, seed: opts.seed ?? null, ...runVersions(), inputs: [] };
  const levels: (LevelT | null)[] = [];
  const record = (input: AnalysisRun['inputs'][number], level: LevelT | null) => {
    run.inputs.push(input);
    levels.push(level);
  };
  for (const p of folderProblems) record({ file: p.folder, problems: [p.problem] }, null);
  const inputs = await loadInputs(files, opts.gameFiles, io);
  if (inputs.gameProblems.length) record({ file: '--game', problems: inputs.gameProblems }, null);
  for (const r of inputs.files) {
    const file = r.file;
    if ('problems' in r) record({ file, problems: r.problems }, null);
    else for (const { label, level: original } of r.levels) {
      const { level, header } = analysed(label, original, opts);
      record(header, level);
    }
  }
  levelsRead(levels.filter((l) => l !== null).length);
  const used = gameHashesOf(levels);
  if (used.length) run.gameHashes = used;
  const result = await playShard(run, levels, shard, opts.threads, spawn);
  io.out(JSON.stringify(result));
  const problems = run.inputs.flatMap((i) => ('problems' in i ? i.problems : []));
  for (const p of problems) io.err(p);
  return problems.length ? 1 : 0;
}

interface Command {
  /** One line for the overview. */
  summary: string;
  /** The command's own help (`match3 CMD --help`). */
  usage: string;
  run: (args: string[], io: Io) => Promise<number> | number;
}

/** Every command of the CLI. A new one is one entry here. */
const COMMANDS: Record<string, Command> = {
  validate: {
    summary: 'check level, pack or game files (exit 1 on any problem)',
    usage: `Usage: match3 validate FILE… [--game FILE…]
       match3 validate --game FILE…

Checks level files, pack files, workspace backups and game definitions (match3-game files), and
the levels of a game against its definition (--game FILE with no other FILE checks just those
game files). Problems go to stdout, one per line:
  FILE: field.path: message
A level's game must be given: --game FILE (repeatable), a match3-game file among the FILEs, or the
"games" of a pack or workspace file; a level whose game is in none of them is refused.
Warnings (legal but probably unintended) go to stderr and do not fail the check.
A FILE that is a folder stands for every *.json file under it, as for analyze.
Exit status: 0 all valid, 1 a file is invalid or unreadable, 2 usage error.`,
    run: validate,
  },
  tools: {
    summary: 'list the tool registry (--json: name, kind, description, JSON Schema)',
    usage: `Usage: match3 tools [--json]

Lists the tools the copilot, the slash commands and the editor share, with their parameters.
--json prints an array of { name, kind, description, parameters } (parameters = JSON Schema).`,
    run: tools,
  },
  analyze: {
    summary: 'simulate plays and report win rates',
    usage: `Usage: match3 analyze FILE… [options]
  --games N        games per tier (default 1000)
  --tier T         novice | average | expert | all (default average)
  --curve          include the win rate against the move limit
  --seed S         use seed S instead of the level's own
  --threads N      threads playing games, the main one included (default: one per core, at most 8;
                   1 = the main thread only, no worker thread)
  --json           one JSON object per level instead of a table
  --csv            a CSV summary: a header, then one row per level and tier
  --md             Markdown: per level its tiers, objectives, what stops players and warnings
  --shard i/n      play only the i-th of n equal shares of the games and print a shard file
                   (JSON) for match3 merge; the merged shards give exactly the unsharded result
  --model FILE     add players' predicted pass rate from a calibration (match3 calibrate --out);
                   plays every tier
  --game FILE      a game definition (match3-game file, or a pack or workspace file's "games") for
                   levels that name that game; repeatable. Games in the FILEs count too
A FILE that is a folder stands for every *.json file under it (recursively, in name order);
files there that name another "format" (such as shard files) are skipped.
Exit status: 0 all analyzed, 1 a file is invalid or unreadable (the others are still analyzed), 2 usage error.`,
    run: analyze,
  },
  merge: mergeCommand,
  games: gamesCommand,
  calibrate: calibrateCommand,
  tune: {
    summary: 'tune a level to a target win rate (exit 3 when it cannot be reached)',
    usage: TUNE_USAGE,
    run: tuneCommand,
  },
};

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    "match3 — the match-3 level studio's command line",
    '',
    'Usage: match3 COMMAND [arguments]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    '  match3 COMMAND --help    help for one command',
    '  match3 --help | --version',
  ].join('\n');
}

/** Runs one command line; returns the exit status. All output goes through `io`. */
export async function runCli(argv: string[], io: Io = realIo): Promise<number> {
  // the registry's tools whose definitions the page loads on first use: the CLI has them all at once
  await loadTools();
  const [cmd, ...rest] = argv;
  if (cmd === '--version' || cmd === '-v' || cmd === 'version') {
    io.out(packageVersion());
    return 0;
  }
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') {
    const topic = rest[0] && Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]] : undefined;
    io.out(topic ? topic.usage : overview());
    return 0;
  }
  if (cmd === undefined) {
    io.err(overview());
    return 2;
  }
  if (!Object.hasOwn(COMMANDS, cmd)) {
    io.err(`match3: unknown command "${cmd}"\n\n${overview()}`);
    return 2;
  }
  const command = COMMANDS[cmd];
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  return command.run(rest, io);
}

/** The name the bin and older callers use. */
export const main = runCli;
