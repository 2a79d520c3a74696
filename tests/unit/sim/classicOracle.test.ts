// The simulator must play every level of the repository's fixtures and samples exactly as the engine
// that named crates, ice, chains and jelly itself did, before it read game-definition tables. The oracle
// was recorded by scripts/classic-oracle.ts on the commit it names (tests/fixtures/classic-oracle.json):
// for each level (sample pack, level/pack files under tests/, levels the e2e specs build, the first
// catalogue levels), played as in its file, with rules 1 forced and with rules 2 forced, every tier's
// games, wins, reshuffles, moves left on wins, objectives completed and a digest of the whole SimCounts
// (heat maps and win-rate curve included), and digests of the analysis made from the three tiers' counts.
// This file is self-contained on purpose: it reads the levels from the oracle, not from their sources.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { hashString, levelHash, parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { bottleneck, deepSummary, formatAnalyzeLevel, formatBottleneck, formatDeepAnalyze, playGames, summarize, type SimCounts } from '../../../src/core/sim/index.ts';

const TIERS = ['novice', 'average', 'expert'] as const;
type Tier = (typeof TIERS)[number];
interface Figures {
  games: number;
  wins: number;
  reshuffles: number;
  movesLeftOnWin: number;
  objCompleted: number[];
  digest: string;
}
interface Entry {
  names: string[];
  levelHash: string;
  rules?: 1 | 2;
  level: string;
  tiers: Record<Tier, Figures>;
  analysis: { deepSummary: string; bottleneck: string; bottleneckAimed: string; markdown: string };
}
const oracle = JSON.parse(readFileSync(new URL('../../fixtures/classic-oracle.json', import.meta.url), 'utf8')) as {
  commit: string;
  games: Record<Tier, number>;
  entries: Entry[];
};
/** The target band scripts/classic-oracle.ts gives the aimed bottleneck. */
const AIM = { lo: 0.35, hi: 0.65, source: 'designer' as const };

const label = (e: Entry) => (e.names.length > 1 ? `${e.names[0]} (and ${e.names.length - 1} more case${e.names.length > 2 ? 's' : ''} with levelHash ${e.levelHash})` : e.names[0]);

function levelOf(e: Entry): LevelT {
  const r = parseLevelText(e.level);
  if (!r.ok) throw new Error(`${label(e)}: the recorded level does not parse: ${JSON.stringify(r.problems)}`);
  return e.rules ? ({ ...r.level, rules: e.rules } as LevelT) : r.level;
}

/** Counts played in the tier tests, for the analysis test (levelHash → tier → counts). */
const played = new Map<string, Partial<Record<Tier, SimCounts>>>();
function counts(e: Entry, level: LevelT, tier: Tier): SimCounts {
  const seen = played.get(e.levelHash) ?? {};
  played.set(e.levelHash, seen);
  return (seen[tier] ??= playGames(level, { tier, count: oracle.games[tier] }));
}

describe(`every fixture and sample level plays as the classic engine did (oracle of ${oracle.commit})`, () => {
  it('the recorded levels still read with the recorded levelHash', () => {
    const wrong = oracle.entries.filter((e) => levelHash(levelOf(e)) !== e.levelHash).map((e) => `${label(e)}: levelHash ${levelHash(levelOf(e))}, recorded ${e.levelHash}`);
    expect(wrong).toEqual([]);
  });

  it('the oracle covers every sample level under each rules mode', () => {
    const known = new Set(oracle.entries.map((e) => e.levelHash));
    const missing: string[] = [];
    for (const l of sampleLevels())
      for (const rules of [undefined, 1, 2] as const) {
        const v = rules ? ({ ...l, rules } as LevelT) : l;
        if (!known.has(levelHash(v))) missing.push(`sample "${l.name}" ${rules ? `rules ${rules} forced` : 'as built'}: levelHash ${levelHash(v)} not in the oracle`);
      }
    expect(missing).toEqual([]);
  });

  for (const tier of TIERS)
    it(`${tier}: the same counts on every level, under every rules mode`, () => {
      const wrong: string[] = [];
      for (const e of oracle.entries) {
        const c = counts(e, levelOf(e), tier);
        const got: Figures = { games: c.games, wins: c.wins, reshuffles: c.reshuffles, movesLeftOnWin: c.movesLeftOnWin, objCompleted: [...c.objCompleted], digest: hashString(JSON.stringify(c)) };
        const want = e.tiers[tier];
        const diff = (Object.keys(want) as (keyof Figures)[]).filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]));
        if (diff.length) wrong.push(`${label(e)} — ${tier}: ${diff.map((k) => `${k} ${JSON.stringify(got[k])} (oracle ${JSON.stringify(want[k])})`).join(', ')}`);
      }
      expect(wrong, `${wrong.length} of ${oracle.entries.length} levels differ at ${tier}`).toEqual([]);
    });

  it('the deep analysis, the bottleneck (with and without a target band) and their Markdown are the same on every level', () => {
    const wrong: string[] = [];
    for (const e of oracle.entries) {
      const level = levelOf(e);
      const list = TIERS.map((t) => counts(e, level, t));
      const deep = deepSummary(list);
      const b = bottleneck(level, list);
      const aimed = bottleneck(level, list, { target: AIM });
      const md = [formatDeepAnalyze(level, deep), formatBottleneck(level, b), formatBottleneck(level, aimed), ...list.map((c) => formatAnalyzeLevel(level, summarize(c)))].join('\n\n');
      const got = { deepSummary: hashString(JSON.stringify(deep)), bottleneck: hashString(JSON.stringify(b)), bottleneckAimed: hashString(JSON.stringify(aimed)), markdown: hashString(md) };
      const diff = (Object.keys(e.analysis) as (keyof Entry['analysis'])[]).filter((k) => got[k] !== e.analysis[k]);
      if (diff.length) wrong.push(`${label(e)}: ${diff.map((k) => `${k} digest ${got[k]} (oracle ${e.analysis[k]})`).join(', ')}`);
    }
    expect(wrong, `${wrong.length} of ${oracle.entries.length} levels differ in their analysis`).toEqual([]);
  });
});
