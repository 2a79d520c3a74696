// The timed side of scripts/bench-engine-ab.ts: bundled with one checkout's engine and run as its
// own node process. Plays the games of `bench-games.ts --fixed` (classic bench levels, every tier,
// curve on) and of `--fixed --games` (every level of sweet-saga and home-garden, objectives as in
// the files), the same levels, tiers, counts and seeds, and returns each case's CPU milliseconds and
// each case's digest (the orchestrator makes the two digests those commands print from them, so
// both builds are seen to play the same games).
import { readFileSync, readdirSync } from 'node:fs';
import type { LevelT } from '../src/core/level/index.ts';
import type { PlayOptions, SimCounts, Tier } from '../src/core/sim/index.ts';
import type { GameDef } from '../src/core/game/gameFile.ts';
import { BENCH_LEVELS } from './benchLevels.ts';

export interface Engine {
  playGames(level: LevelT, opts: PlayOptions): SimCounts;
  registerGames(defs: readonly GameDef[]): void;
  hashString(s: string): string;
}

export interface CaseResult {
  /** Per case (`classic a novice`, `sweet-saga 3 expert`, …): CPU ms of its games (times `reps` for game levels). */
  cpu: Record<string, number>;
  /** Per case: the hash of its counts. */
  digest: Record<string, string>;
  /** Every case's name in the order of `bench-games.ts --fixed`, then of `--fixed --games` (their digests hash these in order). */
  order: string[];
}

const TIERS: Tier[] = ['novice', 'average', 'expert'];
const CLASSIC: Record<Tier, number> = { novice: 3000, average: 3000, expert: 400 };
const GAMES: Record<Tier, number> = { novice: 300, average: 300, expert: 40 };

interface Case { fam: 'classic' | 'games'; name: string; level: LevelT; tier: Tier; count: number }

function cases(e: Engine, root: string): Case[] {
  const out: Case[] = [];
  for (const l of BENCH_LEVELS) for (const t of TIERS) out.push({ fam: 'classic', name: `classic ${l.name[0]} ${t}`, level: l, tier: t, count: CLASSIC[t] });
  const dir = `${root}/examples/games/`;
  for (const game of ['sweet-saga', 'home-garden']) {
    e.registerGames([JSON.parse(readFileSync(`${dir}${game}.game.json`, 'utf8')) as GameDef]);
    for (const f of readdirSync(`${dir}${game}/`).filter((x) => x.endsWith('.json')).sort()) {
      const l = JSON.parse(readFileSync(`${dir}${game}/${f}`, 'utf8')) as LevelT;
      for (const t of TIERS) out.push({ fam: 'games', name: `${game} ${f.replace(/^level_|\.json$/g, '')} ${t}`, level: l, tier: t, count: GAMES[t] });
    }
  }
  return out;
}

/** A case's group: family and tier (`classic expert`, `§11 novice`): one process plays one group. */
export const groupOf = (name: string) => `${name.startsWith('classic') ? 'classic' : '§11'} ${name.split(' ').pop()}`;
export const GROUPS = ['classic', '§11'].flatMap((f) => TIERS.map((t) => `${f} ${t}`));

/**
 * Warm-up (a tenth of each case on other seeds), then every case timed; a game level's games `reps`
 * times over. `group`: only that group's cases (all when empty).
 */
export function runCases(e: Engine, root: string, reps: number, group = ''): CaseResult {
  const every = cases(e, root), all = every.filter((c) => !group || groupOf(c.name) === group);
  for (const c of all) e.playGames(c.level, { tier: c.tier, start: 1_000_000, count: Math.ceil(c.count / 10), curve: true });
  const cpu: Record<string, number> = {};
  const digest: Record<string, string> = {};
  for (const c of all) {
    const n = c.fam === 'games' ? reps : 1;
    let r: SimCounts | undefined;
    const c0 = process.cpuUsage();
    for (let k = 0; k < n; k++) r = e.playGames(c.level, { tier: c.tier, count: c.count, curve: true });
    const u = process.cpuUsage(c0);
    cpu[c.name] = (u.user + u.system) / 1000;
    digest[c.name] = e.hashString(JSON.stringify(r));
  }
  return { cpu, digest, order: every.map((c) => c.name) };
}
