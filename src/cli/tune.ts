// `match3 tune FILE --target 0.3 …`: the registry's tune_level in node, for pipelines. Arguments are
// checked by the tool's own schema (the same ranges the model and the dialog get).
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { serializeLevel, type LevelT } from '../core/level/index.ts';
import { runTool, validateArgs } from '../core/tools/index.ts';
import { CLASSIC_LEVERS, GAME_LEVERS, LEVERS, TUNING } from '../core/facts.ts';
import { gameOf } from '../core/game/known.ts';
import type { GameDef } from '../core/game/types.ts';
import { serializeGame } from '../core/game/schema.ts';
import { BLOCKER_LEVER_KINDS, BLOCKER_LEVER_ORDER, type LeverUnit } from '../core/game/levers.ts';
import { boundsText } from '../core/tune/boundsText.ts';
import { intervalText, pct } from '../core/format.ts';
import type { TuneResult } from '../core/tune/search.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import { cliPool } from './threads.ts';
import { loadInputs } from './inputs.ts';
import { isError, readArgs, threadsOption } from './args.ts';

export interface TuneIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile: (path: string) => Promise<string>;
  writeFile?: (path: string, text: string) => Promise<void>;
}

/** How the help says each unit of a blocker lever's kind (src/core/game/levers.ts). */
const UNIT_HELP: Record<LeverUnit, string> = {
  layers: 'as layers added (+) or removed (-)',
  hp: 'as hit points added (+) or removed (-)',
  removed: 'as the percent removed',
};
/** The blocker levers grouped by their unit, from the kind table: "a, b as layers added (+) or removed (-); c as …". */
function blockerUnits(): string {
  const units = [...new Set(BLOCKER_LEVER_ORDER.map((l) => BLOCKER_LEVER_KINDS[l].unit))];
  return units.map((u) => `${BLOCKER_LEVER_ORDER.filter((l) => BLOCKER_LEVER_KINDS[l].unit === u).join(', ')} ${UNIT_HELP[u]}`).join('; ');
}
/** Words wrapped to the help's second column (21 spaces in, lines of at most 101 characters). */
function wrapHelp(text: string, indent = 21, width = 101): string {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && indent + line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

export const TUNE_USAGE = `Usage: match3 tune FILE --target RATE [options]
  --target RATE      win rate to reach, ${TUNING.target.min}..${TUNING.target.max} (0.3 = 30% of games won)
  --tier T           novice | average | expert (default average)
  --tolerance X      accepted distance from the target (default ${TUNING.tolerance.default})
  --levers L,L…      what may change, in order: ${LEVERS.join(', ')}
                     (default ${TUNING.defaultLevers.join(',')})
  --max-games N      simulated games budget (default ${TUNING.maxGames.default})
  --LEVER-from N, --LEVER-to N
                     how far a lever may go (LEVER: ${LEVERS.map((l) => l.replace(/_/g, '-')).join(', ')});
${wrapHelp(`e.g. --moves-from 18 --moves-to 26. Units: moves and colors as values; ${blockerUnits()}; objective-counts, spawn-chance and spawn-total as percent of today (spawn levers: levels with spawn entries). Default: the valid range`)}
  --out FILE         write the tuned level (the closest found when the target is missed)
  --game-out FILE    write the level's game as the tune changed it: needed for emit-every and
                     emit-count (an emitter's every and count are fields of the game, so the change
                     reaches every level of the game)
  --threads N        threads playing games, the main one included (default: one per core, at most 8)
  --game FILE        the definition of the level's game (match3-game file), for a level of a game
                     other than the built-in one; repeatable
  --json             one JSON object instead of text
Exit status: 0 target reached, 3 target not reachable with these levers (closest reported),
1 the file is invalid or unreadable, 2 usage error.`;

interface Parsed {
  file: string;
  args: Record<string, unknown>;
  out?: string;
  threads: number;
  json: boolean;
  /** `--game FILE`, repeatable. */
  games: string[];
  /** `--game-out FILE`: where a game change (emitter levers) is written. */
  gameOut?: string;
}

const OPTION_TO_PARAM: Record<string, string> = {
  '--target': 'target_win_rate',
  '--tier': 'tier',
  '--tolerance': 'tolerance',
  '--levers': 'levers',
  '--max-games': 'max_games',
};

/** `--LEVER-from N` and `--LEVER-to N` for every lever (`--moves-from`, `--spawn-chance-to`, …). */
const BOUND_FLAGS = Object.fromEntries(
  LEVERS.flatMap((l) => (['from', 'to'] as const).map((end) => [`${l.replace(/_/g, '-')}-${end}`, { type: 'string' } as const])),
) as Record<string, { type: 'string' }>;

const TUNE_FLAGS = {
  target: { type: 'string' }, tier: { type: 'string' }, tolerance: { type: 'string' }, levers: { type: 'string' }, 'max-games': { type: 'string' },
  out: { type: 'string' }, threads: { type: 'string' }, game: { type: 'string', multiple: true }, json: { type: 'boolean' },
  'game-out': { type: 'string' },
} as const;

const BOUND_OPTION = /^--([a-z-]+)-(from|to)$/;

/** `--speed-from`: a bound of a lever that does not exist. */
function unknownOption(arg: string): string {
  const m = BOUND_OPTION.exec(arg.split('=')[0]);
  return m ? `${m[0]}: no lever ${m[1]} (${LEVERS.join(', ')})` : `unknown option ${arg}`;
}

/** The bounds given (`--moves-from 18`), in the order given, as the tool's `bounds` parameter. */
function boundsOf(values: Record<string, unknown>, given: readonly string[]): Record<string, { from?: number; to?: number }> | undefined | { error: string } {
  let bounds: Record<string, { from?: number; to?: number }> | undefined;
  for (const flag of new Set(given.filter((g) => Object.hasOwn(BOUND_FLAGS, g)))) {
    const [, name, end] = BOUND_OPTION.exec(`--${flag}`)!;
    const v = values[flag] as string;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) return { error: `--${flag}: must be a number` };
    ((bounds ??= {})[name.replace(/-/g, '_')] ??= {})[end as 'from' | 'to'] = n;
  }
  return bounds;
}

function parse(argv: string[]): Parsed | { error: string } {
  const parsed = readArgs(argv, { ...TUNE_FLAGS, ...BOUND_FLAGS }, { unknown: unknownOption });
  if ('error' in parsed) return parsed;
  const { files, values, given } = parsed;
  const bounds = boundsOf(values, given);
  if (isError(bounds)) return bounds;
  const args: Record<string, unknown> = {};
  for (const [opt, param] of Object.entries(OPTION_TO_PARAM)) {
    const v = values[opt.slice(2) as keyof typeof TUNE_FLAGS];
    if (v !== undefined) args[param] = v;
  }
  if (bounds) args.bounds = bounds;
  const threads = values.threads === undefined ? Math.min(8, availableParallelism()) : threadsOption(values.threads);
  if (isError(threads)) return threads;
  if (files.length !== 1) return { error: files.length ? 'give exactly one level FILE' : 'give a level FILE' };
  if (args.target_win_rate === undefined) return { error: '--target is required' };
  // a bound given at one end only keeps the lever's valid range at the other
  const missing = completeBounds(bounds);
  if (missing) return { error: missing };
  // the classic schema checks the values before any file is read; the levers a game adds (a countdown,
  // RULES §12.1) are checked against the level's own game once it is loaded (checkedArgs)
  const v = checkedArgs(args);
  if (isError(v)) return v;
  const gameOut = values['game-out'];
  const gameLevers = typeof args.levers === 'string' ? args.levers.split(',').map((l) => l.trim()).filter((l) => (GAME_LEVERS as readonly string[]).includes(l)) : [];
  if (gameLevers.length && !gameOut)
    return { error: `--levers ${gameLevers.join(',')}: these turn the game's emitters (a change to every level of the game, not to this level); give --game-out FILE to write the changed game` };
  return { file: files[0], args, out: values.out, threads, json: !!values.json, games: values.game, ...(gameOut ? { gameOut } : {}) };
}

/** The tool's schema checks the values (with `game`, its levers too), and its messages name the parameter: mapped back to options. */
function checkedArgs(args: Record<string, unknown>, game?: GameDef): Record<string, unknown> | { error: string } {
  // before the level is read, a lever only some games have (RULES §12.1's countdown) is left out of the check
  const probe = game === undefined && typeof args.levers === 'string' ? { ...args, levers: withoutGameLevers(args.levers) } : args;
  const v = validateArgs('tune_level', probe, game);
  if (!v.ok) {
    let msg = v.error.replace(/^tune_level: /, '');
    for (const [opt, param] of Object.entries(OPTION_TO_PARAM)) msg = msg.replaceAll(param, opt);
    return { error: msg };
  }
  return game === undefined ? args : v.args;
}

/** The levers given (`--levers a,b`), less those the classic game lacks (unknown names kept, so a typo is refused at once). */
function withoutGameLevers(levers: string): string {
  const kept = levers.split(',').map((l) => l.trim()).filter((l) => !(LEVERS as readonly unknown[]).includes(l) || (CLASSIC_LEVERS as readonly unknown[]).includes(l));
  return (kept.length ? kept : ['moves']).join(',');
}

/** Fills the open end of a one-sided bound with the lever's widest value (the tool intersects with the level's valid range). */
function completeBounds(b: Record<string, { from?: number; to?: number }> | undefined): string | null {
  if (!b) return null;
  for (const r of Object.values(b)) {
    r.from ??= -1e6;
    r.to ??= 1e6;
    if (r.from > r.to) return `a lever's --…-from is above its --…-to`;
  }
  return null;
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** The one level of the FILE and its game (`--game FILE`), or 1 after printing the problems. */
async function loadTuneLevel(p: Parsed, io: TuneIo): Promise<LevelT | 1> {
  // a level whose game is not given is refused, naming it
  const inputs = await loadInputs([p.file], p.games, io);
  const loaded = inputs.files[0];
  const problems = [...inputs.gameProblems, ...('problems' in loaded ? loaded.problems : [])];
  if (problems.length) {
    for (const pr of problems) io.err(pr);
    return 1;
  }
  if (!('kind' in loaded) || loaded.kind !== 'level') {
    io.err(`${p.file}: (root): match3 tune takes one level file, not a ${'kind' in loaded ? loaded.kind : 'file'}`);
    return 1;
  }
  return loaded.levels[0].level;
}

type TuneData = Omit<TuneResult, 'level' | 'counts'>;

/** One side of the JSON report (before or after), rounded as pipelines read it. */
const reportSide = (m: { winRate: number; ci95: { low: number; high: number }; games: number; moves: number }) => ({
  winRate: round(m.winRate),
  winRateCI95: [round(m.ci95.low, 3), round(m.ci95.high, 3)] as [number, number],
  games: m.games,
  moves: m.moves,
});

/** The `--json` report: the fields pipelines read. */
function tuneReport(p: Parsed, res: TuneData, durationMs: number) {
  return {
    file: p.file,
    target: res.target,
    tier: res.tier,
    tolerance: res.tolerance,
    levers: res.levers,
    hit: res.hit,
    before: reportSide(res.before),
    after: reportSide(res.after),
    changes: res.changes.map((c) => ({ lever: c.lever, from: c.from, to: c.to, text: c.text })),
    bounds: res.bounds,
    games: res.games,
    candidates: res.candidates,
    ...(res.gameChange ? { gameChange: { game: res.gameChange.id, changes: res.gameChange.changes, scope: 'every level of the game' } } : {}),
    ...(res.reason ? { reason: res.reason } : {}),
    ...(p.out ? { out: p.out } : {}),
    ...(p.gameOut && res.gameChange ? { gameOut: p.gameOut } : {}),
    durationMs,
  };
}

/** The text report: what was reached, before and after, the changes and the bounds kept. */
function printTune(p: Parsed, level: LevelT, res: TuneData, durationMs: number, io: TuneIo) {
  io.out(`${p.file} — ${level.name}: ${res.hit ? 'target reached' : 'target NOT reached'} (${pct(res.target)} ± ${pct(res.tolerance)}, ${res.tier} bot)`);
  io.out(`  before  ${pct(res.before.winRate)} (95% CI ${intervalText(res.before.ci95, 1)}), ${res.before.moves} moves`);
  io.out(`  after   ${pct(res.after.winRate)} (95% CI ${intervalText(res.after.ci95, 1)}), ${res.after.moves} moves`);
  io.out(`  changes ${res.changes.length ? res.changes.map((c) => c.text).join('; ') : 'none'}`);
  io.out(`  bounds  ${boundsText(res.bounds, res.levers, level) || 'none'}`);
  io.out(`  games   ${res.games} in ${(durationMs / 1000).toFixed(1)} s`);
  if (res.gameChange) io.out(`  game    ${res.gameChange.id}: ${res.gameChange.changes.map((c) => `${c.element} emit ${c.field} ${c.from} → ${c.to}`).join('; ')} (changes every level of the game)`);
  if (res.reason) io.out(`  why     ${res.reason}`);
  if (p.out) io.out(`  wrote   ${p.out}`);
  if (p.gameOut) io.out(res.gameChange ? `  wrote   ${p.gameOut} (the game)` : `  game    unchanged: ${p.gameOut} not written`);
}

export async function tuneCommand(argv: string[], io: TuneIo): Promise<number> {
  const p = parse(argv);
  if ('error' in p) {
    io.err(`match3 tune: ${p.error}\n\n${TUNE_USAGE}`);
    return 2;
  }
  const level = await loadTuneLevel(p, io);
  if (level === 1) return 1;
  const checked = checkedArgs(p.args, gameOf(level));
  if (isError(checked)) {
    io.err(`match3 tune: ${checked.error}\n\n${TUNE_USAGE}`);
    return 2;
  }
  p.args = checked;
  const pool = cliPool(p.threads);
  const t0 = performance.now();
  try {
    const r = await runTool(level, 'tune_level', p.args, { runner: new AnalysisRunner(() => pool) });
    if (!r.ok) {
      io.err(`match3 tune: ${r.error}`);
      return 1;
    }
    const res = r.data as TuneData;
    const write = io.writeFile ?? ((f: string, s: string) => writeFile(f, s, 'utf8'));
    if (p.out) await write(p.out, serializeLevel(r.level) + '\n');
    if (p.gameOut && res.gameChange) await write(p.gameOut, serializeGame(res.gameChange.game));
    const durationMs = Math.round(performance.now() - t0);
    if (p.json) io.out(JSON.stringify(tuneReport(p, res, durationMs)));
    else printTune(p, level, res, durationMs, io);
    return res.hit ? 0 : 3;
  } finally {
    pool.terminate();
  }
}
