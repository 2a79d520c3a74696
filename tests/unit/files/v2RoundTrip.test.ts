// Files carry version 2 (issue 41 item 6): a version 2 level (layout, coloured pieces with countdowns) and
// a pack of them with its version 2 game go out and come back equal; a version 1 level file is written
// back byte for byte; a v2 level's file text is stable (the folder's write pass writes what it read).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { levelFileText } from '../../../src/core/files/levelFile.ts';
import { packFileText, parseFileText } from '../../../src/core/files/formats.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';

const dir = new URL('../../../examples/games/candy-kingdom/', import.meta.url);
const parsed = parseGameText(readFileSync(new URL('../candy-kingdom.game.json', dir), 'utf8'));
if (!parsed.ok) throw new Error('candy-kingdom does not parse');
const CANDY = parsed.game;
const texts = readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => readFileSync(new URL(f, dir), 'utf8'));
const levelOf = (text: string): LevelT => {
  const r = parseFileText(text);
  if (!r.ok || r.kind !== 'level') throw new Error(`not a level: ${JSON.stringify(r).slice(0, 300)}`);
  return r.level;
};

beforeEach(() => registerGames([CANDY]));
afterEach(() => forgetGames());

describe('version 2 levels and packs through their files', () => {
  it('every Candy Kingdom level: file → level → file → level is equal, version 2 and its layout kept', () => {
    expect(texts.length).toBeGreaterThan(0);
    let layouts = 0;
    for (const text of texts) {
      const level = levelOf(text);
      expect((level as { version?: number }).version).toBe(2);
      const again = levelFileText(level);
      expect(levelOf(again)).toEqual(level);
      // written once, the text is stable
      expect(levelFileText(levelOf(again))).toBe(again);
      if ('portals' in level || 'walls' in level || 'belts' in level) layouts++;
    }
    expect(layouts).toBeGreaterThan(0);
  });

  it('a pack of version 2 levels carries its version 2 game, and comes back with both equal', () => {
    const levels = texts.map(levelOf);
    const text = packFileText({ id: 'candy-pack', name: 'Candy' } as Parameters<typeof packFileText>[0], levels, [CANDY]);
    forgetGames(); // the pack alone must be enough
    const r = parseFileText(text);
    expect(r.ok && r.kind).toBe('pack');
    if (!r.ok || r.kind !== 'pack') return;
    expect(r.games).toEqual([CANDY]);
    expect(r.levels).toEqual(levels);
  });

  it('a version 1 level file is written back byte for byte', () => {
    const plain = { ...createLevel({ id: 'v1-file', seed: 7, width: 6, height: 5 }), moves: 18 };
    plain.cells[4][2] = { tile: 'crate', hp: 2, ground: { type: 'jelly', layers: 2 } } as LevelT['cells'][number][number];
    const text = levelFileText(JSON.parse(JSON.stringify(plain)));
    expect(text).toContain('"version": 1');
    expect(levelFileText(levelOf(text))).toBe(text);
  });
});
