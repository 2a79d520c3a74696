// The FILE arguments of validate, analyze (and its shards), tune and calibrate, read in two passes:
// first every file's text, to gather the game definitions the run is given (`--game FILE`,
// `match3-game` files among the FILEs, the `games` of packs and workspaces) and register them; then
// the level, pack and workspace files, checked against those games. A level whose game is in none of
// them is refused with a message naming the game.
import { parseFileText } from '../core/files/index.ts';
import type { LevelT } from '../core/level/index.ts';
import type { Io } from './io.ts';
import { cannotRead, carriedGames, formatOf, GAME_FORMAT, oneOfEach, readGameFiles, readGameText, useGames, withGameHint, type GivenGame } from './games.ts';

/** A FILE argument as read: its levels (none for a game file), or its problems (`FILE: path: message` lines). */
export type Loaded =
  | { file: string; kind: 'level' | 'pack' | 'workspace' | 'game'; levels: { label: string; level: LevelT }[] }
  | { file: string; problems: string[] };

export interface Inputs {
  /** Every FILE, in order. */
  files: Loaded[];
  /** Problems of the `--game` files and of two different definitions of one game. */
  gameProblems: string[];
  /** The games registered for the run. */
  games: GivenGame[];
}

/** The levels of a file's parse, or its problems. */
function levelsOf(file: string, text: string): Loaded {
  const r = parseFileText(text);
  // one line per problem, whatever a message contains
  if (!r.ok) return { file, problems: r.problems.map((p) => withGameHint(`${file}: ${p.path}: ${p.message.replace(/\s*\n\s*/g, ' ')}`)) };
  if (r.kind === 'level') return { file, kind: r.kind, levels: [{ label: file, level: r.level }] };
  const levels = r.kind === 'pack' ? r.levels : r.workspace.levels;
  return { file, kind: r.kind, levels: levels.map((level, i) => ({ label: `${file}#levels[${i}]`, level })) };
}

/**
 * Reads `files` (folders already walked) and `gameFiles` (the `--game` options), registers the
 * games, and checks every level against them.
 */
export async function loadInputs(files: readonly string[], gameFiles: readonly string[], io: Io): Promise<Inputs> {
  const fromOptions = await readGameFiles(gameFiles, io);
  const given: GivenGame[] = [...fromOptions.games];
  const texts: ({ file: string; text: string } | { file: string; problems: string[] })[] = [];
  const gameFileProblems = new Map<string, string[]>();
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (e) {
      texts.push({ file, problems: [cannotRead(file, e)] });
      continue;
    }
    texts.push({ file, text });
    const { format, data } = formatOf(text);
    if (format === GAME_FORMAT) {
      const r = readGameText(file, text);
      if ('problems' in r) gameFileProblems.set(file, r.problems);
      else given.push({ def: r.def, file, at: '' });
    } else if (format === 'match3-pack' || format === 'match3-workspace') given.push(...carriedGames(file, data).games);
  }
  const unique = oneOfEach(given);
  useGames(unique.games);
  const loaded = texts.map((t): Loaded => {
    if ('problems' in t) return t;
    const problems = gameFileProblems.get(t.file);
    if (problems) return { file: t.file, problems };
    if (formatOf(t.text).format === GAME_FORMAT) return { file: t.file, kind: 'game', levels: [] };
    const r = levelsOf(t.file, t.text);
    return 'levels' in r ? refuseAmbiguous(r, unique.conflicts) : r;
  });
  return { files: loaded, gameProblems: [...fromOptions.problems, ...unique.problems], games: unique.games };
}

/**
 * A file's levels of a game given twice with different definitions are refused: which one they
 * mean cannot be told, and a figure measured on the wrong one would pass for the right one.
 */
function refuseAmbiguous(r: Extract<Loaded, { levels: unknown }>, conflicts: ReadonlyMap<string, string[]>): Loaded {
  if (!conflicts.size) return r;
  const problems: string[] = [];
  for (const { label, level } of r.levels) {
    const from = level.game ? conflicts.get(level.game) : undefined;
    if (!from) continue;
    const at = label === r.file ? '' : `${label.slice(r.file.length + 1)}.`;
    problems.push(`${r.file}: ${at}game: game "${level.game}" has different definitions in ${from.join(' and ')}: give one`);
  }
  return problems.length ? { file: r.file, problems } : r;
}
