import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { exportFileName, packFileText, parseFileText, sampleLevels, stripSecrets, workspaceFileText } from '../../../src/core/files/index.ts';

describe('file formats', () => {
  const a = createLevel({ id: 'a', name: 'A', seed: 1 });
  const b = createLevel({ id: 'b', name: 'B', seed: 2 });

  it('a pack file round-trips', () => {
    const r = parseFileText(packFileText({ id: 'p', name: 'My pack' }, [a, b]));
    expect(r.ok && r.kind).toBe('pack');
    if (r.ok && r.kind === 'pack') {
      expect(r.name).toBe('My pack');
      expect(r.levels).toEqual([a, b]);
    }
  });

  it('problems name the field inside the pack', () => {
    const bad = JSON.parse(packFileText({ id: 'p', name: 'P' }, [a, b]));
    bad.levels[1].cells[3][7] = { cover: { type: 'ice', layers: 4 } };
    const r = parseFileText(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toContainEqual({ path: 'levels[1].cells[3][7].cover.layers', message: 'must be 1..3' });
    const dup = JSON.parse(packFileText({ id: 'p', name: 'P' }, [a, a]));
    const d = parseFileText(JSON.stringify(dup));
    expect(!d.ok && d.problems[0].path).toBe('levels[1].id');
  });

  it('empty, non-JSON, non-object and unknown formats are refused clearly', () => {
    expect(parseFileText('')).toEqual({ ok: false, problems: [{ path: '(root)', message: 'the file is empty' }] });
    const nj = parseFileText('{"format":');
    expect(!nj.ok && nj.problems[0].message).toMatch(/^not valid JSON/);
    expect(parseFileText('[1,2]')).toMatchObject({ ok: false, problems: [{ message: expect.stringMatching(/JSON object/) }] });
    expect(parseFileText('{"format":"tiled-map"}')).toMatchObject({ ok: false, problems: [{ path: 'format' }] });
  });

  it('workspace files never carry API keys, at any depth', () => {
    const text = workspaceFileText({
      packs: [{ id: 'p', name: 'P', levelIds: ['a'] }],
      levels: [a],
      conversations: [],
      settings: { providers: [{ id: 'x', apiKey: 'sk-1', api_key: 'sk-2', nested: { apiKey: 'sk-3' } }] },
    });
    expect(text).not.toMatch(/sk-\d/);
    const r = parseFileText(text);
    expect(r.ok && r.kind).toBe('workspace');
    expect(stripSecrets({ a: { APIKey: 1, b: 2 } })).toEqual({ a: { b: 2 } });
  });

  it('a workspace whose pack names a missing level is refused', () => {
    const text = workspaceFileText({ packs: [{ id: 'p', name: 'P', levelIds: ['a', 'ghost'] }], levels: [a], conversations: [], settings: {} });
    const r = parseFileText(text);
    expect(!r.ok && r.problems[0]).toEqual({ path: 'packs[0].levelIds[1]', message: 'no level with id "ghost" in this file' });
  });

  it('export file names are safe', () => {
    expect(exportFileName('Level 1: the "start"/end')).toBe('Level 1_ the _start_end.json');
    expect(exportFileName('   ')).toBe('level.json');
  });

  it('sample levels are valid and distinct', () => {
    const s = sampleLevels();
    expect(new Set(s.map((l) => l.id)).size).toBe(s.length);
    for (const l of s) expect(parseFileText(JSON.stringify(l)).ok).toBe(true);
  });
});
