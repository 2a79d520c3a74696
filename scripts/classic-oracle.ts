// Writes tests/fixtures/classic-oracle.json: what the simulator makes of every level the repository's
// fixtures and samples hold, recorded from the engine that still names crates, ice, chains and jelly
// itself (before it reads game-definition tables), as a regression oracle for that rewrite.
// tests/unit/sim/classicOracle.test.ts checks that the engine still produces exactly these figures.
// Re-running it on a later commit proves nothing: it records whatever the engine of that commit does.
//
// Levels (deduplicated by levelHash, which is part of every recorded digest):
//   - the sample pack (src/core/files/samples.ts);
//   - every level, pack or workspace file (*.json with a match3 `format`) under tests/;
//   - the levels the e2e tests build in code and import (copied below from the specs named), and the
//     first CATALOGUE levels of tests/fixtures/catalogue.ts (the catalogue specs import thousands).
// Each level is played as its file says, with rules 1 forced and with rules 2 forced; for each, every tier
// records games, wins, reshuffles, movesLeftOnWin, objCompleted and a digest of the whole SimCounts (heat
// maps and the win-rate curve included); and the pure analysis made from the three tiers' counts
// (deepSummary, bottleneck with and without a target band, and their Markdown) is recorded as digests.
//
// Usage: npx tsx scripts/classic-oracle.ts <commit>
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sampleLevels } from '../src/core/files/samples.ts';
import { parseFileText } from '../src/core/files/formats.ts';
import { hashString, levelHash, parseLevel, parseLevelText, serializeLevel, type LevelT } from '../src/core/level/index.ts';
import { bottleneck, deepSummary, formatBottleneck, formatDeepAnalyze, playGames, summarize, formatAnalyzeLevel, type SimCounts } from '../src/core/sim/index.ts';
import { generatedLevel } from '../tests/fixtures/catalogue.ts';

export const TIERS = ['novice', 'average', 'expert'] as const;
export type OracleTier = (typeof TIERS)[number];
export const GAMES: Record<OracleTier, number> = { novice: 100, average: 100, expert: 30 };
/** How many of the generated catalogue's levels are covered. */
const CATALOGUE = 40;
/** A target band for the bottleneck's aimed move fix. */
export const AIM = { lo: 0.35, hi: 0.65, source: 'designer' as const };

export type RulesMode = 'file' | 'rules1' | 'rules2';
export const MODES: readonly RulesMode[] = ['file', 'rules1', 'rules2'];

export interface TierFigures {
  games: number;
  wins: number;
  reshuffles: number;
  movesLeftOnWin: number;
  objCompleted: number[];
  /** hashString(JSON.stringify(counts)) of the whole SimCounts. */
  digest: string;
}

export interface AnalysisDigests {
  deepSummary: string;
  bottleneck: string;
  bottleneckAimed: string;
  markdown: string;
}

export interface OracleEntry {
  /** Every (source › level › rules mode) that plays as this entry, the first one gives the level below. */
  names: string[];
  levelHash: string;
  /** Rules forced on the level file below (absent: as in the file). */
  rules?: 1 | 2;
  /** The level file, compact (serializeLevel of the level as read, re-stringified on one line). */
  level: string;
  tiers: Record<OracleTier, TierFigures>;
  analysis: AnalysisDigests;
}

export interface Oracle {
  commit: string;
  games: Record<OracleTier, number>;
  entries: OracleEntry[];
}

/** The level an entry plays: its file, read again, with the rules forced as recorded. */
export function entryLevel(e: Pick<OracleEntry, 'level' | 'rules'>): LevelT {
  const r = parseLevelText(e.level);
  if (!r.ok) throw new Error(`level does not parse: ${JSON.stringify(r.problems)}`);
  return e.rules ? ({ ...r.level, rules: e.rules } as LevelT) : r.level;
}

export function playTier(level: LevelT, tier: OracleTier, games = GAMES[tier]): { counts: SimCounts; figures: TierFigures } {
  const c = playGames(level, { tier, count: games });
  return {
    counts: c,
    figures: { games: c.games, wins: c.wins, reshuffles: c.reshuffles, movesLeftOnWin: c.movesLeftOnWin, objCompleted: [...c.objCompleted], digest: hashString(JSON.stringify(c)) },
  };
}

/** Digests of the pure analysis made from the three tiers' counts (novice, average, expert order). */
export function analysisDigests(level: LevelT, list: readonly SimCounts[]): AnalysisDigests {
  const deep = deepSummary(list);
  const b = bottleneck(level, list);
  const aimed = bottleneck(level, list, { target: AIM });
  const md = [
    formatDeepAnalyze(level, deep),
    formatBottleneck(level, b),
    formatBottleneck(level, aimed),
    ...list.map((c) => formatAnalyzeLevel(level, summarize(c))),
  ].join('\n\n');
  return {
    deepSummary: hashString(JSON.stringify(deep)),
    bottleneck: hashString(JSON.stringify(b)),
    bottleneckAimed: hashString(JSON.stringify(aimed)),
    markdown: hashString(md),
  };
}

// ---- the levels -------------------------------------------------------------------------------------

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function mustParse(data: unknown, where: string): LevelT {
  const r = parseLevel(data);
  if (!r.ok) throw new Error(`${where}: ${JSON.stringify(r.problems)}`);
  return r.level;
}

const blank = (w: number, h: number) => Array.from({ length: h }, () => Array.from({ length: w }, () => ({})));

/** tests/e2e/helpers.ts importOpenLevel. */
const openLevel = (o: { name: string; width: number; height: number; moves: number; seed: number; colors?: number; objectives?: unknown[] }) => ({
  format: 'match3-level', version: 1, id: `e2e-${o.seed}-${o.width}x${o.height}`, name: o.name, width: o.width, height: o.height, moves: o.moves,
  colors: o.colors ?? 5, seed: o.seed, rules: 2, cells: blank(o.width, o.height), objectives: o.objectives ?? [{ type: 'collect', color: 'red', count: 30 }],
});

/** The levels e2e specs build in code (copied from them; the names say which). */
function e2eLevels(): { source: string; level: LevelT }[] {
  const out: { source: string; data: unknown }[] = [];
  const add = (source: string, data: unknown) => out.push({ source, data });
  // tune.spec.ts, copilot-tune.spec.ts
  add('tests/e2e/tune.spec.ts', openLevel({ name: 'Tune me', width: 8, height: 8, moves: 20, seed: 42 }));
  // clarity.spec.ts importSlowLevels (its first seed: the 16×16 levels are the slowest to play)
  for (const seed of [31]) add('tests/e2e/clarity.spec.ts', openLevel({ name: `Slow ${seed}`, width: 16, height: 16, moves: 50, seed, objectives: [{ type: 'score', target: 10_000_000 }] }));
  // packJobs.spec.ts packFile: the first small levels and the first slow ones
  for (const slow of [false, true])
    for (let i = 0; i < (slow ? 2 : 12); i++) {
      const w = slow ? 9 : 4 + (i % 3), h = slow ? 9 : 4 + ((i >> 1) % 3);
      add(slow ? 'tests/e2e/packJobs.spec.ts (slow pack)' : 'tests/e2e/packJobs.spec.ts', {
        format: 'match3-level', version: 1, id: `Jobs-${i + 1}`, name: `Job level ${i + 1}`, width: w, height: h, moves: slow ? 20 : 4 + (i % 5), colors: slow ? 6 : 4 + (i % 2), seed: 100 + i,
        cells: blank(w, h), objectives: [{ type: 'score', target: slow ? 10_000_000 : 200 + 40 * (i % 7) }],
      });
    }
  // players.spec.ts (10 levels), playerTerms.spec.ts (4 levels)
  for (let i = 1; i <= 10; i++)
    add('tests/e2e/players.spec.ts', { format: 'match3-level', version: 1, id: `pl-${i}`, name: `Players ${i}`, width: 5, height: 5, moves: 4 + 2 * i, colors: 4, seed: 100 + i, rules: 2, cells: blank(5, 5), objectives: [{ type: 'collect', color: 'red', count: 18 }] });
  for (let i = 1; i <= 4; i++)
    add('tests/e2e/playerTerms.spec.ts', { format: 'match3-level', version: 1, id: `pt-${i}`, name: `Terms ${i}`, width: 5, height: 5, moves: 6 + 3 * i, colors: 4, seed: 300 + i, rules: 2, cells: blank(5, 5), objectives: [{ type: 'collect', color: 'red', count: 18 }] });
  // start-preview.spec.ts
  {
    const cells: Record<string, unknown>[][] = blank(7, 6);
    cells[0][0] = { tile: 'void' };
    cells[1][1] = { tile: 'blue' };
    cells[2][3] = { tile: 'crate', hp: 2 };
    cells[3][4] = { cover: { type: 'ice', layers: 1 } };
    cells[5][6] = { ground: { type: 'jelly', layers: 1 } };
    add('tests/e2e/start-preview.spec.ts', { format: 'match3-level', version: 1, id: 'e2e-start-preview', name: 'Start preview', width: 7, height: 6, moves: 20, colors: 5, seed: 31337, rules: 2, cells, objectives: [{ type: 'collect', color: 'red', count: 30 }] });
  }
  // upgrade.spec.ts OLD_LEVEL
  add('tests/e2e/upgrade.spec.ts', {
    format: 'match3-level', version: 1, id: 'kept-from-v1', name: 'Kept from schema 1', width: 6, height: 5, moves: 17, colors: 4, seed: 4242,
    cells: Array.from({ length: 5 }, (_, y) => Array.from({ length: 6 }, (_, x) => (x === 0 && y === 0 ? { tile: 'crate', hp: 2 } : x === 5 && y === 4 ? { tile: 'blue' } : {}))),
    objectives: [{ type: 'score', target: 900 }],
  });
  // files.spec.ts dropped pack
  for (const [id, name] of [['d1', 'Dropped one'], ['d2', 'Dropped two']])
    add('tests/e2e/files.spec.ts', { format: 'match3-level', version: 1, id, name, width: 4, height: 4, moves: 12, colors: 4, seed: 7, cells: blank(4, 4), objectives: [{ type: 'score', target: 1000 }] });
  // hostile.spec.ts
  add('tests/e2e/hostile.spec.ts', { format: 'match3-level', version: 1, id: 'f1', name: 'Fine', width: 5, height: 5, moves: 10, colors: 4, seed: 1, cells: blank(5, 5), objectives: [{ type: 'score', target: 100 }] });
  // tests/fixtures/catalogue.ts (catalogue.spec.ts, catalogue-tabs.spec.ts, editCost.test.ts)
  for (let i = 0; i < CATALOGUE; i++) add('tests/fixtures/catalogue.ts', generatedLevel(i));
  return out.map(({ source, data }) => ({ source, level: mustParse(data, `${source} ${(data as { name?: string }).name}`) }));
}

/** Every level of every level, pack or workspace file under tests/ that git tracks. */
function fileLevels(): { source: string; level: LevelT }[] {
  const files = execFileSync('git', ['ls-files', '-z', 'tests'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((f) => f.endsWith('.json')).sort();
  const out: { source: string; level: LevelT }[] = [];
  for (const f of files) {
    const text = readFileSync(`${ROOT}/${f}`, 'utf8');
    let format: unknown;
    try {
      format = (JSON.parse(text) as { format?: unknown }).format;
    } catch {
      continue;
    }
    if (typeof format !== 'string' || !format.startsWith('match3-')) continue;
    const r = parseFileText(text);
    if (!r.ok) throw new Error(`${f}: ${JSON.stringify(r.problems)}`);
    if (r.kind === 'level') out.push({ source: f, level: r.level });
    else if (r.kind === 'pack') for (const l of r.levels) out.push({ source: f, level: l });
    else if (r.kind === 'workspace') for (const l of r.workspace.levels) out.push({ source: f, level: l as LevelT });
  }
  return out;
}

export function allLevels(): { source: string; level: LevelT }[] {
  return [...sampleLevels().map((level) => ({ source: 'src/core/files/samples.ts', level })), ...fileLevels(), ...e2eLevels()];
}

function main() {
  const byHash = new Map<string, OracleEntry>();
  const entries: OracleEntry[] = [];
  let made = 0;
  for (const { source, level } of allLevels()) {
    const file = JSON.stringify(JSON.parse(serializeLevel(level)));
    for (const mode of MODES) {
      const rules = mode === 'rules1' ? 1 : mode === 'rules2' ? 2 : undefined;
      const name = `${source} › ${level.name} › ${mode === 'file' ? 'rules as in the file' : `rules ${rules} forced`}`;
      const played = entryLevel({ level: file, rules });
      const h = levelHash(played);
      const seen = byHash.get(h);
      if (seen) {
        seen.names.push(name);
        continue;
      }
      const t0 = performance.now();
      const list: SimCounts[] = [];
      const tiers = {} as Record<OracleTier, TierFigures>;
      for (const tier of TIERS) {
        const { counts, figures } = playTier(played, tier);
        list.push(counts);
        tiers[tier] = figures;
      }
      const e: OracleEntry = { names: [name], levelHash: h, ...(rules ? { rules } : {}), level: file, tiers, analysis: analysisDigests(played, list) };
      byHash.set(h, e);
      entries.push(e);
      made++;
      console.log(`${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${name}`);
    }
  }
  const oracle: Oracle = { commit: process.argv[2] ?? 'unknown', games: GAMES, entries };
  writeFileSync(new URL('../tests/fixtures/classic-oracle.json', import.meta.url), JSON.stringify(oracle, null, 2) + '\n');
  console.log(`${made} entries (${entries.reduce((n, e) => n + e.names.length, 0)} level × rules cases)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
