// `match3 analyze DIR` / `match3 validate DIR` and `--csv`, on real folders.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { expandFolders } from '../../../src/cli/dir.ts';
import { CSV_COLUMNS, csvField } from '../../../src/cli/report.ts';
import { createLevel, serializeLevel, type LevelT } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';

function realIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l), readFile: (p) => readFile(p, 'utf8') };
  return { io, out, err };
}

const level = (id: string, name: string, seed: number): LevelT => ({ ...createLevel({ id, name, seed }), moves: 10 });

/** A level folder as a designer keeps it: nested worlds, a pack, notes and tool files around. */
function levelFolder() {
  const root = mkdtempSync(join(tmpdir(), 'm3-dir-'));
  mkdirSync(join(root, 'world2', 'bonus'), { recursive: true });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'node_modules', 'x'), { recursive: true });
  mkdirSync(join(root, 'empty'));
  writeFileSync(join(root, 'b.json'), serializeLevel(level('b', 'B', 2)));
  writeFileSync(join(root, 'a.json'), serializeLevel(level('a', 'Comma, and "quote"', 1)));
  writeFileSync(join(root, 'world2', 'pack.json'), packFileText({ id: 'w2', name: 'World 2' }, [level('c', 'C', 3), level('d', 'D\nnewline', 4)]));
  writeFileSync(join(root, 'world2', 'bonus', 'e.json'), serializeLevel(level('e', 'E', 5)));
  writeFileSync(join(root, 'world2', 'notes.txt'), 'not a level');
  writeFileSync(join(root, 'shard-1.json'), '{"format":"match3-analysis-shard","version":1}');
  writeFileSync(join(root, '.git', 'config.json'), '{}');
  writeFileSync(join(root, 'node_modules', 'x', 'package.json'), '{"name":"x"}');
  return root;
}

describe('folders as FILE arguments', () => {
  it('every *.json under the folder, recursively, in name order; hidden folders, node_modules and other formats left out', async () => {
    const root = levelFolder();
    const r = await expandFolders([root]);
    expect(r.files).toEqual([join(root, 'a.json'), join(root, 'b.json'), join(root, 'world2', 'bonus', 'e.json'), join(root, 'world2', 'pack.json')]);
    expect(r.skipped).toEqual([join(root, 'shard-1.json')]);
    expect(r.problems).toEqual([]);
  });

  it('an empty folder and a folder link loop: a clear problem, no hang', async () => {
    const root = mkdtempSync(join(tmpdir(), 'm3-dir-'));
    mkdirSync(join(root, 'empty'));
    mkdirSync(join(root, 'loop'));
    writeFileSync(join(root, 'loop', 'x.json'), serializeLevel(level('x', 'X', 1)));
    symlinkSync(join(root, 'loop'), join(root, 'loop', 'again'));
    const r = await expandFolders([join(root, 'empty'), join(root, 'loop')]);
    expect(r.problems).toEqual([{ folder: join(root, 'empty'), problem: `${join(root, 'empty')}: (folder): no level, pack or workspace file (*.json) under this folder` }]);
    expect(r.files).toEqual([join(root, 'loop', 'x.json')]);
  });

  it('validate DIR checks every level file under it; a JSON file with no format that is not a level is a problem, not skipped', async () => {
    const root = levelFolder();
    writeFileSync(join(root, 'world2', 'settings.json'), '{"volume": 3}');
    const { io, out, err } = realIo();
    expect(await runCli(['validate', root], io)).toBe(1);
    expect(out.every((l) => l.startsWith(join(root, 'world2', 'settings.json') + ': '))).toBe(true);
    expect(out.length).toBeGreaterThan(0);
    expect(err).toContain(`${join(root, 'shard-1.json')}: skipped: it names another format than a level, pack, workspace or game`);
  });

  it('analyze DIR --csv: a header and one row per level and tier, quoted where needed, readable back', async () => {
    const root = levelFolder();
    const { io, out } = realIo();
    expect(await runCli(['analyze', root, '--games', '20', '--tier', 'all', '--threads', '1', '--csv'], io)).toBe(0);
    const text = out.join('\n') + '\n';
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 5 * 3);
    const col = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
    expect(rows.slice(1).map((r) => `${r[col('level_id')]}:${r[col('tier')]}`)).toEqual(
      ['a', 'b', 'e', 'c', 'd'].flatMap((id) => ['novice', 'average', 'expert'].map((t) => `${id}:${t}`)),
    );
    expect(rows[1][col('level_name')]).toBe('Comma, and "quote"');
    expect(rows[1][col('file')]).toBe(join(root, 'a.json'));
    const d = rows.find((r) => r[col('level_id')] === 'd')!;
    expect(d[col('level_name')]).toBe('D\nnewline');
    expect(d[col('file')]).toBe(`${join(root, 'world2', 'pack.json')}#levels[1]`);
    for (const r of rows.slice(1)) {
      expect(r).toHaveLength(CSV_COLUMNS.length);
      expect(Number(r[col('games')])).toBe(20);
      expect(Number(r[col('wins')])).toBeLessThanOrEqual(20);
      expect(Number(r[col('win_rate')])).toBeCloseTo(Number(r[col('wins')]) / 20, 4);
    }
    // the same figures as --json
    const j = realIo();
    await runCli(['analyze', root, '--games', '20', '--tier', 'all', '--threads', '1', '--json'], j.io);
    const first = JSON.parse(j.out[0]);
    expect(rows[2][col('wins')]).toBe(String(first.results[1].wins));
    expect(rows[2][col('difficulty')]).toBe(first.results[1].difficulty);
  });

  it('analyze of an empty folder beside a good one: the problem on stderr, exit 1, the rest analyzed; sharded and merged alike', async () => {
    const root = mkdtempSync(join(tmpdir(), 'm3-dir-'));
    mkdirSync(join(root, 'empty'));
    mkdirSync(join(root, 'good'));
    writeFileSync(join(root, 'good', 'a.json'), serializeLevel(level('a', 'A', 1)));
    const args = ['analyze', join(root, 'empty'), join(root, 'good'), '--games', '12', '--threads', '1', '--csv'];
    const whole = realIo();
    expect(await runCli(args, whole.io)).toBe(1);
    expect(whole.err).toEqual([`${join(root, 'empty')}: (folder): no level, pack or workspace file (*.json) under this folder`]);
    expect(whole.out).toHaveLength(2);
    const shardFiles: Record<string, string> = {};
    for (const i of [1, 2]) {
      const s = realIo();
      expect(await runCli([...args.filter((a) => a !== '--csv'), '--shard', `${i}/2`], s.io)).toBe(1);
      shardFiles[`s${i}`] = s.out[0];
    }
    const merged = realIo();
    merged.io.readFile = async (p) => shardFiles[p];
    expect(await runCli(['merge', 's1', 's2', '--csv'], merged.io)).toBe(1);
    expect(merged.err).toEqual(whole.err);
    expect(merged.out).toEqual(whole.out);
  });

  it('csvField quotes commas, quotes and line breaks, and nothing else', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(0.25)).toBe('0.25');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });
});

/** A small RFC 4180 reader, to check that what we write reads back to the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}
