// The CLI and game definitions (RULES §11, issue 29 item 6): `match3 validate` checks match3-game files
// and game levels; validate, analyze (and its shards), merge, tune and calibrate take `--game FILE`
// and the `games` of pack files; a level whose game is given nowhere is refused, naming the game;
// worker threads play game levels as the main thread does; `match3 games` lists the games.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { CLASSIC_GAME } from '../../../src/core/game/index.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';

const EX = 'examples/games';
const SWEET = `${EX}/sweet-saga.game.json`;
const GARDEN = `${EX}/home-garden.game.json`;
const PACK = `${EX}/sweet-saga.pack.json`;
const sweetLevel = (n: number) => `${EX}/sweet-saga/level_${n}.json`;
const gardenLevel = (n: number) => `${EX}/home-garden/level_${n}.json`;
const read = (p: string) => readFileSync(p, 'utf8');
const json = (p: string) => JSON.parse(read(p));

/** Files from the repository, and `extra` files (by name) on top. */
function io(extra: Record<string, string> = {}) {
  const out: string[] = [], err: string[] = [];
  const written: Record<string, string> = {};
  const it: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => (p in extra ? extra[p] : readFile(p, 'utf8')),
    writeFile: async (p, t) => void (written[p] = t),
  };
  return { io: it, out, err, written };
}

async function cli(argv: string[], extra: Record<string, string> = {}) {
  const f = io(extra);
  const status = await runCli(argv, f.io);
  return { status, out: f.out, err: f.err, written: f.written };
}

/** A report line without what depends on the clock. */
const timeless = (line: string) => JSON.stringify(JSON.parse(line), (k, v) => (k === 'durationMs' || k === 'gamesPerSecond' ? undefined : v));

const FAST = ['--games', '20', '--threads', '1'];

describe('match3 validate: games and game levels', () => {
  it('the example games, their levels and the pack are valid (a folder: games read first, then the levels)', async () => {
    const r = await cli(['validate', EX]);
    expect(r.out).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('a game file alone, and a level with its game given by --game', async () => {
    expect((await cli(['validate', SWEET, GARDEN])).status).toBe(0);
    for (let n = 1; n <= 6; n++) {
      const a = await cli(['validate', sweetLevel(n), '--game', SWEET]);
      expect(a.out, sweetLevel(n)).toEqual([]);
      expect(a.status).toBe(0);
      const b = await cli(['validate', '--game', GARDEN, gardenLevel(n)]);
      expect(b.out, gardenLevel(n)).toEqual([]);
      expect(b.status).toBe(0);
    }
  });

  it('a level whose game is given nowhere is refused (exit 1), the message naming the game', async () => {
    const r = await cli(['validate', sweetLevel(1)]);
    expect(r.status).toBe(1);
    expect(r.out).toHaveLength(1);
    expect(r.out[0]).toMatch(new RegExp(`^${sweetLevel(1)}: game: .*"sweet-saga"`));
    // the other game's definition does not help
    const other = await cli(['validate', sweetLevel(1), '--game', GARDEN]);
    expect(other.status).toBe(1);
    expect(other.out[0]).toMatch(/: game: .*"sweet-saga"/);
  });

  it('a game given in one run is not known to the next (each run knows only what it is given)', async () => {
    expect((await cli(['validate', sweetLevel(2), '--game', SWEET])).status).toBe(0);
    expect((await cli(['validate', sweetLevel(2)])).status).toBe(1);
  });

  it('a broken game file: one line per problem, each naming the field', async () => {
    const g = json(SWEET);
    g.elements[1].layer = 'roof';
    g.elements[2].hp = 9;
    g.elements[3].damage = ['match'];
    delete g.name;
    const r = await cli(['validate', 'bad.game.json'], { 'bad.game.json': JSON.stringify(g) });
    expect(r.status).toBe(1);
    expect(r.out.every((l) => l.startsWith('bad.game.json: '))).toBe(true);
    expect(r.out.some((l) => l.startsWith('bad.game.json: elements[1].layer: '))).toBe(true);
    expect(r.out.some((l) => l.startsWith('bad.game.json: elements[2].hp: '))).toBe(true);
    expect(r.out.some((l) => l.startsWith('bad.game.json: elements[3].damage'))).toBe(true);
    expect(r.out.some((l) => l.startsWith('bad.game.json: name: '))).toBe(true);
    expect(r.out.every((l) => !l.includes('\n'))).toBe(true);
  });

  it('--game FILE alone checks that game: valid (exit 0, silent), broken (exit 1, its problems), missing (exit 1)', async () => {
    const ok = await cli(['validate', '--game', SWEET]);
    expect(ok).toMatchObject({ status: 0, out: [], err: [] });
    const g = json(SWEET);
    g.elements[1].layer = 'roof';
    const bad = await cli(['validate', '--game', 'bad.game.json', '--game', GARDEN], { 'bad.game.json': JSON.stringify(g) });
    expect(bad.status).toBe(1);
    expect(bad.out).toEqual(['bad.game.json: elements[1].layer: must be tile, cover or ground']);
    const missing = await cli(['validate', '--game', 'nowhere.game.json']);
    expect(missing.status).toBe(1);
    expect(missing.out[0]).toMatch(/^nowhere\.game\.json: /);
    // with neither a FILE nor --game there is nothing to check: a usage error
    const none = await cli(['validate']);
    expect(none.status).toBe(2);
    expect(none.err.join('\n')).toMatch(/give at least one FILE or --game FILE/);
  });

  it('an objective whose element is never hit is a warning on stderr, exit 0 (RULES §1 Warnings, issue 40)', async () => {
    const game = { format: 'match3-game', version: 1, id: 'factory', name: 'Factory', elements: [{ id: 'stone', layer: 'tile', damage: [] }, { id: 'carpet', layer: 'ground', spread: 'through-matches' }] };
    const cells = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}) as Record<string, unknown>));
    cells[0][0] = { ground: { type: 'carpet' } };
    cells[4][2] = { tile: 'stone' };
    const lvl = { format: 'match3-level', version: 1, id: 'f', name: 'F', width: 5, height: 5, moves: 20, colors: 4, seed: 1, game: 'factory', cells, objectives: [{ type: 'cover', element: 'carpet' }, { type: 'collect', element: 'stone', count: 1 }] };
    const r = await cli(['validate', 'f.json', '--game', 'factory.game.json'], { 'f.json': JSON.stringify(lvl), 'factory.game.json': JSON.stringify(game) });
    expect(r.status).toBe(0);
    expect(r.out).toEqual([]);
    expect(r.err).toEqual([
      'f.json: warning: objectives[0]: cover carpet: C5 can never get carpet: the stone there is never hit (its damage list is empty) and never moves',
      'f.json: warning: objectives[1]: collect 1 stone: stone is never hit on this level (its damage list is empty), so none can be collected',
    ]);
  });

  it('the built-in id is refused in a file; a game file with a BOM is read', async () => {
    const copy = { ...CLASSIC_GAME };
    const r = await cli(['validate', 'c.game.json'], { 'c.game.json': JSON.stringify(copy) });
    expect(r.status).toBe(1);
    expect(r.out[0]).toMatch(/^c\.game\.json: id: .*classic/);
    expect((await cli(['validate', 'bom.game.json'], { 'bom.game.json': '\uFEFF' + read(SWEET) })).status).toBe(0);
  });

  it('a game level checked against its game: an element it does not have, or on the wrong layer, names the field', async () => {
    const l = json(sweetLevel(2));
    l.cells[2][5] = { tile: 'fudge' };
    l.cells[3][3] = { cover: { type: 'frosting', layers: 1 } };
    const r = await cli(['validate', 'l.json', '--game', SWEET], { 'l.json': JSON.stringify(l) });
    expect(r.status).toBe(1);
    expect(r.out.find((x) => x.startsWith('l.json: cells[2][5].tile: '))).toMatch(/"fudge".*"sweet-saga"/);
    expect(r.out.some((x) => x.startsWith('l.json: cells[3][3].cover'))).toBe(true);
  });

  it('--game problems are reported as the validation of that file; --game of a level file is refused', async () => {
    const r = await cli(['validate', sweetLevel(1), '--game', 'missing.game.json', '--game', sweetLevel(2)]);
    expect(r.status).toBe(1);
    expect(r.out).toContain('missing.game.json: (file): cannot read the file (ENOENT)');
    expect(r.out).toContain(`${sweetLevel(2)}: format: --game takes a game definition ("format": "match3-game") or a pack or workspace file carrying games, not "match3-level"`);
    expect(r.out.some((l) => l.startsWith(`${sweetLevel(1)}: game: `))).toBe(true);
  });

  it('--game of a pack takes its games (not its levels); a pack with none, or with a broken one, is a problem', async () => {
    const r = await cli(['validate', sweetLevel(5), '--game', PACK]);
    expect(r.out).toEqual([]);
    expect(r.status).toBe(0);
    const bare = json(PACK);
    delete bare.games;
    const broken = json(PACK);
    broken.games[0].elements[2].layer = 'roof';
    const b = await cli(['validate', sweetLevel(5), '--game', 'bare.json', '--game', 'broken.json'], { 'bare.json': JSON.stringify(bare), 'broken.json': JSON.stringify(broken) });
    expect(b.status).toBe(1);
    expect(b.out).toContain('bare.json: games: --game FILE takes a game definition, or a pack file carrying games: this one carries none');
    expect(b.out).toContain('broken.json: games[0].elements[2].layer: must be tile, cover or ground');
  });

  it('two different definitions of one game are refused, naming both; the same one twice is fine (names aside)', async () => {
    const changed = json(SWEET);
    changed.elements[0].damage = ['blast'];
    const r = await cli(['validate', sweetLevel(1), '--game', SWEET, '--game', 'v2.game.json'], { 'v2.game.json': JSON.stringify(changed) });
    expect(r.status).toBe(1);
    expect(r.out).toContain(`v2.game.json: id: game "sweet-saga" is defined differently in ${SWEET} (give one definition of each game)`);
    // its levels are refused (which definition they mean cannot be told), other levels go on
    const a = await cli(['analyze', sweetLevel(1), PACK, gardenLevel(3), '--game', GARDEN, '--game', 'v2.game.json', '--json', ...FAST], { 'v2.game.json': JSON.stringify(changed) });
    expect(a.status).toBe(1);
    expect(a.out.map((l) => JSON.parse(l).file)).toEqual([gardenLevel(3)]);
    expect(a.err).toContain(`${PACK}: games[0].id: game "sweet-saga" is defined differently in v2.game.json (give one definition of each game)`);
    expect(a.err).toContain(`${sweetLevel(1)}: game: game "sweet-saga" has different definitions in v2.game.json and ${PACK}#games[0]: give one`);
    expect(a.err).toContain(`${PACK}: levels[6].game: game "sweet-saga" has different definitions in v2.game.json and ${PACK}#games[0]: give one`);
    const renamed = json(SWEET);
    renamed.name = 'Sweet Saga (copy)';
    renamed.elements[0].name = 'Dark chocolate';
    const same = await cli(['validate', sweetLevel(1), '--game', SWEET, '--game', 'copy.game.json'], { 'copy.game.json': JSON.stringify(renamed) });
    expect(same.out).toEqual([]);
    expect(same.status).toBe(0);
  });

  it('a pack carries its game: alone it is valid, and its games serve the other FILEs of the run', async () => {
    expect((await cli(['validate', PACK])).status).toBe(0);
    const r = await cli(['validate', PACK, sweetLevel(3)]);
    expect(r.out).toEqual([]);
    expect(r.status).toBe(0);
    // without its games the pack's levels are refused, each naming the game
    const bare = json(PACK);
    delete bare.games;
    const b = await cli(['validate', 'bare.json'], { 'bare.json': JSON.stringify(bare) });
    expect(b.status).toBe(1);
    expect(b.out.length).toBeGreaterThan(0);
    expect(b.out.every((l) => /^bare\.json: levels\[\d+\]\.game: .*"sweet-saga"/.test(l))).toBe(true);
  });

  it('a workspace backup carries games too: validated and analysed with no --game', async () => {
    const levels = [json(sweetLevel(4)), json(gardenLevel(2))];
    const ws = { format: 'match3-workspace', version: 1, packs: [{ id: 'p', name: 'P', levelIds: levels.map((l) => l.id) }], games: [json(SWEET), json(GARDEN)], levels, conversations: [], settings: {} };
    const files = { 'ws.json': JSON.stringify(ws) };
    const v = await cli(['validate', 'ws.json'], files);
    expect(v.out).toEqual([]);
    expect(v.status).toBe(0);
    const a = await cli(['analyze', 'ws.json', '--json', ...FAST], files);
    expect(a.status).toBe(0);
    expect(a.out.map((l) => JSON.parse(l).level.game)).toEqual(['sweet-saga', 'home-garden']);
    const { games: _g, ...bare } = ws;
    const b = await cli(['validate', 'bare.json'], { 'bare.json': JSON.stringify(bare) });
    expect(b.status).toBe(1);
    expect(b.out).toEqual([expect.stringMatching(/^bare\.json: levels\[0\]\.game: .*"sweet-saga"/), expect.stringMatching(/^bare\.json: levels\[1\]\.game: .*"home-garden"/)]);
  });

  it('a game level’s warnings go to stderr and do not fail (no exit cell, more items asked than can come)', async () => {
    const l = json(sweetLevel(1));
    l.cells[8] = l.cells[8].map(({ exit: _e, ...c }: { exit?: boolean }) => c);
    l.objectives = [{ type: 'bring_down', element: 'cherry', count: 9 }];
    const r = await cli(['validate', 'w.json', '--game', SWEET], { 'w.json': JSON.stringify(l) });
    expect(r.status).toBe(0);
    expect(r.out).toEqual([]);
    expect(r.err).toContain('w.json: warning: objectives[0]: bring down cherry: no cell is an exit');
    expect(r.err.some((w) => w.startsWith('w.json: warning: objectives[0]: bring down 9 cherry: '))).toBe(true);
  });

  it('usage: --game needs a value (exit 2)', async () => {
    const r = await cli(['validate', sweetLevel(1), '--game']);
    expect(r.status).toBe(2);
    expect(r.err.join('\n')).toMatch(/--game needs a value/);
  });
});

describe('match3 games', () => {
  it('--json prints the built-in classic definition, ready to copy', async () => {
    const r = await cli(['games', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out.join('\n'))).toEqual(CLASSIC_GAME);
  });

  it('the table lists every element with its layer, hp, damage and behaviour', async () => {
    const r = await cli(['games']);
    expect(r.status).toBe(0);
    expect(r.out[0]).toBe('classic — Classic (built in): 4 elements');
    expect(r.out).toContainEqual(expect.stringMatching(/^ {2}crate +tile +3 +adjacent,blast +–$/));
    expect(r.out).toContainEqual(expect.stringMatching(/^ {2}jelly +ground +2 +cleared,blast +–$/));
  });

  it('--game adds games to the list; an ID picks one (its definition with --json); an unknown ID is exit 1', async () => {
    const r = await cli(['games', '--game', SWEET, '--game', PACK, '--game', GARDEN]);
    expect(r.status).toBe(0);
    const text = r.out.join('\n');
    expect(text).toContain('sweet-saga — Sweet Saga: 5 elements');
    expect(text).toContain('home-garden — Home Garden: 5 elements');
    expect(text).toMatch(/^ {2}chocolate +tile +1 +adjacent,blast +spreads when-none-hit$/m);
    expect(text).toMatch(/^ {2}acorn +tile +1 +\(none: an item\) +falls, swappable, exit$/m);
    expect(text).toMatch(/^ {2}carpet +ground +1 +\(none\) +spreads through-matches$/m);
    // a coloured element goes by match and blast (RULES §12.1), not by the tile layer's default list
    const candy = await cli(['games', 'candy-kingdom', '--game', `${EX}/candy-kingdom.game.json`]);
    expect(candy.out).toContainEqual(expect.stringMatching(/^ {2}candy_bomb +tile +1 +match,blast +coloured, countdown 10$/));
    // and §12's behaviours are in the table as the copilot's brief words them
    expect(candy.out).toContainEqual(expect.stringMatching(/^ {2}mixer +tile +4 +adjacent,blast +emits 2 swirl every 3 near 2$/));
    expect(candy.out).toContainEqual(expect.stringMatching(/^ {2}cake +tile +8 +adjacent,blast +onDestroy hit_all chocolate, size 2x2$/));
    expect(candy.out).toContainEqual(expect.stringMatching(/^ {2}chest +tile +1 +adjacent,blast +gate keys 3$/));
    expect(candy.out).toContainEqual(expect.stringMatching(/^ {2}swirl +tile +1 +adjacent,blast +falls, swappable, stops blasts$/));
    const one = await cli(['games', 'home-garden', '--game', GARDEN, '--json']);
    const parsed = parseGameText(read(GARDEN));
    expect(parsed.ok && JSON.parse(one.out.join('\n'))).toEqual(parsed.ok && parsed.game);
    const none = await cli(['games', 'fudge']);
    expect(none.status).toBe(1);
    expect(none.err[0]).toMatch(/no game "fudge" \(known: classic\)/);
    expect((await cli(['games', '--yaml'])).status).toBe(2);
  });
});

describe('match3 analyze: game levels', () => {
  it('--game: every tier plays the level; the report names the game (JSON and table)', async () => {
    const r = await cli(['analyze', sweetLevel(1), '--game', SWEET, '--tier', 'all', '--json', ...FAST]);
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    const rep = JSON.parse(r.out[0]);
    expect(rep.file).toBe(sweetLevel(1));
    expect(rep.level).toMatchObject({ id: 'sweet-saga-01', name: 'Chocolate factory', game: 'sweet-saga' });
    expect(rep.results.map((t: { tier: string; games: number }) => [t.tier, t.games])).toEqual([['novice', 20], ['average', 20], ['expert', 20]]);
    expect(rep.results[0].objectives).toHaveLength(1);
    const t = await cli(['analyze', gardenLevel(4), '--game', GARDEN, ...FAST]);
    expect(t.out[0]).toMatch(new RegExp(`^${gardenLevel(4)} — Bubble bath, game home-garden, rules v2 \\(\\d+ ms\\)$`));
  });

  it('a classic level’s report has no game field (its output is as before)', async () => {
    const r = await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--json', ...FAST]);
    expect(Object.keys(JSON.parse(r.out[0]).level)).toEqual(['id', 'name', 'hash']);
  });

  it('a level whose game is given nowhere is refused naming the game (exit 1); the other files are still analysed', async () => {
    const r = await cli(['analyze', sweetLevel(1), gardenLevel(1), '--game', GARDEN, '--json', ...FAST]);
    expect(r.status).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(new RegExp(`^${sweetLevel(1)}: game: .*"sweet-saga"`));
    expect(r.out).toHaveLength(1);
    expect(JSON.parse(r.out[0]).level.id).toBe('home-garden-01');
  });

  it('a pack file carries its game: analysed with no --game', async () => {
    const r = await cli(['analyze', PACK, '--json', ...FAST]);
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.out.map((l) => JSON.parse(l).file)).toEqual(json(PACK).levels.map((_: unknown, i: number) => `${PACK}#levels[${i}]`));
  });

  it('a folder of games and levels: the games are read, every level is analysed', async () => {
    const r = await cli(['analyze', `${EX}/home-garden`, GARDEN, '--games', '10', '--threads', '1', '--json']);
    expect(r.err).toEqual([]);
    expect(r.out).toHaveLength(7);
  });

  it('worker threads receive the games: --threads 2 and 3 give the counts of the main thread alone', async () => {
    const args = [sweetLevel(1), gardenLevel(5), gardenLevel(6), '--game', SWEET, '--game', GARDEN, '--tier', 'all', '--games', '24', '--json', '--curve'];
    const one = await cli(['analyze', ...args, '--threads', '1']);
    expect(one.status).toBe(0);
    for (const threads of ['2', '3']) {
      const many = await cli(['analyze', ...args, '--threads', threads]);
      expect(many.err, `--threads ${threads}`).toEqual([]);
      expect(many.out.map(timeless), `--threads ${threads}`).toEqual(one.out.map(timeless));
    }
  });

  it('the level hash includes the game: a change in play (damage) changes it, a new name does not', async () => {
    const hashWith = async (game: unknown) => JSON.parse((await cli(['analyze', sweetLevel(2), '--game', 'g.json', '--json', '--games', '1', '--threads', '1'], { 'g.json': JSON.stringify(game) })).out[0]).level.hash;
    const base = await hashWith(json(SWEET));
    const renamed = json(SWEET);
    renamed.elements[1].name = 'Black liquorice';
    expect(await hashWith(renamed)).toBe(base);
    const harder = json(SWEET);
    harder.elements[1].damage = ['match', 'blast'];
    expect(await hashWith(harder)).not.toBe(base);
  });
});

describe('match3 analyze --shard + merge: game levels', () => {
  it('shards of a run with --game and a pack carrying games merge to the unsharded run', async () => {
    const options = [sweetLevel(6), PACK, gardenLevel(2), '--game', GARDEN, '--games', '30', '--tier', 'all', '--threads', '1'];
    const whole = await cli(['analyze', ...options, '--json']);
    expect(whole.status).toBe(0);
    const shards: Record<string, string> = {};
    for (let i = 1; i <= 3; i++) {
      const s = await cli(['analyze', ...options, '--shard', `${i}/3`]);
      expect(s.status).toBe(0);
      shards[`s${i}.json`] = s.out[0];
    }
    const merged = await cli(['merge', ...Object.keys(shards), '--json'], shards);
    expect(merged.err).toEqual([]);
    expect(merged.status).toBe(0);
    expect(merged.out.map(timeless)).toEqual(whole.out.map(timeless));
    expect(JSON.parse(merged.out[0]).level.game).toBe('sweet-saga');
  });

  it('shards on worker threads (--threads 2) merge to the run on the main thread alone; --csv too', async () => {
    const options = [gardenLevel(7), sweetLevel(5), '--game', GARDEN, '--game', SWEET, '--games', '24', '--tier', 'all'];
    const whole = await cli(['analyze', ...options, '--threads', '1', '--csv']);
    expect(whole.status).toBe(0);
    expect(whole.out).toHaveLength(1 + 2 * 3);
    const shards: Record<string, string> = {};
    for (let i = 1; i <= 2; i++) shards[`s${i}.json`] = (await cli(['analyze', ...options, '--threads', '2', '--shard', `${i}/2`])).out[0];
    const merged = await cli(['merge', 's1.json', 's2.json', '--csv'], shards);
    expect(merged.out.join('\n')).toBe(whole.out.join('\n'));
  });

  it('a shard whose level is refused for its game records the problem; merge reports it as analyze does', async () => {
    const options = [sweetLevel(1), gardenLevel(1), '--game', GARDEN, '--games', '10', '--threads', '1'];
    const whole = await cli(['analyze', ...options, '--json']);
    const shards: Record<string, string> = {};
    for (let i = 1; i <= 2; i++) shards[`s${i}.json`] = (await cli(['analyze', ...options, '--shard', `${i}/2`])).out[0];
    const merged = await cli(['merge', 's1.json', 's2.json', '--json'], shards);
    expect(merged.status).toBe(1);
    expect(merged.err).toEqual(whole.err);
    expect(merged.out.map(timeless)).toEqual(whole.out.map(timeless));
  });

  it('merge needs no game; merge --game checks that the shards were played with that definition', async () => {
    const opts = [sweetLevel(4), gardenLevel(3), '--game', SWEET, '--game', GARDEN, '--games', '10', '--threads', '1'];
    const shards: Record<string, string> = {};
    for (let i = 1; i <= 2; i++) shards[`s${i}.json`] = (await cli(['analyze', ...opts, '--shard', `${i}/2`])).out[0];
    expect(JSON.parse(shards['s1.json']).run.gameHashes.map((g: { id: string }) => g.id)).toEqual(['home-garden', 'sweet-saga']);
    const plain = await cli(['merge', 's1.json', 's2.json', '--json'], shards);
    expect(plain.status).toBe(0);
    expect(plain.out).toHaveLength(2);
    const checked = await cli(['merge', 's1.json', 's2.json', '--json', '--game', SWEET, '--game', GARDEN], shards);
    expect(checked.status).toBe(0);
    expect(checked.out.map(timeless)).toEqual(plain.out.map(timeless));
    const changed = json(SWEET);
    changed.elements[3].hp = 3;
    const other = await cli(['merge', 's1.json', 's2.json', '--game', 'v2.game.json'], { ...shards, 'v2.game.json': JSON.stringify(changed) });
    expect(other.status).toBe(1);
    expect(other.out).toEqual([]);
    expect(other.err[0]).toMatch(/^v2\.game\.json: \(root\): the shards were played with another definition of game "sweet-saga"/);
    const classicOnly: Record<string, string> = {};
    for (let i = 1; i <= 2; i++) classicOnly[`c${i}.json`] = (await cli(['analyze', 'tests/fixtures/blocker-heavy.json', '--games', '10', '--threads', '1', '--shard', `${i}/2`])).out[0];
    expect(JSON.parse(classicOnly['c1.json']).run.gameHashes).toBeUndefined();
    const none = await cli(['merge', 'c1.json', 'c2.json', '--game', GARDEN], classicOnly);
    expect(none.status).toBe(1);
    expect(none.err).toEqual([`${GARDEN}: id: the shards have no level of game "home-garden"`]);
  });

  it('shards played with two different definitions of the game are not one run: merge refuses them', async () => {
    const changed = json(SWEET);
    changed.elements[0].hp = 2;
    const opts = [sweetLevel(1), '--games', '10', '--threads', '1'];
    const s1 = await cli(['analyze', ...opts, '--game', SWEET, '--shard', '1/2']);
    const s2 = await cli(['analyze', ...opts, '--game', 'v2.game.json', '--shard', '2/2'], { 'v2.game.json': JSON.stringify(changed) });
    const merged = await cli(['merge', 's1.json', 's2.json'], { 's1.json': s1.out[0], 's2.json': s2.out[0] });
    expect(merged.status).toBe(1);
    expect(merged.err.join('\n')).toMatch(/s2\.json: run: not the same analysis/);
  });
});

describe('match3 tune and calibrate: game levels', () => {
  it('tune takes --game; --out writes the tuned level with its game', async () => {
    const r = await cli(['tune', gardenLevel(1), '--game', GARDEN, '--target', '0.5', '--tolerance', '0.25', '--max-games', '2000', '--levers', 'moves', '--json', '--threads', '1', '--out', 't.json']);
    expect(r.err).toEqual([]);
    expect([0, 3]).toContain(r.status);
    const rep = JSON.parse(r.out[0]);
    expect(rep).toMatchObject({ file: gardenLevel(1), target: 0.5, levers: ['moves'] });
    const tuned = JSON.parse(r.written['t.json']);
    expect(tuned.game).toBe('home-garden');
    // the same board (a layer count of 1 is the default, which the written file leaves out)
    const noDefaultLayers = (cells: unknown) => JSON.parse(JSON.stringify(cells), (k, v) => (k === 'layers' && v === 1 ? undefined : v));
    expect(noDefaultLayers(tuned.cells)).toEqual(noDefaultLayers(json(gardenLevel(1)).cells));
    // the tuned level validates against its game
    expect((await cli(['validate', 't.json', '--game', GARDEN], { 't.json': r.written['t.json'] })).status).toBe(0);
  });

  it('tune: the bounds kept name the game level’s elements, as its changes do', async () => {
    const r = await cli(['tune', sweetLevel(3), '--game', SWEET, '--target', '0.5', '--tolerance', '0.25', '--levers', 'crates', '--max-games', '1000', '--threads', '1']);
    expect(r.err).toEqual([]);
    expect([0, 3]).toContain(r.status);
    expect(r.out).toContain('  bounds  meringue hit points -1…+1');
  });

  it('tune: the spawn levers act on a game level’s spawn entries, within their bounds', async () => {
    const r = await cli(['tune', sweetLevel(1), '--game', SWEET, '--target', '0.4', '--levers', 'spawn_chance,spawn_total', '--spawn-total-to', '150', '--max-games', '3000', '--json', '--threads', '1', '--out', 't.json']);
    expect(r.err).toEqual([]);
    expect([0, 3]).toContain(r.status);
    const rep = JSON.parse(r.out[0]);
    expect(rep.levers).toEqual(['spawn_chance', 'spawn_total']);
    expect(rep.bounds.spawn_total).toEqual({ from: 50, to: 150 });
    expect(rep.changes.every((c: { lever: string }) => c.lever === 'spawn_chance' || c.lever === 'spawn_total')).toBe(true);
    const before = json(sweetLevel(1)).spawn[0];
    const after = JSON.parse(r.written['t.json']).spawn[0];
    expect(after.element).toBe('cherry');
    expect(after.total).toBeLessThanOrEqual(Math.ceil(before.total * 1.5));
    expect(after.total).toBeGreaterThanOrEqual(Math.floor(before.total * 0.5));
    expect((await cli(['validate', 't.json', '--game', SWEET], { 't.json': r.written['t.json'] })).status).toBe(0);
  });

  it('tune: a level whose game is not given is refused naming it (exit 1); a game file is not a level', async () => {
    const r = await cli(['tune', gardenLevel(1), '--target', '0.5', '--threads', '1']);
    expect(r.status).toBe(1);
    expect(r.err[0]).toMatch(/: game: .*"home-garden"/);
    const g = await cli(['tune', GARDEN, '--target', '0.5', '--threads', '1']);
    expect(g.status).toBe(1);
    expect(g.err[0]).toBe(`${GARDEN}: (root): match3 tune takes one level file, not a game`);
  });

  it('calibrate fits game levels (games from --game and from the pack); without them it refuses naming the game', async () => {
    const files = [PACK, `${EX}/home-garden`];
    const ids = [...json(PACK).levels.map((l: { id: string }) => l.id), ...[1, 2, 3, 4, 5, 6, 7].map((n) => json(gardenLevel(n)).id)];
    const csv = ['level_id,attempts,pass_rate', ...ids.map((id: string, i: number) => `${id},1000,${(0.15 + 0.05 * i).toFixed(2)}`)].join('\n');
    const r = await cli(['calibrate', ...files, '--game', GARDEN, '--players', 'p.csv', '--json', '--games', '12', '--threads', '1'], { 'p.csv': csv });
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out[0])).toMatchObject({ status: 'fitted', matched: ids.length });
    const refused = await cli(['calibrate', ...files, '--players', 'p.csv', '--json', '--games', '12', '--threads', '1'], { 'p.csv': csv });
    expect(refused.status).toBe(1);
    expect(refused.err.some((l) => /home-garden\/level_1\.json: game: .*"home-garden"/.test(l))).toBe(true);
  });
});

describe('the bin as a process, with worker threads', () => {
  it('bin/match3.mjs analyze --threads 2 on a game level equals --threads 1', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const run = promisify(execFile);
    const args = ['bin/match3.mjs', 'analyze', gardenLevel(5), '--game', GARDEN, '--games', '40', '--tier', 'all', '--json'];
    const [one, two] = await Promise.all([run(process.execPath, [...args, '--threads', '1']), run(process.execPath, [...args, '--threads', '2'])]);
    expect(two.stderr).toBe('');
    expect(timeless(two.stdout)).toBe(timeless(one.stdout));
  });
});
