// The CLI on version 2 games and levels (issue 38 item 5, RULES §12): validate refuses with §12's
// messages, analyze reports the games a countdown ended (table, JSON and Markdown) and what stops players, shards merge to the whole
// run, tune turns a v2 lever, calibrate fits v2 levels; `games --json` stays classic (version 1).
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { canonicalGame } from '../../../src/core/game/schema.ts';

const EX = 'examples/games';
const CANDY = `${EX}/candy-kingdom.game.json`;
const ROYAL = `${EX}/royal-castle.game.json`;
const candyLevel = (n: number) => `${EX}/candy-kingdom/level_${n}.json`;
const royalLevel = (n: number) => `${EX}/royal-castle/level_${n}.json`;
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

async function cli(argv: string[], extra: Record<string, string> = {}) {
  const out: string[] = [], err: string[] = [];
  const written: Record<string, string> = {};
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => (p in extra ? extra[p] : readFile(p, 'utf8')),
    writeFile: async (p, t) => void (written[p] = t),
  };
  const status = await runCli(argv, io);
  return { status, out, err, written };
}

/** A report line without what depends on the clock. */
const timeless = (line: string) => JSON.stringify(JSON.parse(line), (k, v) => (k === 'durationMs' || k === 'gamesPerSecond' ? undefined : v));

describe('match3 validate: version 2 files', () => {
  it('the two version 2 example games and their levels are valid', async () => {
    const r = await cli(['validate', `${EX}/candy-kingdom`, `${EX}/royal-castle`, '--game', CANDY, '--game', ROYAL]);
    expect(r.out).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('a version 2 field in a version 1 game is refused naming the field, as §12 words it', async () => {
    const g = json(CANDY);
    g.version = 1;
    const r = await cli(['validate', '--game', 'v1.game.json', candyLevel(1)], { 'v1.game.json': JSON.stringify(g) });
    expect(r.status).toBe(1);
    expect(r.out.join('\n')).toMatch(/v1\.game\.json: elements\[\d+\]\.countdown: needs "version": 2/);
  });

  it('a portal loop in a level is refused naming the portal', async () => {
    const l = json(candyLevel(5));
    expect(l.portals?.length).toBeGreaterThan(0);
    const p = l.portals[0];
    // a second portal leading back from the first one's exit to its entry closes a loop
    l.portals = [p, { from: p.to, to: p.from }];
    const r = await cli(['validate', 'loop.json', '--game', CANDY], { 'loop.json': JSON.stringify(l) });
    expect(r.status).toBe(1);
    expect(r.out.join('\n')).toMatch(/loop\.json: portals\[\d\]: /);
  });
});

describe('match3 analyze: version 2 levels', () => {
  const opts = [candyLevel(1), '--game', CANDY, '--games', '40', '--tier', 'all', '--threads', '1'];

  it('reports the share of games a countdown ended, in JSON and in the table', async () => {
    const j = await cli(['analyze', ...opts, '--json']);
    expect(j.err).toEqual([]);
    expect(j.status).toBe(0);
    const rep = JSON.parse(j.out[0]);
    expect(rep.rulesVersion).toBe(2);
    expect(rep.results.map((t: { tier: string }) => t.tier)).toEqual(['novice', 'average', 'expert']);
    for (const t of rep.results) {
      expect(t.lostToCountdown).toBeGreaterThanOrEqual(0);
      expect(t.lostToCountdown).toBeLessThanOrEqual(1 - t.winRate + 1e-9);
      // the same games as a share of the lost ones
      if (t.winRate < 1) expect(t.lostToCountdownOfLost).toBeCloseTo(t.lostToCountdown / (1 - t.winRate), 3);
    }
    // the novice bot, defusing nothing on purpose, loses some games to the bombs
    expect(rep.results[0].lostToCountdown).toBeGreaterThan(0);
    const table = await cli(['analyze', ...opts]);
    const lines = table.out.filter((l) => l.includes('lost to a countdown'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ {6}lost to a countdown: \d+(\.\d)?% of games \(\d+(\.\d)?% of lost games\)$/);
  });

  it('--csv carries the share of games a countdown ended in its lost_to_countdown column, as --json has it', async () => {
    const [j, c] = [await cli(['analyze', ...opts, '--json']), await cli(['analyze', ...opts, '--csv'])];
    expect(c.err).toEqual([]);
    // the last column (the warnings before it may hold commas)
    expect(c.out[0].split(',').at(-1)).toBe('lost_to_countdown');
    const shares = c.out.slice(1).map((l) => Number(l.split(',').at(-1)));
    expect(shares).toEqual(JSON.parse(j.out[0]).results.map((t: { lostToCountdown: number }) => t.lostToCountdown));
    expect(shares[0]).toBeGreaterThan(0);
  });

  it('--json says what stops players on a version 2 level: the games countdowns ended and the hints by the game\'s element names', async () => {
    // the novice bot (the only tier played, so the one the advice reads) loses most games to the Candy bombs
    const j = await cli(['analyze', ...opts, '--tier', 'novice', '--json']);
    const rep = JSON.parse(j.out[0]);
    const novice = rep.results[0];
    expect(rep.whatStops).toMatchObject({ tier: 'novice', lostGames: novice.games - novice.wins });
    expect(rep.whatStops.lostToCountdown / rep.whatStops.lostGames).toBeCloseTo(novice.lostToCountdownOfLost, 3);
    const cd = rep.whatStops.hints.find((h: { kind: string }) => h.kind === 'countdown');
    expect(cd).toMatchObject({ elements: ['candy_bomb'], simulated: false });
    expect(cd.text).toMatch(/^Candy bomb \(candy_bomb\) countdowns end \d+% of lost games/);
    expect(cd.where.length).toBeGreaterThan(0);
  });

  it('the gate and emitter hints read the counts through the thread pool\'s merge (the gate\'s counter where lost games end, what the emitters placed)', async () => {
    const r = await cli(['analyze', candyLevel(3), candyLevel(2), '--game', CANDY, '--games', '60', '--tier', 'novice', '--threads', '2', '--json']);
    expect(r.status).toBe(0);
    const [cake, fountains] = r.out.map((l) => JSON.parse(l));
    const gate = cake.whatStops.hints.find((h: { kind: string }) => h.kind === 'gate');
    // avg comes from counterOnLoss alone: a report without it would say no average
    expect(gate).toMatchObject({ elements: ['chest'], counter: 'keys', at: 3, ticks: ['sugar_key'] });
    expect(gate.avg).toBeGreaterThanOrEqual(0);
    expect(gate.avg).toBeLessThan(3);
    expect(gate.text).toMatch(/^Sugar chest \(chest\) stays shut in \d+% of lost games: it opens when "keys" reaches 3 \(counted by Sugar key \(sugar_key\)\); lost games end at \d\.\d/);
    const emitter = fountains.whatStops.hints.filter((h: { kind: string }) => h.kind === 'emitter');
    // the fountains place the chocolate the level asks to collect: only the mixer is in the way
    expect(emitter.map((h: { elements: string[] }) => h.elements[0])).toEqual(['mixer']);
    expect(emitter[0].perGame).toBeGreaterThanOrEqual(1);
  });

  it('--md prints a level\'s tiers, the countdown column, what stops players and where countdowns reached 0', async () => {
    const r = await cli(['analyze', ...opts, '--md']);
    expect(r.status).toBe(0);
    const md = r.out.join('\n');
    expect(md).toMatch(/^## examples\/games\/candy-kingdom\/level_1\.json — /);
    expect(md).toContain('| tier | win rate (95% CI) | difficulty | moves left on a win | lost to a countdown (of lost games) |');
    expect(md.match(/^\| (novice|average|expert) \(/gm)).toHaveLength(3);
    expect(md).toContain('**What stops players** (average bot');
    expect(md).toMatch(/- Lost to a countdown: \d+ games \(\d+(\.\d)?% of lost games\)/);
    expect(md).toMatch(/- Where countdowns reached 0 \(pieces per lost game, average bot\): [A-I]\d/);
    const novice = (await cli(['analyze', ...opts, '--tier', 'novice', '--md'])).out.join('\n');
    expect(novice).toMatch(/\n {2}- Candy bomb \(candy_bomb\) countdowns end \d+% of lost games \(\d+% of all games\), reaching 0 most at [A-I]\d/);
    expect((await cli(['analyze', ...opts, '--md', '--json'])).status).toBe(2);
  });

  it('a classic level carries no countdown figure', async () => {
    const j = await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--games', '10', '--threads', '1', '--json']);
    expect(JSON.parse(j.out[0]).results[0]).not.toHaveProperty('lostToCountdown');
    expect(JSON.parse(j.out[0])).not.toHaveProperty('whatStops');
    const t = await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--games', '10', '--threads', '1']);
    expect(t.out.some((l) => l.includes('countdown'))).toBe(false);
    const csv = await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--games', '10', '--threads', '1', '--csv']);
    // the last column (the warnings before it may hold commas)
    expect(csv.out[0].split(',').at(-1)).toBe('lost_to_countdown');
    expect(csv.out.length).toBeGreaterThan(1);
    for (const row of csv.out.slice(1)) expect(row.endsWith(',')).toBe(true);
    const md = await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--games', '10', '--threads', '1', '--md']);
    expect(md.out.join('\n')).toContain('**What stops players**');
    expect(md.out.join('\n')).not.toContain('countdown');
  });

  it('shards of version 2 levels merge to the unsharded run', async () => {
    const options = [candyLevel(5), royalLevel(1), '--game', CANDY, '--game', ROYAL, '--games', '20', '--tier', 'all', '--threads', '1'];
    const whole = await cli(['analyze', ...options, '--json']);
    expect(whole.status).toBe(0);
    const shards: Record<string, string> = {};
    for (let i = 1; i <= 2; i++) shards[`s${i}.json`] = (await cli(['analyze', ...options, '--shard', `${i}/2`])).out[0];
    const merged = await cli(['merge', 's1.json', 's2.json', '--json'], shards);
    expect(merged.err).toEqual([]);
    // merge reads counts, not levels: what stops players is analyze's alone (docs/cli.md)
    const withoutAdvice = (line: string) => JSON.stringify({ ...JSON.parse(timeless(line)), whatStops: undefined });
    expect(whole.out.every((l) => 'whatStops' in JSON.parse(l))).toBe(true);
    expect(merged.out.map(withoutAdvice)).toEqual(whole.out.map(withoutAdvice));
  });
});

describe('match3 tune and calibrate: version 2 levels', () => {
  it('tune turns the countdown lever and writes a level that validates', async () => {
    const r = await cli(['tune', candyLevel(1), '--game', CANDY, '--target', '0.6', '--tolerance', '0.2', '--levers', 'countdown', '--max-games', '600', '--json', '--threads', '1', '--out', 't.json']);
    expect(r.err).toEqual([]);
    expect([0, 3]).toContain(r.status);
    const rep = JSON.parse(r.out[0]);
    expect(rep.levers).toEqual(['countdown']);
    const tuned = JSON.parse(r.written['t.json']);
    expect(tuned.version).toBe(2);
    expect((await cli(['validate', 't.json', '--game', CANDY], { 't.json': r.written['t.json'] })).status).toBe(0);
  });

  it('the countdown lever is refused on a level whose game has no countdown (usage, exit 2); a typo at once', async () => {
    const r = await cli(['tune', 'tests/fixtures/blocker-heavy.json', '--target', '0.5', '--levers', 'countdown', '--threads', '1']);
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/^match3 tune: --levers\[0\]: must be one of moves, colors, .*spawn_total\n/);
    const typo = await cli(['tune', 'missing.json', '--target', '0.5', '--levers', 'countdwn', '--threads', '1']);
    expect(typo.status).toBe(2);
  });

  it('tune refuses the emitter levers without --game-out: they change the game, every level of it (usage, exit 2)', async () => {
    const r = await cli(['tune', candyLevel(2), '--game', CANDY, '--target', '0.5', '--levers', 'emit_every', '--threads', '1']);
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/^match3 tune: --levers emit_every: these turn the game's emitters .*give --game-out FILE/);
    expect(r.written).toEqual({});
  });

  it('tune with --game-out writes the changed game, says it changes every level of the game, and the level file is left as it was', async () => {
    const r = await cli(['tune', candyLevel(2), '--game', CANDY, '--target', '0.5', '--tolerance', '0.05', '--levers', 'emit_every', '--max-games', '3000', '--threads', '1', '--game-out', 'g.json', '--out', 'l.json']);
    expect(r.err).toEqual([]);
    expect([0, 3]).toContain(r.status);
    const gameLine = r.out.find((l) => l.startsWith('  game '))!;
    expect(gameLine).toMatch(/^ {2}game {4}candy-kingdom: mixer emit every 3 → \d+ \(changes every level of the game\)$/);
    expect(r.out).toContain('  wrote   g.json (the game)');
    const game = JSON.parse(r.written['g.json']);
    const mixer = game.elements.find((e: { id: string }) => e.id === 'mixer');
    expect(mixer.emit.every).not.toBe(3);
    // the rest of the game is as it was (in canonical form, as the studio writes game files)
    const others = (g: { elements: { id: string }[] }) => ({ ...g, elements: g.elements.filter((e) => e.id !== 'mixer') });
    expect(others(game)).toEqual(others(canonicalGame(json(CANDY))));
    expect({ ...mixer, emit: { ...mixer.emit, every: 3 } }).toEqual(canonicalGame(json(CANDY)).elements.find((e) => e.id === 'mixer'));
    // the level itself: only the game changed, so the tuned level file is the level as it was
    expect(JSON.parse(r.written['l.json']).cells).toEqual(json(candyLevel(2)).cells);
    expect((await cli(['validate', 'g.json'], { 'g.json': r.written['g.json'] })).status).toBe(0);
  });

  it('tune --json names the game change and where it was written', async () => {
    const r = await cli(['tune', candyLevel(2), '--game', CANDY, '--target', '0.5', '--tolerance', '0.05', '--levers', 'emit_every', '--max-games', '3000', '--threads', '1', '--game-out', 'g.json', '--json']);
    expect(r.err).toEqual([]);
    const rep = JSON.parse(r.out[0]);
    expect(rep.levers).toEqual(['emit_every']);
    expect(rep.gameChange).toMatchObject({ game: 'candy-kingdom', scope: 'every level of the game', changes: [{ element: 'mixer', field: 'every', from: 3 }] });
    expect(rep.gameOut).toBe('g.json');
    expect(JSON.parse(r.written['g.json']).id).toBe('candy-kingdom');
  });

  it('calibrate fits version 2 levels beside §11 ones', async () => {
    const files = [`${EX}/candy-kingdom`, `${EX}/royal-castle`];
    const ids = [...[1, 2, 3, 4, 5, 6].map((n) => json(candyLevel(n)).id), ...[1, 2, 3, 4].map((n) => json(royalLevel(n)).id)];
    const csv = ['level_id,attempts,pass_rate', ...ids.map((id: string, i: number) => `${id},1000,${(0.2 + 0.06 * i).toFixed(2)}`)].join('\n');
    const r = await cli(['calibrate', ...files, '--game', CANDY, '--game', ROYAL, '--players', 'p.csv', '--json', '--games', '10', '--threads', '1'], { 'p.csv': csv });
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out[0])).toMatchObject({ status: 'fitted', matched: ids.length });
  });
});

describe('match3 games', () => {
  it('--json still prints the classic game as version 1', async () => {
    const r = await cli(['games', '--json']);
    expect(r.status).toBe(0);
    const g = JSON.parse(r.out.join('\n'));
    expect(g.format).toBe('match3-game');
    expect(g.version).toBe(1);
  });
});
