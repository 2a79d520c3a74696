// `match3 merge SHARD.json…`: adds up the shard files of one sharded analysis and prints what the
// unsharded `match3 analyze` would have printed (same games, same counts, same figures).
import { z } from 'zod';
import { mergeAll, type SimCounts } from '../core/sim/analysis/index.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import type { Io } from './io.ts';
import { levelReport, reportPrinter, type OutputFormat, type TierRun } from './report.ts';
import { loadPlayerModel, withPlayer } from './playerModel.ts';
import { readGameFiles } from './games.ts';
import { GAME_FLAG, readArgs } from './args.ts';
import { compileGame } from '../core/game/index.ts';
import { isLevelInput, MAX_SHARDS, SHARD_FILE_VERSION, SHARD_FORMAT, type AnalysisRun, type ShardFile, type ShardPart } from './shard.ts';

const Count = z.number().int().nonnegative();
const Counts = z.array(Count);
const TierName = z.enum(['novice', 'average', 'expert']);

// loose: counts the engine adds (for a game's objectives, say) are kept and merged by mergeAll, never dropped here
const SimCountsShape = z.looseObject({
  rulesVersion: Count, levelHash: z.string(), tier: TierName, width: Count, height: Count, moveLimit: Count,
  curveMax: Count, objectives: Count, games: Count, wins: Count, movesLeftOnWin: Count, reshuffles: Count,
  gamesWithReshuffle: Count, unsolvable: Count, objCompleted: Counts, objIncompleteOnLoss: Counts,
  // signed: on a game level, a `clear` of a spreading element can end a lost game with more of it
  // than it started with (progress below zero); merge adds up whatever analyze counted
  objDoneOnLoss: z.array(z.number().int()), objTotalOnLoss: Counts, heatClears: Counts, heatLeft: Counts, curveWins: Counts,
});

const ShardFileShape = z.object({
  format: z.literal(SHARD_FORMAT),
  version: z.literal(SHARD_FILE_VERSION),
  shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1).max(MAX_SHARDS) }).refine((s) => s.index <= s.count, 'index must be 1..count'),
  run: z.object({
    games: z.number().int().min(1),
    tiers: z.array(TierName).min(1),
    curve: z.boolean(),
    seed: z.number().int().nullable(),
    rulesVersion: Count,
    botsVersion: Count,
    inputs: z.array(
      z.union([
        z.object({ file: z.string(), level: z.object({ id: z.string(), name: z.string(), hash: z.string(), game: z.string().optional() }), warnings: z.array(z.string()) }),
        z.object({ file: z.string(), problems: z.array(z.string()) }),
      ]),
    ),
    gameHashes: z.array(z.object({ id: z.string(), hash: z.string() })).optional(),
  }),
  parts: z.array(z.object({ input: Count, tier: TierName, start: Count, count: z.number().int().min(1), seconds: z.number().nonnegative(), counts: SimCountsShape })),
});

/** A shard file's problems in the CLI's usual shape (`FILE: path: message`), or the file. */
async function readShard(file: string, io: Io): Promise<{ shard: ShardFile } | { problems: string[] }> {
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problems: [`${file}: (file): cannot read the file${code ? ` (${code})` : ''}`] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { problems: [`${file}: (root): not valid JSON: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}`] };
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== SHARD_FORMAT)
    return { problems: [`${file}: format: not a shard file (expected "format": "${SHARD_FORMAT}", written by match3 analyze --shard i/n)`] };
  const r = ShardFileShape.safeParse(data);
  if (!r.success) return { problems: r.error.issues.slice(0, 5).map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`) };
  return { shard: r.data as ShardFile };
}

/** Checks that the shards are one whole run: the same run in each, every index 1..n exactly once. */
function checkComplete(files: string[], shards: ShardFile[]): string[] {
  const first = shards[0];
  const n = first.shard.count;
  const problems: string[] = [];
  const runText = JSON.stringify(first.run);
  const byIndex = new Map<number, string>();
  shards.forEach((s, i) => {
    if (s.shard.count !== n) problems.push(`${files[i]}: shard.count: this is shard ${s.shard.index}/${s.shard.count}, but ${files[0]} is ${first.shard.index}/${n}`);
    else if (JSON.stringify(s.run) !== runText) problems.push(`${files[i]}: run: not the same analysis as ${files[0]} (other options, level files or simulator version)`);
    const twin = byIndex.get(s.shard.index);
    if (twin !== undefined) problems.push(`${files[i]}: shard.index: shard ${s.shard.index}/${n} is also ${twin}`);
    else byIndex.set(s.shard.index, files[i]);
  });
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) problems.push(`(shards): missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')}: give every shard file of the run`);
  return problems;
}

/** One (input, tier)'s parts from every shard: they must tile games [0, N) exactly. */
function assembleTier(run: AnalysisRun, input: number, tier: Tier, parts: ShardPart[]): TierRun | { problem: string } {
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  let next = 0;
  for (const p of sorted) {
    if (p.start !== next) return { problem: `games ${next}.. of ${run.inputs[input].file} (${tier}) are ${p.start > next ? 'missing' : 'in two shards'}` };
    next = p.start + p.count;
  }
  if (next !== run.games) return { problem: `games ${next}..${run.games - 1} of ${run.inputs[input].file} (${tier}) are missing` };
  let counts: SimCounts;
  try {
    counts = mergeAll(sorted.map((p) => p.counts));
  } catch (e) {
    return { problem: `${run.inputs[input].file} (${tier}): ${(e as Error).message}` };
  }
  if (counts.games !== run.games) return { problem: `${run.inputs[input].file} (${tier}): the parts hold ${counts.games} games, not ${run.games}` };
  return { counts, seconds: sorted.reduce((s, p) => s + p.seconds, 0) };
}

/**
 * `--game FILE`: the shards carry counts, not levels, so merge needs no game; given one, it checks
 * that the shards were played with that very definition (its hash), so a report is never merged
 * under a game it was not measured on.
 */
async function checkGames(files: string[], run: AnalysisRun, io: Io): Promise<string[]> {
  const read = await readGameFiles(files, io);
  const problems = [...read.problems];
  for (const g of read.games) {
    const played = run.gameHashes?.find((h) => h.id === g.def.id);
    const at = g.at ? `${g.at}.` : '';
    if (!played) problems.push(`${g.file}: ${at}id: the shards have no level of game "${g.def.id}"`);
    else if (played.hash !== compileGame(g.def).hash) problems.push(`${g.file}: ${g.at || '(root)'}: the shards were played with another definition of game "${g.def.id}" (its hash is ${played.hash}, this file's ${compileGame(g.def).hash})`);
  }
  return problems;
}

const MERGE_FLAGS = { json: { type: 'boolean' }, csv: { type: 'boolean' }, model: { type: 'string' }, game: GAME_FLAG } as const;

function parseMergeArgs(args: string[]): { files: string[]; format: OutputFormat; model?: string; games: string[] } | { error: string } {
  const parsed = readArgs(args, MERGE_FLAGS);
  if ('error' in parsed) return parsed;
  const { files, values: v } = parsed;
  if (v.json && v.csv) return { error: 'give --json or --csv, not both' };
  if (!files.length) return { error: 'give the shard files (SHARD.json…)' };
  return { files, format: v.json ? 'json' : v.csv ? 'csv' : 'table', model: v.model, games: v.game };
}

async function merge(args: string[], io: Io): Promise<number> {
  const parsed = parseMergeArgs(args);
  if ('error' in parsed) {
    io.err(`match3 merge: ${parsed.error}\n\n${mergeCommand.usage}`);
    return 2;
  }
  const player = parsed.model ? await loadPlayerModel(parsed.model, io) : null;
  if (player && 'problem' in player) {
    io.err(player.problem);
    return 1;
  }
  const shards: ShardFile[] = [];
  const problems: string[] = [];
  for (const file of parsed.files) {
    const r = await readShard(file, io);
    if ('problems' in r) problems.push(...r.problems);
    else shards.push(r.shard);
  }
  if (!problems.length) problems.push(...checkComplete(parsed.files, shards));
  if (!problems.length && parsed.games.length) problems.push(...(await checkGames(parsed.games, shards[0].run, io)));
  if (problems.length) {
    for (const p of problems) io.err(p);
    return 1;
  }
  const run = shards[0].run;
  const parts = new Map<string, ShardPart[]>();
  for (const p of shards.flatMap((s) => s.parts)) parts.set(`${p.input}|${p.tier}`, [...(parts.get(`${p.input}|${p.tier}`) ?? []), p]);

  // assemble everything before printing anything: a broken set prints no partial report
  const reports = [];
  for (const [i, input] of run.inputs.entries()) {
    if (!isLevelInput(input)) continue;
    const tiers: TierRun[] = [];
    for (const tier of run.tiers) {
      const t = assembleTier(run, i, tier, parts.get(`${i}|${tier}`) ?? []);
      if ('problem' in t) problems.push(`(shards): ${t.problem}`);
      else tiers.push(t);
    }
    const report = levelReport(input, tiers, run.curve, tiers.reduce((s, t) => s + t.seconds * 1000, 0));
    reports.push(player ? withPlayer(report, player.model) : report);
  }
  if (problems.length) {
    for (const p of problems) io.err(p);
    return 1;
  }
  // the unsharded run's output: the inputs' problems on stderr (exit 1), the levels' reports on stdout
  const print = reportPrinter(parsed.format, run.curve, io, !!player);
  let status = 0;
  let next = 0;
  for (const input of run.inputs) {
    if (isLevelInput(input)) print(reports[next++]);
    else {
      status = 1;
      for (const p of input.problems) io.err(p);
    }
  }
  return status;
}

export const mergeCommand = {
  summary: 'add up the shard files of `analyze --shard i/n` into the unsharded result',
  usage: `Usage: match3 merge SHARD.json… [--json | --csv] [--model MODEL.json] [--game FILE…]

Combines the outputs of \`match3 analyze … --shard i/n\` (every i from 1 to n, same options and
files) into exactly what \`match3 analyze …\` prints without --shard: the same games, wins and
counts. --json, --csv and --model (the players' predicted pass rate; the run needs --tier all)
as for analyze. Merging needs no game definition (the shards carry counts); --game FILE
(repeatable) checks that the shards' levels of that game were played with this definition.
Exit status: 0 merged, 1 a shard file is missing, unreadable or from another run (or a level file
of the run was invalid, as analyze reports it), 2 usage error.`,
  run: merge,
};
