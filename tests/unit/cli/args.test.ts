// Every command's usage errors, word for word, and the argument forms each command reads: the
// parsing moved to node:util's parseArgs (src/cli/args.ts) with the same flags and the same errors.
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { LEVERS } from '../../../src/core/facts.ts';

const level = serializeLevel({ ...createLevel({ id: 'a', name: 'A', seed: 3, width: 6, height: 6 }), moves: 12 });

async function cli(argv: string[], files: Record<string, string> = { 'a.json': level }) {
  const out: string[] = [], err: string[] = [], read: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => {
      read.push(p);
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p];
    },
    writeFile: async () => {},
  };
  const status = await runCli(argv, io);
  // a usage error is one line, then a blank line and the command's help
  return { status, out, err, read, first: err.join('\n').split('\n')[0] };
}

/** Each argument line and the first line it writes to stderr, with exit status 2. */
const USAGE_ERRORS: [string[], string][] = [
  [['validate'], 'match3 validate: give at least one FILE or --game FILE'],
  [['validate', 'a.json', '--json'], 'match3 validate: unknown option --json'],
  [['validate', 'a.json', '-x'], 'match3 validate: unknown option -x'],
  [['validate', 'a.json', '--game'], 'match3 validate: --game needs a value (a match3-game file)'],
  [['tools', 'x'], 'match3 tools: unexpected argument x'],
  [['tools', '--yaml'], 'match3 tools: unknown option --yaml'],
  [['tools', '--json=1'], 'match3 tools: unknown option --json=1'],
  [['analyze'], 'match3 analyze: give at least one FILE or folder'],
  [['analyze', 'a.json', '--games', '0'], 'match3 analyze: --games: must be an integer 1..1000000'],
  [['analyze', 'a.json', '--games', 'x'], 'match3 analyze: --games: must be an integer 1..1000000'],
  [['analyze', 'a.json', '--games'], 'match3 analyze: --games needs a value'],
  [['analyze', 'a.json', '--tier', 'godlike'], 'match3 analyze: --tier: must be novice, average, expert or all'],
  [['analyze', 'a.json', '--bot', 'godlike'], 'match3 analyze: --bot: must be novice, average, expert or all'],
  [['analyze', 'a.json', '--json', '--csv'], 'match3 analyze: give --json or --csv, not both'],
  [['analyze', 'a.json', '--seed', '-1'], 'match3 analyze: --seed: must be an integer 0..4294967295'],
  [['analyze', 'a.json', '--threads', '65'], 'match3 analyze: --threads: must be an integer 1..64'],
  [['analyze', 'a.json', '--shard', '3'], 'match3 analyze: --shard: must be i/n with 1 <= i <= n <= 1000 (for example 2/5), not "3"'],
  [['analyze', 'a.json', '--model', 'm.json', '--tier', 'average'], 'match3 analyze: --model needs every tier: give --tier all or leave --tier out'],
  [['analyze', 'a.json', '--model', 'm.json', '--shard', '1/2'], 'match3 analyze: --model goes to match3 merge, which adds the player figures to the merged result'],
  [['analyze', 'a.json', '--shard', '1/2', '--csv'], 'match3 analyze: --shard writes a shard file (JSON) for match3 merge: give --json or --csv to merge instead'],
  [['analyze', 'a.json', '--yaml'], 'match3 analyze: unknown option --yaml'],
  [['analyze', 'a.json', '--game'], 'match3 analyze: --game needs a value'],
  [['merge'], 'match3 merge: give the shard files (SHARD.json…)'],
  [['merge', 's.json', '--yaml'], 'match3 merge: unknown option --yaml'],
  [['merge', 's.json', '--model'], 'match3 merge: --model needs a value'],
  [['merge', 's.json', '--game'], 'match3 merge: --game needs a value (a match3-game file)'],
  [['merge', 's.json', '--csv', '--json'], 'match3 merge: give --json or --csv, not both'],
  [['games', 'a', 'b'], 'match3 games: give at most one game ID'],
  [['games', '--game'], 'match3 games: --game needs a value'],
  [['games', '--yaml'], 'match3 games: unknown option --yaml'],
  [['games', '-x'], 'match3 games: unknown option -x'],
  [['calibrate', 'a.json'], 'match3 calibrate: --players DATA.csv is required'],
  [['calibrate', '--players', 'p.csv'], 'match3 calibrate: give at least one FILE or folder'],
  [['calibrate', 'a.json', '--players', 'p.csv', '--games', '0'], 'match3 calibrate: --games: must be an integer 1..1000000'],
  [['calibrate', 'a.json', '--players', 'p.csv', '--threads', '0'], 'match3 calibrate: --threads: must be an integer 1..64'],
  [['calibrate', 'a.json', '--players', 'p.csv', '--wat'], 'match3 calibrate: unknown option --wat'],
  [['calibrate', 'a.json', '--players'], 'match3 calibrate: --players needs a value'],
  [['calibrate', 'a.json', '--players', 'p.csv', '--out'], 'match3 calibrate: --out needs a value'],
  [['calibrate', 'a.json', '--players', 'p.csv', '--game'], 'match3 calibrate: --game needs a value (a match3-game file)'],
  [['tune', '--target', '0.3'], 'match3 tune: give a level FILE'],
  [['tune', 'a.json', 'b.json', '--target', '0.3'], 'match3 tune: give exactly one level FILE'],
  [['tune', 'a.json'], 'match3 tune: --target is required'],
  [['tune', 'a.json', '--target'], 'match3 tune: --target needs a value'],
  [['tune', 'a.json', '--target', '0.3', '--fast'], 'match3 tune: unknown option --fast'],
  [['tune', 'a.json', '--target', '0.3', '-f'], 'match3 tune: unknown option -f'],
  [['tune', 'a.json', '--target', '0.3', '--threads', '0'], 'match3 tune: --threads: must be an integer 1..64'],
  [['tune', 'a.json', '--target', '0.3', '--out'], 'match3 tune: --out needs a value'],
  [['tune', 'a.json', '--target', '0.3', '--moves-from', 'x'], 'match3 tune: --moves-from: must be a number'],
  [['tune', 'a.json', '--target', '0.3', '--moves-to'], 'match3 tune: --moves-to needs a value'],
  [['tune', 'a.json', '--target', '0.3', '--speed-from', '3'], `match3 tune: --speed-from: no lever speed (${LEVERS.join(', ')})`],
  [['tune', 'a.json', '--target', '0.3', '--moves-from', '30', '--moves-to', '20'], "match3 tune: a lever's --…-from is above its --…-to"],
];

describe('CLI arguments (parseArgs)', () => {
  it('usage errors: exit 2, the same words, then the command help', async () => {
    for (const [argv, first] of USAGE_ERRORS) {
      const r = await cli(argv);
      expect([r.status, r.first], argv.join(' ')).toEqual([2, first]);
      // everything but `analyze` with no FILE prints the help after the error
      if (argv.length > 1) expect(r.err.join('\n'), argv.join(' ')).toMatch(/\n\nUsage: match3 /);
    }
  });

  it('a FILE starting with a dash: after `--` for validate, as is for analyze (one dash) and as "-"', async () => {
    const validate = await cli(['validate', '--', '-odd.json'], { '-odd.json': level });
    expect([validate.status, validate.read]).toEqual([0, ['-odd.json']]);
    const dash = await cli(['validate', '-'], {});
    expect([dash.status, dash.read]).toEqual([1, ['-']]);
    const analyze = await cli(['analyze', '-odd.json', '--threads', '1'], {});
    expect(analyze.status).toBe(1);
    expect(analyze.err).toContain('-odd.json: (file): cannot read the file (ENOENT)');
  });

  it('repeated --game files are all read, in order, by validate and games', async () => {
    const v = await cli(['validate', 'a.json', '--game', 'g1.json', '--game', 'g2.json']);
    expect(v.status).toBe(1);
    expect(v.read.slice(0, 2)).toEqual(['g1.json', 'g2.json']);
    const g = await cli(['games', '--game', 'g1.json', '--game', 'g2.json']);
    expect(g.status).toBe(1);
    expect(g.read).toEqual(['g1.json', 'g2.json']);
  });

  it('an option given twice keeps its last value; a value may start with a dash', async () => {
    // the last --tier is the one read: "godlike" is refused
    expect((await cli(['analyze', 'a.json', '--tier', 'average', '--tier', 'godlike'])).first).toBe('match3 analyze: --tier: must be novice, average, expert or all');
    // --seed -1 is read as the value of --seed (and refused), not as an option
    expect((await cli(['analyze', 'a.json', '--seed', '-1'])).first).toMatch(/--seed: must be/);
  });

  it('tune: a lever bound below zero is a value (layers removed), and the JSON report is one line', async () => {
    const ok = await cli(['tune', 'a.json', '--target', '0.5', '--levers', 'moves', '--moves-from', '-5', '--moves-to', '14', '--max-games', '500', '--threads', '1', '--json']);
    expect([0, 3]).toContain(ok.status);
    const report = JSON.parse(ok.out[0]);
    expect(report.bounds.moves).toEqual({ from: 1, to: 14 });
  });

  it('the value of an option may follow an equals sign', async () => {
    expect((await cli(['analyze', 'a.json', '--tier=godlike'])).first).toBe('match3 analyze: --tier: must be novice, average, expert or all');
    expect((await cli(['tune', 'a.json', '--target=0.3', '--threads=0'])).first).toBe('match3 tune: --threads: must be an integer 1..64');
  });
});
