// `match3 analyze --shard i/n` + `match3 merge`: the merged shards are exactly the unsharded run.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { GAME_COST, shardRanges, type GameRange, type ShardFile } from '../../../src/cli/shard.ts';
import { createLevel, serializeLevel, type LevelT } from '../../../src/core/level/index.ts';
import { packFileText, sampleLevels } from '../../../src/core/files/index.ts';
import { mergeAll, type SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import type { SimRequest } from '../../../src/analysis/simApi.ts';
import { mainThreadRunner } from '../../../src/cli/threads.ts';
import type { Tier } from '../../../src/core/sim/bots/types.ts';

function fakeIo(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => {
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p];
    },
  };
  return { io, out, err };
}

async function cli(argv: string[], files: Record<string, string>) {
  const f = fakeIo(files);
  const status = await runCli(argv, f.io);
  return { status, out: f.out, err: f.err };
}

const samples = sampleLevels();
const single: LevelT = { ...createLevel({ id: 'solo', name: 'Solo, "quoted"', seed: 77 }), moves: 12 };
const broken = JSON.parse(serializeLevel(single));
broken.moves = 0;
const FILES = {
  'pack.json': packFileText({ id: 'p', name: 'Samples' }, samples.slice(0, 3)),
  'solo.json': serializeLevel(single),
  'broken.json': JSON.stringify(broken),
};

/** Runs n shards with the same options and returns their files (as the CI jobs would write them). */
async function shards(n: number, options: string[], files: Record<string, string> = FILES) {
  const out: Record<string, string> = {};
  for (let i = 1; i <= n; i++) {
    const r = await cli(['analyze', ...Object.keys(files), ...options, '--shard', `${i}/${n}`], files);
    expect(r.out).toHaveLength(1);
    out[`shard-${i}.json`] = r.out[0];
  }
  return out;
}

/** A report line without what depends on the clock (durationMs, gamesPerSecond). */
const timeless = (line: string) => JSON.stringify(JSON.parse(line), (k, v) => (k === 'durationMs' || k === 'gamesPerSecond' ? undefined : v));

describe('match3 analyze --shard i/n, then match3 merge', () => {
  it('3 shards merged = 1 run: same output (--json, --csv), same problems and exit status, same counts byte for byte (--tier all --curve)', async () => {
    const options = ['--games', '45', '--tier', 'all', '--curve', '--threads', '1'];
    const whole = await cli(['analyze', ...Object.keys(FILES), ...options, '--json'], FILES);
    const parts = await shards(3, options);

    const merged = await cli(['merge', ...Object.keys(parts), '--json'], parts);
    expect(merged.status).toBe(whole.status);
    expect(whole.status).toBe(1);
    expect(merged.err).toEqual(whole.err);
    expect(merged.err).toContain('broken.json: moves: must be 1..200');
    expect(merged.out).toHaveLength(4); // three pack levels and the single level
    expect(merged.out.map(timeless)).toEqual(whole.out.map(timeless));
    expect(JSON.parse(merged.out[0]).results.map((r: { tier: string }) => r.tier)).toEqual(['novice', 'average', 'expert']);
    expect(JSON.parse(merged.out[0]).results[0].curve.length).toBeGreaterThan(0);

    // the CSV has no timings: byte for byte
    const wholeCsv = await cli(['analyze', ...Object.keys(FILES), ...options, '--csv'], FILES);
    const mergedCsv = await cli(['merge', ...Object.keys(parts), '--csv'], parts);
    expect(mergedCsv.out.join('\n')).toBe(wholeCsv.out.join('\n'));
    expect(mergedCsv.out).toHaveLength(1 + 4 * 3);

    // the raw counts: every (level, tier) of the shards adds up to the unsharded runner's counts
    const files = Object.values(parts).map((t) => JSON.parse(t) as ShardFile);
    const pool = new WorkerPool<SimRequest, SimCounts>(1, () => mainThreadRunner());
    const runner = new AnalysisRunner(() => pool);
    const levels = [...samples.slice(0, 3), single];
    const levelInputs = files[0].run.inputs.flatMap((input, i) => ('level' in input ? [i] : []));
    expect(levelInputs).toHaveLength(levels.length);
    for (const [k, level] of levels.entries()) {
      for (const tier of ['novice', 'average', 'expert'] as Tier[]) {
        const mine = files.flatMap((f) => f.parts).filter((p) => p.input === levelInputs[k] && p.tier === tier).sort((a, b) => a.start - b.start);
        expect(mine.length).toBeGreaterThan(0);
        expect(JSON.stringify(mergeAll(mine.map((p) => p.counts)))).toBe(JSON.stringify(await runner.tier(level, tier, 45)));
      }
    }
    pool.terminate();
  });

  it('the default tier, --seed, worker threads, and other shard counts (2, 5, more shards than levels)', async () => {
    const files = { 'solo.json': FILES['solo.json'], 'pack.json': FILES['pack.json'] };
    const options = ['--games', '40', '--seed', '12345'];
    const whole = await cli(['analyze', ...Object.keys(files), ...options, '--threads', '1', '--csv'], files);
    expect(whole.status).toBe(0);
    for (const n of [2, 5]) {
      const parts = await shards(n, [...options, '--threads', n === 2 ? '2' : '1'], files);
      const merged = await cli(['merge', ...Object.keys(parts).reverse(), '--csv'], parts);
      expect(merged.status, merged.err.join('\n')).toBe(0);
      expect(merged.out.join('\n')).toBe(whole.out.join('\n'));
    }
    const wholeJson = await cli(['analyze', ...Object.keys(files), ...options, '--threads', '1', '--json'], files);
    const parts = await shards(7, [...options, '--threads', '1'], files);
    const merged = await cli(['merge', ...Object.keys(parts), '--json'], parts);
    expect(merged.out.map(timeless)).toEqual(wholeJson.out.map(timeless));
    expect(JSON.parse(merged.out[0]).level.hash).not.toBe(JSON.parse((await cli(['analyze', 'solo.json', '--games', '40', '--threads', '1', '--json'], files)).out[0]).level.hash);
  });

  it('merge without --json/--csv prints the same table (timings aside)', async () => {
    const files = { 'solo.json': FILES['solo.json'] };
    const options = ['--games', '30', '--threads', '1', '--tier', 'all'];
    const whole = await cli(['analyze', 'solo.json', ...options], files);
    const parts = await shards(3, options, files);
    const merged = await cli(['merge', ...Object.keys(parts)], parts);
    const noTimes = (lines: string[]) => lines.map((l) => l.replace(/\(\d+ ms\)/, '(… ms)').replace(/ +\d+$/, ' …'));
    expect(noTimes(merged.out)).toEqual(noTimes(whole.out));
    expect(merged.out[0]).toMatch(/^solo\.json — Solo, "quoted", rules v2 \(\d+ ms\)$/);
  });
});

describe('match3 merge refuses what is not one whole run', () => {
  const options = ['--games', '20', '--threads', '1'];
  const files = { 'solo.json': FILES['solo.json'] };

  it('a missing shard, a shard given twice, a shard of another run, a file that is no shard', async () => {
    const parts = await shards(3, options, files);
    const other = await shards(3, ['--games', '21', '--threads', '1'], files);
    const cases: [Record<string, string>, RegExp][] = [
      [{ a: parts['shard-1.json'], b: parts['shard-3.json'] }, /^\(shards\): missing shard 2\/3: give every shard file/],
      [{ a: parts['shard-1.json'], b: parts['shard-2.json'], c: parts['shard-3.json'], d: parts['shard-2.json'] }, /^d: shard\.index: shard 2\/3 is also b$/],
      [{ a: parts['shard-1.json'], b: other['shard-2.json'], c: parts['shard-3.json'] }, /^b: run: not the same analysis as a/],
      [{ a: parts['shard-1.json'], b: FILES['solo.json'] }, /^b: format: not a shard file/],
      [{ a: parts['shard-1.json'], b: '{"format": "match3-analysis-shard", "version": 1}' }, /^b: shard: /],
      [{ a: '{oops' }, /^a: \(root\): not valid JSON/],
    ];
    for (const [set, message] of cases) {
      const r = await cli(['merge', ...Object.keys(set)], set);
      expect(r.status, message.source).toBe(1);
      expect(r.out, message.source).toEqual([]);
      expect(r.err.some((l) => message.test(l)), `${message.source}\n${r.err.join('\n')}`).toBe(true);
    }
    const missing = await cli(['merge', 'nope.json'], {});
    expect(missing).toMatchObject({ status: 1, err: ['nope.json: (file): cannot read the file (ENOENT)'] });
  });

  it('shards whose games do not tile the run (edited files) are refused, not summed', async () => {
    const parts = await shards(2, options, files);
    const first = JSON.parse(parts['shard-1.json']) as ShardFile;
    first.parts[0].start += 1;
    const r = await cli(['merge', 'a', 'b'], { a: JSON.stringify(first), b: parts['shard-2.json'] });
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err.join('\n')).toMatch(/\(shards\): games 0\.\. of solo\.json \(average\) are missing/);
  });

  it('usage errors exit 2: bad --shard values, --shard with --json, merge with no file', async () => {
    for (const v of ['0/3', '4/3', '3', 'a/b', '1/0', '1/1001']) {
      const r = await cli(['analyze', 'solo.json', '--shard', v], files);
      expect(r.status, v).toBe(2);
      expect(r.err[0], v).toMatch(/--shard: must be i\/n with 1 <= i <= n <= 1000/);
    }
    expect((await cli(['analyze', 'solo.json', '--shard', '1/2', '--json'], files)).status).toBe(2);
    expect((await cli(['analyze', 'solo.json', '--json', '--csv'], files)).status).toBe(2);
    expect((await cli(['merge'], {})).status).toBe(2);
    expect((await cli(['merge', 'a.json', '--yaml'], {})).status).toBe(2);
  });
});

describe('shardRanges', () => {
  const tiers: Tier[] = ['novice', 'average', 'expert'];
  const unitsArb = fc.array(fc.record({ tier: fc.constantFrom(...tiers), count: fc.integer({ min: 1, max: 5000 }) }), { minLength: 1, maxLength: 12 });

  it('n shards cover every game of every unit exactly once', () => {
    fc.assert(
      fc.property(unitsArb, fc.integer({ min: 1, max: 40 }), (raw, n) => {
        const units = raw.map((u, input) => ({ ...u, input }));
        const all: GameRange[] = [];
        for (let i = 1; i <= n; i++) all.push(...shardRanges(units, { index: i, count: n }));
        for (const u of units) {
          const mine = all.filter((r) => r.input === u.input).sort((a, b) => a.start - b.start);
          let next = 0;
          for (const r of mine) {
            if (r.start !== next || r.count < 1) return false;
            next += r.count;
          }
          if (next !== u.count) return false;
        }
        return true;
      }),
    );
  });

  it('shares cost about the same: each within two expert games of total / n', () => {
    fc.assert(
      fc.property(unitsArb, fc.integer({ min: 1, max: 40 }), (raw, n) => {
        const units = raw.map((u, input) => ({ ...u, input }));
        const total = units.reduce((s, u) => s + u.count * GAME_COST[u.tier], 0);
        for (let i = 1; i <= n; i++) {
          const cost = shardRanges(units, { index: i, count: n }).reduce((s, r) => s + r.count * GAME_COST[r.tier], 0);
          if (Math.abs(cost - total / n) > 2 * GAME_COST.expert) return false;
        }
        return true;
      }),
    );
  });

  it('one level with --tier all on 3 shards: the expert games are spread, not given to one shard', () => {
    const units = tiers.map((tier) => ({ input: 0, tier, count: 1000 }));
    const experts = [1, 2, 3].map((i) => shardRanges(units, { index: i, count: 3 }).filter((r) => r.tier === 'expert').reduce((s, r) => s + r.count, 0));
    expect(experts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(2);
  });
});
