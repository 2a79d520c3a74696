// `match3 calibrate FILE|DIR… --players DATA.csv`: fits the studio's players model (src/core/calibration)
// on a game's per-level results. Levels come as level, pack or workspace files (their three tiers
// are simulated) or as the JSON lines of `match3 analyze --tier all --json` / `match3 merge --json`,
// which carry each level's features: a sharded run on a CI matrix feeds a calibration directly.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { LevelT } from '../core/level/index.ts';
import { LATEST_RULES } from '../core/level/index.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import { ANALYSIS_GAMES, TIERS } from '../core/facts.ts';
import { intervalText, pct } from '../core/format.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { analysisTool } from '../core/tools/index.ts';
import {
  calibrate, directionOf, featuresOf, FEATURES, MIN_LEVELS, matchPlayerRows, readPlayerCsv, toModelFile,
  type Calibration, type CatalogueLevel, type LevelFit, type PlayerRow, type TierCounts,
} from '../core/calibration/index.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import { expandFolders } from './dir.ts';
import type { Io } from './io.ts';
import { cliPool, primes } from './threads.ts';
import { loadInputs } from './inputs.ts';
import { GAME_FLAG, integerOption, isError, readArgs, threadsOption } from './args.ts';

type CalibrateIo = Io;

export const CALIBRATE_USAGE = `Usage: match3 calibrate FILE|DIR… --players DATA.csv [options]
  --players FILE   the game's per-level results (CSV: a level key, attempts, and successes or a pass rate)
  --out FILE       write the model (JSON) for match3 analyze --model and the studio's Import
  --games N        games per tier for levels that are simulated (default ${ANALYSIS_GAMES.default})
  --threads N      threads playing games, the main one included (default: one per core, at most 8)
  --game FILE      a game definition (match3-game file) for levels of that game; repeatable (games
                   in pack and workspace files, and match3-game FILEs, count too)
  --json           one JSON object instead of text
FILEs are level, pack or workspace files (every tier is simulated), or the JSON lines of
\`match3 analyze --tier all --json\` or \`match3 merge --json\` (their features are used as they are).
CSV rows are matched to levels by id, name or number (the level's position, from 1, in FILE order).
Exit status: 0 fitted, 1 a level or CSV file is invalid or unreadable, 2 usage error,
3 too few levels match (at least 8 are needed).`;

interface Options {
  files: string[];
  players: string;
  out?: string;
  games: number;
  threads: number;
  json: boolean;
  /** `--game FILE`, repeatable. */
  gameFiles: string[];
}

const CALIBRATE_FLAGS = {
  players: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' }, games: { type: 'string' }, threads: { type: 'string' }, game: GAME_FLAG,
} as const;

function parseCalibrateArgs(argv: string[]): Options | { error: string } {
  const parsed = readArgs(argv, CALIBRATE_FLAGS, { shortIsFile: true });
  if ('error' in parsed) return parsed;
  const { files, values: v } = parsed;
  const games = v.games === undefined ? ANALYSIS_GAMES.default : integerOption('games', v.games, 1, ANALYSIS_GAMES.cliMax);
  if (isError(games)) return games;
  const threads = v.threads === undefined ? Math.min(8, availableParallelism()) : threadsOption(v.threads);
  if (isError(threads)) return threads;
  if (!v.players) return { error: '--players DATA.csv is required' };
  if (!files.length) return { error: 'give at least one FILE or folder' };
  return { files, players: v.players, out: v.out, games, threads, json: !!v.json, gameFiles: v.game };
}

/** A level the calibration can use: from a level file (to simulate) or from an analysis line (features given). */
interface Candidate {
  id: string;
  name: string;
  level?: LevelT;
  features?: number[];
}

/** The JSON lines of analyze/merge: each a level's report with `features` (--tier all). */
function readReportLines(file: string, text: string): { candidates: Candidate[] } | { problems: string[] } | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (!lines.length || !lines[0].trimStart().startsWith('{"file"')) return null;
  const candidates: Candidate[] = [], problems: string[] = [];
  lines.forEach((l, i) => {
    let r: { level?: { id?: unknown; name?: unknown }; features?: unknown };
    try {
      r = JSON.parse(l);
    } catch {
      problems.push(`${file}:${i + 1}: not a JSON line of match3 analyze --json`);
      return;
    }
    const f = r.features;
    if (typeof r.level?.id !== 'string' || typeof r.level?.name !== 'string') problems.push(`${file}:${i + 1}: level: missing id or name`);
    else if (!Array.isArray(f) || f.length !== FEATURES.length || !f.every((v) => typeof v === 'number' && Number.isFinite(v)))
      problems.push(`${file}:${i + 1}: features: missing (analyze with --tier all to compute them)`);
    else candidates.push({ id: r.level.id, name: r.level.name, features: f as number[] });
  });
  return problems.length ? { problems } : { candidates };
}

async function loadCandidates(files: string[], gameFiles: string[], io: CalibrateIo): Promise<{ candidates: Candidate[]; problems: string[] }> {
  const { files: expanded, problems: folderProblems, skipped } = await expandFolders(files);
  for (const s of skipped) io.err(`${s}: skipped: it names another format than a level, pack, workspace or game`);
  const problems = folderProblems.map((p) => p.problem);
  // analysis lines are read here; level, pack, workspace and game files go through loadInputs
  // together (the games first), and every file keeps its place in the order of the FILEs
  const byFile: (Candidate[] | string)[] = [];
  const levelFiles: string[] = [];
  for (const file of expanded) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch {
      byFile.push(file); // loadInputs reads it again and names the problem
      levelFiles.push(file);
      continue;
    }
    const lines = readReportLines(file, text);
    if (!lines) {
      byFile.push(file);
      levelFiles.push(file);
    } else if ('problems' in lines) {
      problems.push(...lines.problems);
      byFile.push([]);
    } else byFile.push(lines.candidates);
  }
  const inputs = await loadInputs(levelFiles, gameFiles, io);
  problems.push(...inputs.gameProblems);
  const loaded = new Map(inputs.files.map((l) => [l.file, l]));
  const candidates: Candidate[] = [];
  for (const entry of byFile) {
    if (typeof entry !== 'string') {
      candidates.push(...entry);
      continue;
    }
    const r = loaded.get(entry)!;
    if ('problems' in r) problems.push(...r.problems);
    else candidates.push(...r.levels.map(({ level }) => ({ id: level.id, name: level.name, level })));
  }
  return { candidates, problems };
}

/** The three tiers' counts of a level, simulated through the registry's analyze_level. */
async function simulatedFeatures(level: LevelT, games: number, runner: AnalysisRunner): Promise<number[]> {
  const tiers: TierCounts = {};
  for (const tier of TIERS) {
    const out = await analysisTool('analyze_level').run(level, { games, tier }, { runner });
    tiers[tier] = (out.data as { counts: SimCounts[] }).counts[0];
  }
  return featuresOf(tiers)!;
}

type Fitted = Extract<Calibration, { status: 'fitted' }>;

/** "players pass 21%, the model says 45%: players find it harder than predicted" */
export function surpriseText(l: Pick<LevelFit, 'passRate' | 'predicted'>): string {
  return `players pass ${pct(l.passRate, 0)}, the model says ${pct(l.predicted, 0)}: players find it ${directionOf(l)} than predicted`;
}

function printText(cal: Fitted, names: Map<string, string>, unmatched: PlayerRow[], io: CalibrateIo) {
  io.out(`Calibration on ${cal.levels.length} levels (${cal.folds}-fold cross-validation over levels)`);
  io.out(`  cross-validated error: ${(cal.cvMae * 100).toFixed(1)} points of pass rate; constant baseline (the mean pass rate): ${(cal.baselineMae * 100).toFixed(1)} points`);
  if (cal.useful) io.out(`  level-to-level spread no feature explains: ±${(1.96 * Math.sqrt(cal.model.tau2)).toFixed(2)} on the logit scale (95%)`);
  else io.out('  NOT USEFUL: the simulator\'s features do not explain these pass rates better than their mean; no predictions are given');
  io.out('  levels whose players differ most from the prediction (each predicted by a model fitted without it):');
  for (const l of cal.worst) io.out(`    ${names.get(l.id) ?? l.id}: ${surpriseText(l)} (${intervalText(l)} predicted)`);
  if (unmatched.length) io.out(`  ${unmatched.length} CSV key${unmatched.length === 1 ? '' : 's'} not found among the levels: ${unmatched.map((u) => u.key).join(', ')}`);
}

async function calibrateRun(args: string[], io: CalibrateIo): Promise<number> {
  const o = parseCalibrateArgs(args);
  if ('error' in o) {
    io.err(`match3 calibrate: ${o.error}\n\n${CALIBRATE_USAGE}`);
    return 2;
  }
  let csvText: string;
  try {
    csvText = await io.readFile(o.players);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(`${o.players}: (file): cannot read the file${code ? ` (${code})` : ''}`);
    return 1;
  }
  const csv = readPlayerCsv(csvText);
  for (const p of csv.problems) io.err(`${o.players}:${p.line}: ${p.message}`);
  if (!csv.ok) {
    io.err(`${o.players}: ${csv.error}`);
    return 1;
  }
  const { candidates, problems } = await loadCandidates(o.files, o.gameFiles, io);
  if (problems.length) {
    for (const p of problems) io.err(p);
    return 1;
  }
  const catalogue: CatalogueLevel[] = candidates.map((c, i) => ({ id: c.id, name: c.name, number: i + 1 }));
  const { matched, unmatched } = matchPlayerRows(csv.rows, catalogue);
  for (const u of unmatched) io.err(`${o.players}:${u.line}: level "${u.key}" is not among the levels given`);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const names = new Map(candidates.map((c) => [c.id, c.name]));
  const cal = await fitMatched(matched.map((m) => ({ row: m, candidate: byId.get(m.levelId)! })), o);
  const summary = { matched: matched.length, unmatched: unmatched.map((u) => u.key) };
  if (cal.status === 'too-few') {
    const msg = `too few levels: ${cal.levels} matched, at least ${cal.minLevels} are needed; nothing was fitted`;
    if (o.json) io.out(JSON.stringify({ status: 'too-few', ...summary, minLevels: cal.minLevels }));
    else io.out(msg);
    io.err(`match3 calibrate: ${msg}`);
    return 3;
  }
  const model = toModelFile(cal, { created: new Date(), rulesVersion: LATEST_RULES, botsVersion: BOTS_VERSION, games: o.games, names: Object.fromEntries(names) });
  if (o.out) await (io.writeFile ?? ((p: string, t: string) => writeFile(p, t, 'utf8')))(o.out, JSON.stringify(model, null, 2) + '\n');
  if (o.json) io.out(JSON.stringify(jsonReport(cal, names, summary, o.out)));
  else {
    printText(cal, names, unmatched, io);
    if (o.out) io.out(`  model written to ${o.out}`);
  }
  return 0;
}

async function fitMatched(pairs: { row: { attempts: number; successes: number; levelId: string }; candidate: Candidate }[], o: Options): Promise<Calibration> {
  // nothing is simulated for a fit that cannot happen
  if (pairs.length < MIN_LEVELS) return { status: 'too-few', levels: pairs.length, minLevels: MIN_LEVELS };
  const needSim = pairs.filter((p) => !p.candidate.features);
  if (needSim.length) {
    const pool = cliPool(o.threads, { prime: () => primes(needSim.length, o.games, TIERS.length) });
    const runner = new AnalysisRunner(() => pool, undefined, { curve: false });
    try {
      for (const p of needSim) p.candidate.features = await simulatedFeatures(p.candidate.level!, o.games, runner);
    } finally {
      pool.terminate();
    }
  }
  return calibrate(pairs.map((p) => ({ id: p.row.levelId, x: p.candidate.features!, attempts: p.row.attempts, successes: p.row.successes })));
}

function jsonReport(cal: Fitted, names: Map<string, string>, summary: { matched: number; unmatched: string[] }, out?: string) {
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const level = (l: LevelFit) => ({
    id: l.id, name: names.get(l.id) ?? l.id, attempts: l.attempts, successes: l.successes, passRate: r4(l.passRate),
    predicted: cal.useful ? r4(l.predicted) : null, low: cal.useful ? r4(l.low) : null, high: cal.useful ? r4(l.high) : null,
  });
  return {
    status: 'fitted', useful: cal.useful, ...summary, cvMae: r4(cal.cvMae), baselineMae: r4(cal.baselineMae), folds: cal.folds,
    tau2: r4(cal.model.tau2), lambda: cal.model.lambda, levels: cal.levels.map(level), worst: cal.worst.map(level), ...(out ? { out } : {}),
  };
}

export const calibrateCommand = {
  summary: "fit players' pass rates (a CSV) to the simulator (exit 3 when too few levels match)",
  usage: CALIBRATE_USAGE,
  run: calibrateRun,
};
