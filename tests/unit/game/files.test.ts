// Files that carry games (RULES §11.1): a pack's or workspace's `games`, checked, used for its levels,
// written on export; the studio's imports refuse levels of other games than classic.
import { afterEach, describe, expect, it } from 'vitest';
import {
  gamesUsedBy,
  levelChunk,
  packFileParts,
  packFileText,
  parseFileData,
  parseFileDataInSteps,
  parseFileText,
  workspaceFileParts,
  workspaceFileText,
} from '../../../src/core/files/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseGame, serializeGame } from '../../../src/core/game/schema.ts';
import { createLevel, serializeLevel, type LevelT } from '../../../src/core/level/index.ts';
import { SWEET, sweetLevel } from './fixtures.ts';

afterEach(() => forgetGames());

const classicA = createLevel({ id: 'a', name: 'A', seed: 1 });
const sweetB = sweetLevel((c) => ((c[0][0] = { tile: 'fudge', hp: 2 }), (c[8][0] = { exit: true })), { id: 'b', name: 'B' });
const canonicalSweet = () => {
  const r = parseGame(SWEET);
  if (!r.ok) throw new Error('fixture');
  return r.game;
};
/** A pack file's JSON with these levels and `games`. */
const pack = (levels: LevelT[], games: unknown[] | undefined) => {
  const data: Record<string, unknown> = { format: 'match3-pack', version: 1, id: 'p', name: 'P' };
  if (games) data.games = games;
  data.levels = levels.map((l) => JSON.parse(serializeLevel(l)));
  return data;
};
const blobText = (parts: BlobPart[]) => new Blob(parts).text();

describe('a pack that carries games', () => {
  it('its levels are checked against the games it carries, which come back canonical', () => {
    const r = parseFileData(pack([classicA, sweetB], [SWEET]));
    expect(r.ok && r.kind).toBe('pack');
    if (!r.ok || r.kind !== 'pack') return;
    expect(r.games).toEqual([canonicalSweet()]);
    expect(r.levels.map((l) => l.game)).toEqual([undefined, 'sweet-saga']);
    expect(r.levels[1].cells[0][0]).toEqual({ tile: 'fudge', hp: 2 });
  });

  it('a level whose game is neither carried nor known is refused, naming the game', () => {
    const r = parseFileData(pack([classicA, sweetB], undefined));
    expect(r).toMatchObject({ ok: false, problems: [{ path: 'levels[1].game', message: 'unknown game "sweet-saga" (import its match3-game file first)' }] });
  });

  it('a game known to the process (registered) serves a pack that does not carry it', () => {
    registerGames([SWEET]);
    expect(parseFileData(pack([sweetB], undefined)).ok).toBe(true);
  });

  it('the carried definition wins over a registered one of the same id', () => {
    registerGames([{ ...SWEET, elements: SWEET.elements.filter((e) => e.id !== 'fudge') }]);
    expect(parseFileData(pack([sweetB], undefined)).ok).toBe(false);
    expect(parseFileData(pack([sweetB], [SWEET])).ok).toBe(true);
  });

  it('a level that breaks its carried game is refused, naming the field inside the pack', () => {
    const bad = sweetLevel((c) => (c[2][5] = { tile: 'toffee' }), { id: 'b', name: 'B' });
    expect(parseFileData(pack([classicA, bad], [SWEET]))).toMatchObject({
      ok: false,
      problems: [{ path: 'levels[1].cells[2][5].tile', message: '"toffee" is a cover element of game "sweet-saga", not a tile element' }],
    });
  });

  it('a broken game definition is refused, naming the field inside the pack', () => {
    const broken = { ...SWEET, elements: SWEET.elements.map((e, i) => (i === 3 ? { ...e, layer: 'floor' } : e)) };
    const r = parseFileData(pack([classicA], [broken]));
    expect(r).toMatchObject({ ok: false, problems: [{ path: 'games[0].elements[3].layer', message: 'must be tile, cover or ground' }] });
    const dup = parseFileData(pack([classicA], [SWEET, SWEET]));
    expect(!dup.ok && dup.problems).toMatchObject([{ path: 'games[1].id', message: 'repeats the id of games[0] ("sweet-saga")' }]);
    const notList = parseFileData(pack([classicA], 'sweet' as never));
    expect(!notList.ok && notList.problems).toMatchObject([{ path: 'games', message: 'must be an array of game definitions (match3-game)' }]);
  });

  it('a pack of thousands, checked a page at a time, reads the same (games included)', async () => {
    const levels = Array.from({ length: 30 }, (_, i) => ({ ...sweetB, id: `s${i}` }));
    const data = pack(levels, [SWEET]);
    const steps: number[] = [];
    const paged = await parseFileDataInSteps(data, (done) => void steps.push(done), 10);
    expect(paged).toEqual(parseFileData(data));
    expect(steps).toEqual([0, 10, 20, 30]);
    const unknown = await parseFileDataInSteps(pack(levels, undefined), () => {}, 10);
    expect(!unknown.ok && unknown.problems[0]).toMatchObject({ path: 'levels[0].game', message: 'unknown game "sweet-saga" (import its match3-game file first)' });
  });
});

describe('exports carry the games their levels use', () => {
  it('gamesUsedBy: the non-classic games, each once, in order of first use; an unknown one throws', () => {
    expect(gamesUsedBy([classicA])).toEqual([]);
    expect(() => gamesUsedBy([sweetB])).toThrow(/unknown game "sweet-saga"/);
    registerGames([SWEET]);
    expect(gamesUsedBy([classicA, sweetB, { ...sweetB, id: 'c' }])).toEqual([canonicalSweet()]);
  });

  it('a pack file: "games" before "levels", and it reads back', () => {
    registerGames([SWEET]);
    const text = packFileText({ id: 'p', name: 'P' }, [classicA, sweetB]);
    expect(text).toMatch(/"name": "P",\n  "games": \[\n    \{\n      "format": "match3-game",/);
    expect(text.indexOf('"games"')).toBeLessThan(text.indexOf('"levels"'));
    // the game reads as its own file would
    expect(JSON.parse(text).games[0]).toEqual(JSON.parse(serializeGame(SWEET)));
    forgetGames();
    const r = parseFileText(text);
    expect(r.ok && r.kind === 'pack' && r.levels).toEqual([classicA, sweetB].map((l) => JSON.parse(serializeLevel(l))));
  });

  it('a classic pack is written as before: no "games"', () => {
    expect(packFileText({ id: 'p', name: 'P' }, [classicA])).not.toContain('"games"');
    expect(workspaceFileText({ packs: [], levels: [classicA], conversations: [], settings: {} })).not.toContain('"games"');
  });

  it('streamed pack and workspace files carry the games given, and read back', async () => {
    registerGames([SWEET]);
    const p = await blobText(packFileParts({ id: 'p', name: 'P' }, [levelChunk([classicA, sweetB])], [SWEET]));
    forgetGames();
    const r = parseFileText(p);
    expect(r.ok && r.kind === 'pack' && r.games).toEqual([canonicalSweet()]);
    const w = await blobText(workspaceFileParts({ packs: [{ id: 'p', name: 'P', levelIds: ['a', 'b'] }], games: [SWEET], conversations: [], settings: {} }, [levelChunk([classicA, sweetB])]));
    const rw = parseFileText(w);
    expect(rw.ok && rw.kind === 'workspace' && rw.workspace.games).toEqual([canonicalSweet()]);
    expect(rw.ok && rw.kind === 'workspace' && rw.workspace.levels[1].game).toBe('sweet-saga');
  });

  it('a workspace file written with its levels\' games reads back; without them its game level is refused', () => {
    registerGames([SWEET]);
    const text = workspaceFileText({ packs: [{ id: 'p', name: 'P', levelIds: ['a', 'b'] }], levels: [classicA, sweetB], conversations: [], settings: {} });
    forgetGames();
    expect(parseFileText(text).ok).toBe(true);
    const data = JSON.parse(text);
    delete data.games;
    expect(parseFileData(data)).toMatchObject({ ok: false, problems: [{ path: 'levels[1].game', message: 'unknown game "sweet-saga" (import its match3-game file first)' }] });
  });
});
