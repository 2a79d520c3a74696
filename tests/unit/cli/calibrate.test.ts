// `match3 calibrate`, `analyze --model` and sharded runs carrying the calibration's features.
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { serializeLevel, type LevelT } from '../../../src/core/level/index.ts';
import { packFileText, sampleLevels } from '../../../src/core/files/index.ts';
import { FEATURES } from '../../../src/core/calibration/index.ts';

function fakeIo(files: Record<string, string>) {
  const out: string[] = [], err: string[] = [];
  const written: Record<string, string> = {};
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => {
      if (p in written) return written[p];
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p];
    },
    writeFile: async (p, t) => void (written[p] = t),
  };
  return { io, out, err, written };
}

async function cli(argv: string[], files: Record<string, string>) {
  const f = fakeIo(files);
  const status = await runCli(argv, f.io);
  return { status, out: f.out, err: f.err, written: f.written };
}

const base = sampleLevels();
/** Ten levels: the samples with different move limits, so the bots' figures spread. */
const levels: LevelT[] = Array.from({ length: 10 }, (_, i) => ({ ...base[i % base.length], id: `lvl-${i + 1}`, name: `Level ${i + 1}`, moves: 6 + 3 * i }));
const PACK = packFileText({ id: 'p', name: 'World 1' }, levels);
const FAST = ['--games', '20', '--threads', '1'];
const rates = [0.12, 0.2, 0.3, 0.38, 0.45, 0.52, 0.6, 0.66, 0.72, 0.8];
const csvOf = (rows: string[]) => ['level_id,attempts,successes', ...rows].join('\n');
const PLAYERS = csvOf(levels.map((l, i) => `${l.id},2000,${Math.round(2000 * rates[i])}`));

describe('match3 calibrate', () => {
  it('fits, prints the JSON report, and writes a model file (exit 0)', async () => {
    const r = await cli(['calibrate', 'pack.json', '--players', 'p.csv', '--out', 'm.json', '--json', ...FAST], { 'pack.json': PACK, 'p.csv': csvOf([...PLAYERS.split('\n').slice(1), 'nope,100,1']) });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.out[0]);
    expect(j.matched).toBe(10);
    expect(j.unmatched).toEqual(['nope']);
    expect(j.cvMae).toBeGreaterThan(0);
    expect(j.baselineMae).toBeGreaterThan(0);
    expect(j.levels).toHaveLength(10);
    expect(Object.keys(j.levels[0])).toEqual(['id', 'name', 'attempts', 'successes', 'passRate', 'predicted', 'low', 'high']);
    expect(j.levels.find((l: { id: string }) => l.id === 'lvl-3')).toMatchObject({ name: 'Level 3', attempts: 2000, successes: 600, passRate: 0.3 });
    expect(r.err).toContain('p.csv:12: level "nope" is not among the levels given');
    const model = JSON.parse(r.written['m.json']);
    expect(model.format).toBe('match3-calibration');
    expect(model.data).toHaveLength(10);
    expect(model.features).toEqual([...FEATURES]);
  }, 60_000);

  it('exit 3 when fewer than 8 levels match, simulating nothing', async () => {
    const r = await cli(['calibrate', 'pack.json', '--players', 'p.csv', ...FAST], { 'pack.json': PACK, 'p.csv': csvOf(PLAYERS.split('\n').slice(1, 8)) });
    expect(r.status).toBe(3);
    expect(r.out).toEqual(['too few levels: 7 matched, at least 8 are needed; nothing was fitted']);
  });

  it('exit 1 for an unreadable CSV or level file; bad rows are named with their line', async () => {
    const noLevel = await cli(['calibrate', 'pack.json', '--players', 'p.csv'], { 'pack.json': PACK, 'p.csv': 'foo,bar\n1,2\n' });
    expect(noLevel.status).toBe(1);
    expect(noLevel.err.at(-1)).toMatch(/^p\.csv: line 1: no level column/);
    const missing = await cli(['calibrate', 'pack.json', '--players', 'nope.csv'], { 'pack.json': PACK });
    expect([missing.status, missing.err]).toEqual([1, ['nope.csv: (file): cannot read the file (ENOENT)']]);
    const badLevel = await cli(['calibrate', 'bad.json', '--players', 'p.csv'], { 'bad.json': '{"format":"match3-level"', 'p.csv': PLAYERS });
    expect(badLevel.status).toBe(1);
    expect(badLevel.err[0]).toMatch(/^bad\.json: \(root\): not valid JSON/);
  });

  it('exit 2 on bad usage', async () => {
    for (const argv of [['calibrate', 'pack.json'], ['calibrate', '--players', 'p.csv'], ['calibrate', 'pack.json', '--players', 'p.csv', '--games', '0'], ['calibrate', 'pack.json', '--players', 'p.csv', '--wat']]) {
      const r = await cli(argv, { 'pack.json': PACK, 'p.csv': PLAYERS });
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.err[0]).toMatch(/^match3 calibrate: /);
    }
  });
});

describe('analyze --model, and sharded runs carrying the features', () => {
  it('adds player figures (JSON, CSV, table); merged shards give the same, and calibrate reads their features', async () => {
    const fit = await cli(['calibrate', 'pack.json', '--players', 'p.csv', '--out', 'm.json', ...FAST], { 'pack.json': PACK, 'p.csv': PLAYERS });
    expect(fit.status).toBe(0);
    const files = { 'pack.json': PACK, 'p.csv': PLAYERS, 'm.json': fit.written['m.json'] };

    const json = await cli(['analyze', 'pack.json', '--model', 'm.json', '--json', ...FAST], files);
    expect(json.status).toBe(0);
    const first = JSON.parse(json.out[0]);
    expect(first.results.map((t: { tier: string }) => t.tier)).toEqual(['novice', 'average', 'expert']);
    expect(first.features).toHaveLength(FEATURES.length);
    expect(Object.keys(first.player)).toEqual(['passRate', 'low', 'high', 'attemptsPerSuccess']);
    expect(first.player.low).toBeLessThan(first.player.passRate);
    expect(first.player.high).toBeGreaterThan(first.player.passRate);
    expect(first.player.attemptsPerSuccess).toBeCloseTo(1 / first.player.passRate, 1);

    const csv = await cli(['analyze', 'pack.json', '--model', 'm.json', '--csv', ...FAST], files);
    expect(csv.out[0].endsWith(',warnings,lost_to_countdown,player_pass_rate,player_low,player_high')).toBe(true);
    expect(csv.out[1].endsWith(`,${first.player.passRate},${first.player.low},${first.player.high}`)).toBe(true);

    const table = await cli(['analyze', 'pack.json', '--model', 'm.json', ...FAST], files);
    expect(table.out.filter((l) => l.startsWith('  players, predicted: '))).toHaveLength(10);

    // a CI matrix: two shards, merged with the model, give the same player figures
    const shardFiles: Record<string, string> = { ...files };
    for (const i of [1, 2]) shardFiles[`s${i}.json`] = (await cli(['analyze', 'pack.json', '--tier', 'all', '--shard', `${i}/2`, ...FAST], files)).out[0];
    const merged = await cli(['merge', 's1.json', 's2.json', '--json', '--model', 'm.json'], shardFiles);
    expect(merged.status).toBe(0);
    expect(merged.out.map((l) => JSON.parse(l).player)).toEqual(json.out.map((l) => JSON.parse(l).player));

    // and calibrate takes the merged lines' features as they are (nothing simulated)
    const plain = await cli(['merge', 's1.json', 's2.json', '--json'], shardFiles);
    const fromLines = await cli(['calibrate', 'analysis.jsonl', '--players', 'p.csv', '--json'], { ...files, 'analysis.jsonl': plain.out.join('\n') + '\n' });
    expect(fromLines.status).toBe(0);
    expect(JSON.parse(fromLines.out[0]).matched).toBe(10);
  }, 120_000);

  it('refuses --model with a single tier, or with --shard; a bad model file is exit 1', async () => {
    expect((await cli(['analyze', 'pack.json', '--model', 'm.json', '--tier', 'average'], { 'pack.json': PACK })).status).toBe(2);
    expect((await cli(['analyze', 'pack.json', '--model', 'm.json', '--shard', '1/2'], { 'pack.json': PACK })).status).toBe(2);
    const bad = await cli(['analyze', 'pack.json', '--model', 'm.json'], { 'pack.json': PACK, 'm.json': '{"format":"x"}' });
    expect(bad.status).toBe(1);
    expect(bad.err[0]).toMatch(/^m\.json: format: /);
  });
});

describe('the levels that differ most, in words', () => {
  it('compare players with the prediction, not with the bots (issue 34, item 7)', async () => {
    const { surpriseText } = await import('../../../src/cli/calibrate.ts');
    const harder = surpriseText({ passRate: 0.21, predicted: 0.45 });
    expect(harder).toBe('players pass 21%, the model says 45%: players find it harder than predicted');
    expect(surpriseText({ passRate: 0.6, predicted: 0.4 })).toContain('easier than predicted');
    expect(harder).not.toContain('bots');
  });
});
