// The CI files shipped in docs/ci run: their own `match3` command lines, played here as the CI
// jobs would (one per shard of the matrix / `parallel`), merge into the single-machine result.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, sampleLevels } from '../../../src/core/files/index.ts';

function io(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l), readFile: (p) => (p in files ? Promise.resolve(files[p]) : readFile(p, 'utf8')) };
  return { io, out, err };
}

interface Workflow {
  file: string;
  /** The shard numbers the CI system gives its jobs. */
  shards: number[];
  /** Replaces the CI system's variables in a command line for shard `i` of `n`. */
  expand: (line: string, i: number, n: number) => string;
}

const text = (f: string) => readFileSync(new URL(`../../../docs/ci/${f}`, import.meta.url), 'utf8');
const variable = (t: string, name: string) => new RegExp(`^\\s+${name}: (.+)$`, 'm').exec(t)![1].trim();

const WORKFLOWS: Workflow[] = [
  {
    file: 'github-actions-level-analysis.yml',
    shards: JSON.parse(/^\s+shard: (\[[\d, ]+\])$/m.exec(text('github-actions-level-analysis.yml'))![1]) as number[],
    expand: (l, i, n) => l.replaceAll('${{ matrix.shard }}', String(i)).replaceAll('${{ strategy.job-total }}', String(n)),
  },
  {
    file: 'gitlab-level-analysis.yml',
    shards: Array.from({ length: Number(/^\s+parallel: (\d+)$/m.exec(text('gitlab-level-analysis.yml'))![1]) }, (_, k) => k + 1),
    expand: (l, i, n) => l.replaceAll('$CI_NODE_INDEX', String(i)).replaceAll('$CI_NODE_TOTAL', String(n)),
  },
];

/** `match3 …` command lines of a CI file, each cut at its redirection. */
const commands = (t: string, cmd: string) =>
  t.split('\n').flatMap((l) => {
    if (/^\s*#/.test(l)) return [];
    const m = new RegExp(`\\bmatch3 ${cmd} ([^>|]*)(?:> *(.+))?`).exec(l);
    return m ? [{ args: m[1].trim(), target: m[2]?.replace(/"/g, '') }] : [];
  });

describe('the CI workflows in docs/ci', () => {
  for (const wf of WORKFLOWS) {
    it(`${wf.file}: its shard jobs and its merge step give what one analyze run prints`, async () => {
      const t = text(wf.file);
      expect(wf.shards.length).toBeGreaterThan(1);
      expect(wf.shards).toEqual(wf.shards.map((_, k) => k + 1));
      const levels = mkdtempSync(join(tmpdir(), 'm3-ci-'));
      mkdirSync(join(levels, 'world1'));
      writeFileSync(join(levels, 'world1', 'pack.json'), packFileText({ id: 'w1', name: 'World 1' }, sampleLevels().slice(0, 2)));
      writeFileSync(join(levels, 'solo.json'), serializeLevel({ ...createLevel({ id: 's', name: 'Solo', seed: 5 }), moves: 12 }));
      // the file's own options, with fewer games so the test stays short (a later --games wins)
      const options = [...variable(t, 'ANALYZE_OPTIONS').split(/\s+/), '--games', '30', '--threads', '1'];
      const vars = (l: string) => l.replace(/"?\$LEVELS"?/g, levels).replace('$ANALYZE_OPTIONS', options.join(' '));

      const [analyze] = commands(t, 'analyze');
      expect(analyze.args).toMatch(/--shard/);
      const shardFiles: Record<string, string> = {};
      for (const i of wf.shards) {
        const line = vars(wf.expand(`${analyze.args} > ${analyze.target}`, i, wf.shards.length));
        const [argv, target] = line.replace(/"/g, '').split('>').map((s) => s.trim());
        const r = io();
        expect(await runCli(['analyze', ...argv.split(/\s+/)], r.io), r.err.join('\n')).toBe(0);
        shardFiles[`shards/${target}`] = r.out.join('\n');
      }
      expect(Object.keys(shardFiles)).toHaveLength(wf.shards.length);

      const merges = commands(t, 'merge');
      expect(merges.map((m) => m.args.split(/\s+/).slice(1).join(' '))).toEqual(expect.arrayContaining(['--json', '--csv', '']));
      for (const m of merges) {
        const flags = m.args.split(/\s+/).slice(1);
        const merged = io(shardFiles);
        expect(await runCli(['merge', ...Object.keys(shardFiles), ...flags], merged.io), merged.err.join('\n')).toBe(0);
        const whole = io();
        expect(await runCli(['analyze', levels, ...options, ...flags], whole.io)).toBe(0);
        const timeless = (lines: string[]) =>
          flags[0] === '--json'
            ? lines.map((l) => JSON.stringify(JSON.parse(l), (k, v) => (k === 'durationMs' || k === 'gamesPerSecond' ? undefined : v)))
            : lines.map((l) => l.replace(/\(\d+ ms\)/, '').replace(/ +\d+$/, ''));
        expect(timeless(merged.out)).toEqual(timeless(whole.out));
        expect(merged.out.length).toBeGreaterThan(2);
      }
    });
  }
});
