// Game definitions on the command line (RULES §11): the games a run knows are the built-in classic
// game, the `--game FILE` files, the `match3-game` files among the FILE arguments (folders included)
// and the `games` that pack and workspace files carry. They are gathered before any level is read,
// registered for the run (the engine looks a level's game up in the registry), and sent with each job
// to the worker threads (threads.ts).
import { CLASSIC_GAME, CLASSIC_ID, compileGame, type GameDef } from '../core/game/index.ts';
import { damageOf } from '../core/game/elements.ts';
import { behaviourWords } from '../core/game/brief.ts';
import { parseGame, parseGameText } from '../core/game/schema.ts';
import { forgetGames, gameOf, knownGames, registerGames } from '../core/game/registry.ts';
import type { Io } from './io.ts';
import { readArgs } from './args.ts';

export const GAME_FORMAT = 'match3-game';

/** A game the run was given, and where: `file`, and `at` (`games[i]` inside a pack or workspace, else ''). */
export interface GivenGame {
  def: GameDef;
  file: string;
  at: string;
}

/** Where a game came from, as messages name it: `FILE` or `FILE#games[i]`. */
export const fromText = (g: GivenGame) => (g.at ? `${g.file}#${g.at}` : g.file);

/** One line per problem, whatever a message contains (as for level files). */
const line = (file: string, path: string, message: string) => `${file}: ${path}: ${message.replace(/\s*\n\s*/g, ' ')}`;

export function cannotRead(file: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return `${file}: (file): cannot read the file${code ? ` (${code})` : ''}`;
}

/** The `format` a file's text names, or undefined (not JSON, not an object, no format). */
export function formatOf(text: string): { format?: unknown; data?: unknown } {
  try {
    const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    return { format: (data as { format?: unknown }).format, data };
  } catch {
    return {};
  }
}

/** A `match3-game` file's definition, or its problems as `FILE: path: message` lines. */
export function readGameText(file: string, text: string): { def: GameDef } | { problems: string[] } {
  const r = parseGameText(text);
  return r.ok ? { def: r.game } : { problems: r.problems.map((p) => line(file, p.path, p.message)) };
}

/**
 * The definitions a pack or workspace file carries (`games`), each checked on its own: the valid
 * ones, and the problems of the others (`FILE: games[i].path: message`). A FILE argument's own parse
 * reports those problems too, so the run reads its games and leaves the problems to it.
 */
export function carriedGames(file: string, data: unknown): { games: GivenGame[]; problems: string[] } {
  const list = (data as { games?: unknown } | undefined)?.games;
  const games: GivenGame[] = [];
  const problems: string[] = [];
  if (Array.isArray(list))
    list.forEach((g, i) => {
      const r = parseGame(g);
      if (r.ok) games.push({ def: r.game, file, at: `games[${i}]` });
      else problems.push(...r.problems.map((p) => line(file, p.path && p.path !== '(root)' ? `games[${i}].${p.path}` : `games[${i}]`, p.message)));
    });
  return { games, problems };
}

/**
 * Reads the `--game FILE` files: game definitions, or pack and workspace files whose `games` are
 * taken (their levels are not: a FILE argument is what plays).
 */
export async function readGameFiles(files: readonly string[], io: Io): Promise<{ games: GivenGame[]; problems: string[] }> {
  const games: GivenGame[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (e) {
      problems.push(cannotRead(file, e));
      continue;
    }
    if (!text.trim()) {
      problems.push(line(file, '(root)', 'the file is empty'));
      continue;
    }
    const { format, data } = formatOf(text);
    if (format === 'match3-pack' || format === 'match3-workspace') {
      const carried = carriedGames(file, data);
      if (!carried.games.length && !carried.problems.length) problems.push(line(file, 'games', `--game FILE takes a game definition, or a ${format.slice(7)} file carrying games: this one carries none`));
      games.push(...carried.games);
      problems.push(...carried.problems);
      continue;
    }
    if (format !== undefined && format !== GAME_FORMAT) {
      problems.push(line(file, 'format', `--game takes a game definition ("format": "${GAME_FORMAT}") or a pack or workspace file carrying games, not ${JSON.stringify(format)}`));
      continue;
    }
    const r = readGameText(file, text);
    if ('problems' in r) problems.push(...r.problems);
    else games.push({ def: r.def, file, at: '' });
  }
  return { games, problems };
}

/**
 * The run's games, one per id: the same id given twice is fine when both play the same (names,
 * glyphs and colours aside: the game's hash), and refused when they do not (a level could not say
 * which one it means). The built-in id is refused by the schema already.
 */
export function oneOfEach(given: readonly GivenGame[]): { games: GivenGame[]; problems: string[]; conflicts: Map<string, string[]> } {
  const byId = new Map<string, GivenGame>();
  const problems: string[] = [];
  /** Ids given with different definitions, and where each came from. */
  const conflicts = new Map<string, string[]>();
  for (const g of given) {
    const first = byId.get(g.def.id);
    if (!first) byId.set(g.def.id, g);
    else if (compileGame(first.def).hash !== compileGame(g.def).hash) {
      problems.push(`${g.file}: ${g.at ? `${g.at}.` : ''}id: game "${g.def.id}" is defined differently in ${fromText(first)} (give one definition of each game)`);
      conflicts.set(g.def.id, [...(conflicts.get(g.def.id) ?? [fromText(first)]), fromText(g)]);
    }
  }
  return { games: [...byId.values()], problems, conflicts };
}

/**
 * Makes these games (and the built-in one) the ones the engine knows, for this run: games an earlier
 * run in the same process registered (tests call runCli many times) are forgotten first.
 */
export function useGames(games: readonly GivenGame[]): void {
  forgetGames();
  registerGames(games.map((g) => g.def));
}

/**
 * The definitions a worker thread needs: every game the run registered but the built-in one (the
 * thread has that). Sent with each job; a few kilobytes at most.
 */
export function gamesForThreads(): GameDef[] {
  return knownGames().filter((g) => g.id !== CLASSIC_ID);
}

/** The last set a thread registered, as text: a job with the same set registers nothing. */
let threadGamesKey = '[]';

/** In a worker thread: registers the job's games unless they are the ones it has. */
export function threadUsesGames(games: readonly GameDef[] | undefined): void {
  const key = JSON.stringify(games ?? []);
  if (key === threadGamesKey) return;
  forgetGames();
  registerGames(games ?? []);
  threadGamesKey = key;
}

/** The games other than classic that these levels play, by id, with their definitions' hashes (sorted by id). */
export function gameHashesOf(levels: readonly ({ game?: string } | null)[]): { id: string; hash: string }[] {
  const ids = new Set<string>();
  for (const l of levels) if (l?.game && l.game !== CLASSIC_ID) ids.add(l.game);
  return [...ids].sort().map((id) => ({ id, hash: compileGame(gameOf({ game: id })).hash }));
}

/** Problems about a level's game get a hint saying where the CLI looks for games. */
export function withGameHint(problem: string): string {
  if (!/: (levels\[\d+\]\.)?game: /.test(problem) || !/not known|unknown/i.test(problem)) return problem;
  // the model's own advice (what the studio's import says) gives way to the CLI's
  return `${problem.replace(/\s*\([^()]*\)$/, '')} (give its definition with --game FILE, or in a pack's "games")`;
}

// ---- match3 games ----

export const GAMES_USAGE = `Usage: match3 games [ID] [--game FILE…] [--json]

Lists the games the CLI knows: the built-in classic game and those given with --game FILE, with
each element's layer, hit points, damage events and behaviour.
  ID             only this game
  --game FILE    a game definition (match3-game file), or a pack or workspace file carrying games;
                 repeatable
  --json         print the game's definition as JSON (the classic one when no ID is given): a
                 starting point to copy for a game of your own
Exit status: 0 listed, 1 a --game file is invalid or unreadable, or no game has this ID, 2 usage error.`;

function gamesTable(def: GameDef, builtIn: boolean, io: Io) {
  io.out(`${def.id} — ${def.name}${builtIn ? ' (built in)' : ''}: ${def.elements.length} element${def.elements.length === 1 ? '' : 's'}`);
  const rows = def.elements.map((e) => [
    e.id,
    e.layer,
    String(e.hp ?? 1),
    // an item takes no damage whatever its list says (RULES §11.2, Exits)
    // (a coloured element goes by match and blast, §12.1: damageOf says what hits it in play)
    e.exit ? '(none: an item)' : damageOf(e).join(',') || '(none)',
    // §12's behaviours too (a countdown, an emitter, effects, a gate, a size…), as the copilot's brief words them
    [e.falls ? 'falls' : '', e.swappable ? 'swappable' : '', e.colored ? 'coloured' : '', e.exit ? 'exit' : '', e.spread ? `spreads ${e.spread}` : '', ...behaviourWords(e)].filter(Boolean).join(', ') || '–',
  ]);
  const head = ['element', 'layer', 'hp', 'damage', 'behaviour'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => '  ' + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(width[i]))).join('  ');
  io.out(fmt(head));
  for (const r of rows) io.out(fmt(r));
}

async function gamesRun(args: string[], io: Io): Promise<number> {
  const parsed = readArgs(args, { json: { type: 'boolean' }, game: { type: 'string', multiple: true } });
  if ('error' in parsed) return usage(parsed.error, io);
  const { files: ids, values: { json, game: files } } = parsed;
  if (ids.length > 1) return usage('give at most one game ID', io);
  const read = await readGameFiles(files, io);
  const unique = oneOfEach(read.games);
  const problems = [...read.problems, ...unique.problems];
  if (problems.length) {
    for (const p of problems) io.err(p);
    return 1;
  }
  const all = [CLASSIC_GAME, ...unique.games.map((g) => g.def)];
  const wanted = ids.length ? all.filter((g) => g.id === ids[0]) : all;
  if (!wanted.length) {
    io.err(`match3 games: no game "${ids[0]}" (known: ${all.map((g) => g.id).join(', ')})`);
    return 1;
  }
  if (json) io.out(JSON.stringify(wanted[0], null, 2));
  else
    wanted.forEach((g, i) => {
      if (i) io.out('');
      gamesTable(g, g.id === CLASSIC_ID, io);
    });
  return 0;
}

function usage(error: string, io: Io): number {
  io.err(`match3 games: ${error}\n\n${GAMES_USAGE}`);
  return 2;
}

export const gamesCommand = {
  summary: 'list the games and their elements (--json: the built-in classic definition, to copy)',
  usage: GAMES_USAGE,
  run: gamesRun,
};
