// `match3 analyze --shard` and `match3 merge` on version 2 files (issue 41 item 6): a pack file carrying
// its version 2 game and a workspace backup as the inputs, no --game needed; the merged CSV is the
// unsharded run's byte for byte; merge --game checks the shards were played with that v2 definition.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { packFileText, parseFileText, workspaceFileText } from '../../../src/core/files/formats.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';

const EX = 'examples/games';
const gameOf = (id: string): GameDef => {
  const r = parseGameText(readFileSync(`${EX}/${id}.game.json`, 'utf8'));
  if (!r.ok) throw new Error(id);
  return r.game;
};
const CANDY = gameOf('candy-kingdom');
const ROYAL = gameOf('royal-castle');
const levelOf = (path: string): LevelT => {
  const j = JSON.parse(readFileSync(path, 'utf8'));
  // parsed against the game the test names (the registry is left alone)
  const r = parseFileText(packFileText({ id: 'x', name: 'x' }, [j], [CANDY, ROYAL].filter((g) => g.id === j.game)));
  if (!r.ok || r.kind !== 'pack') throw new Error(JSON.stringify(r));
  return r.levels[0];
};

async function cli(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [], err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => (p in files ? files[p] : readFile(p, 'utf8')),
    writeFile: async () => {},
  };
  const status = await runCli(argv, io);
  return { status, out, err };
}

describe('analyze --shard and merge on version 2 packs and backups', () => {
  const files = {
    'candy.pack.json': packFileText({ id: 'candy', name: 'Candy' }, [levelOf(`${EX}/candy-kingdom/level_3.json`), levelOf(`${EX}/candy-kingdom/level_5.json`)], [CANDY]),
    'backup.json': workspaceFileText({ packs: [{ id: 'r', name: 'Royal', levelIds: ['royal-castle-02'] }], games: [ROYAL], levels: [levelOf(`${EX}/royal-castle/level_2.json`)], conversations: [], settings: {}, exportedAt: 'then' }),
  };
  const options = ['candy.pack.json', 'backup.json', '--games', '12', '--tier', 'novice', '--threads', '1'];

  it('the games the files carry are enough; 2 shards merged give the unsharded CSV byte for byte', async () => {
    const whole = await cli(['analyze', ...options, '--csv'], files);
    expect(whole.err).toEqual([]);
    expect(whole.status).toBe(0);
    expect(whole.out.join('\n')).toContain('candy-kingdom-05');
    expect(whole.out.join('\n')).toContain('royal-castle-02');
    const shards: Record<string, string> = { ...files };
    for (let i = 1; i <= 2; i++) {
      const s = await cli(['analyze', ...options, '--shard', `${i}/2`], files);
      expect(s.status).toBe(0);
      shards[`s${i}.json`] = s.out.join('\n');
    }
    const merged = await cli(['merge', 's1.json', 's2.json', '--csv'], shards);
    expect(merged.err).toEqual([]);
    expect(merged.out).toEqual(whole.out);
    // --game: the same v2 definitions are accepted; an edited one is refused by its hash
    const same = await cli(['merge', 's1.json', 's2.json', '--csv', '--game', `${EX}/candy-kingdom.game.json`, '--game', `${EX}/royal-castle.game.json`], shards);
    expect([same.status, same.err]).toEqual([0, []]);
    const edited = { ...CANDY, elements: CANDY.elements.map((e) => (e.id === 'candy_bomb' ? { ...e, countdown: 3 } : e)) };
    const other = await cli(['merge', 's1.json', 's2.json', '--game', 'edited.game.json'], { ...shards, 'edited.game.json': JSON.stringify(edited) });
    expect(other.status).toBe(1);
    expect(other.err.join('\n')).toMatch(/edited\.game\.json: \(root\): the shards were played with another definition of game "candy-kingdom"/);
  });
});
