// `match3 tune`: the JSON fields and exit codes of the issue (0 hit, 3 unreachable, 1 bad file, 2 usage).
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { createLevel, parseLevelText, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';

function fakeIo(files: Record<string, string>) {
  const out: string[] = [], err: string[] = [];
  const written: Record<string, string> = {};
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => {
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p];
    },
    writeFile: async (p, t) => void (written[p] = t),
  };
  return { io, out, err, written };
}

const easy = { ...createLevel({ id: 'e', name: 'Easy', seed: 7, width: 8, height: 8 }), moves: 20 };
const hopeless = { ...easy, id: 'h', name: 'Hopeless', moves: 10, objectives: [{ type: 'collect' as const, color: 'red' as const, count: 999 }] };

describe('match3 tune', () => {
  it('exit 0 on a hit, with the JSON fields pipelines read, and --out writes the tuned level', async () => {
    const { io, out, written } = fakeIo({ 'e.json': serializeLevel(easy) });
    const code = await runCli(['tune', 'e.json', '--target', '0.5', '--json', '--threads', '1', '--out', 'tuned.json'], io);
    expect(code).toBe(0);
    const r = JSON.parse(out[0]);
    expect(r).toMatchObject({ file: 'e.json', target: 0.5, tier: 'average', tolerance: 0.05, hit: true });
    for (const side of [r.before, r.after]) {
      expect(side.winRate).toBeGreaterThanOrEqual(side.winRateCI95[0]);
      expect(side.winRate).toBeLessThanOrEqual(side.winRateCI95[1]);
    }
    expect(Math.abs(r.after.winRate - 0.5)).toBeLessThanOrEqual(0.05);
    expect(r.changes[0]).toMatchObject({ lever: 'moves', from: 20 });
    expect(r.games).toBeGreaterThan(0);
    const tuned = parseLevelText(written['tuned.json']);
    expect(tuned.ok && tuned.level.moves).toBe(r.changes[0].to);
  });

  it('exit 3 when the levers cannot reach the target, with the closest found and why', async () => {
    const { io, out } = fakeIo({ 'h.json': serializeLevel(hopeless) });
    const code = await runCli(['tune', 'h.json', '--target', '0.5', '--levers', 'moves', '--max-games', '4000', '--threads', '1', '--json'], io);
    expect(code).toBe(3);
    const r = JSON.parse(out[0]);
    expect(r.hit).toBe(false);
    expect(r.reason).toMatch(/bottleneck/);
  });

  it('exit 1 for an unreadable, invalid or non-level file', async () => {
    const bad = JSON.parse(serializeLevel(easy));
    bad.moves = 0;
    const { io, err } = fakeIo({ 'bad.json': JSON.stringify(bad), 'pack.json': packFileText({ id: 'p', name: 'P' }, [easy]) });
    expect(await runCli(['tune', 'missing.json', '--target', '0.3'], io)).toBe(1);
    expect(await runCli(['tune', 'bad.json', '--target', '0.3'], io)).toBe(1);
    expect(await runCli(['tune', 'pack.json', '--target', '0.3'], io)).toBe(1);
    expect(err.join('\n')).toMatch(/missing\.json: \(file\): cannot read the file \(ENOENT\)/);
    expect(err.join('\n')).toMatch(/bad\.json: moves: must be 1\.\.200/);
    expect(err.join('\n')).toMatch(/takes one level file/);
  });

  it('exit 2 for usage errors, naming the option', async () => {
    const { io, err } = fakeIo({ 'e.json': serializeLevel(easy) });
    expect(await runCli(['tune', 'e.json'], io)).toBe(2);
    expect(await runCli(['tune', 'e.json', '--target', '1.5'], io)).toBe(2);
    expect(await runCli(['tune', 'e.json', '--target', '0.3', '--levers', 'moves,speed'], io)).toBe(2);
    expect(await runCli(['tune', 'e.json', '--target', '0.3', '--fast'], io)).toBe(2);
    expect(await runCli(['tune', '--target', '0.3'], io)).toBe(2);
    const text = err.join('\n');
    expect(text).toMatch(/--target is required/);
    expect(text).toMatch(/--target: must be 0\.01\.\.0\.99/);
    expect(text).toMatch(/--levers/);
    expect(text).toMatch(/unknown option --fast/);
  });
});
