// Reading a level: validated against its game (RULES §1, §11.1) and returned in canonical form. Like
// gameSchema.ts, nothing here runs when the module loads: it goes with the chunks that parse.
import '../zod.ts';
import { CLASSIC_GAME } from '../game/classic.ts';
import { CLASSIC_ID, type GameDef } from '../game/types.ts';
import { anyLevelSchema, levelSchemaFor } from './gameSchema.ts';
import { canonicalLevel, findGame, issuesToProblems, parseJsonText, type LevelProblem, type ParseResult } from './level.ts';
import { isGameId, quoteValue, type LevelT } from './schema.ts';

export interface ParseLevelOptions {
  /** Game definitions beside the registry's (e.g. a pack's `games`); they win over a registered one with the same id. */
  games?: readonly GameDef[];
}

/**
 * Validates unknown JSON as a level of its game (RULES §1, §11.1) and returns it in canonical form.
 * A level without `game` (or with "classic") is checked against the classic game exactly as before
 * games existed; one whose game is not known is refused naming the game.
 */
export function parseLevel(input: unknown, opts: ParseLevelOptions = {}): ParseResult {
  const named = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as { game?: unknown }).game : undefined;
  let game: GameDef | undefined = CLASSIC_GAME;
  if (named !== undefined && named !== CLASSIC_ID) {
    game = isGameId(named) ? findGame(named, opts.games) : undefined;
    if (!game) {
      // the game's own problem first, then what is wrong whatever the game (a malformed id is one of those)
      const rest = anyLevelSchema().safeParse(input);
      const problems = rest.success ? [] : issuesToProblems(rest.error.issues);
      if (isGameId(named)) problems.unshift({ path: 'game', message: `unknown game ${quoteValue(named)} (import its match3-game file first)`, detail: { key: 'unknownGame', params: { game: named } } });
      return { ok: false, problems };
    }
  }
  const r = levelSchemaFor(game).safeParse(input);
  if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
  return { ok: true, level: canonicalLevel(r.data) };
}

/**
 * The game-aware check of a level (RULES §11.1): every element it names must be one of `game`'s, on
 * the right layer and in its range, and its objectives must fit the game. Empty when the level fits.
 */
export function checkLevelAgainstGame(level: LevelT, game: GameDef): LevelProblem[] {
  const r = levelSchemaFor(game).safeParse(level);
  return r.success ? [] : issuesToProblems(r.error.issues);
}

/** Parses a level file's text. */
export function parseLevelText(text: string, opts: ParseLevelOptions = {}): ParseResult {
  const j = parseJsonText(text);
  return j.ok ? parseLevel(j.data, opts) : j;
}
