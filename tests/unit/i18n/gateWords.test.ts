// The words of RULES §12.1's gates, counters and colour keys in 简体中文 (a designer's review): one term
// each, wherever the studio says them — the game editor, the warnings, the report's advice, a file's
// problems. A gate is 门 (never 关卡门: 关卡 is this studio's word for a level), a counter is 计数器, a
// colour key is 限定颜色 (钥匙 is what a designer names a key element, like candy-kingdom's "Sugar key").
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/i18n/catalog/index.ts';

const keys = Object.keys(catalogs.en);
/** The catalogue keys whose English says `word`. */
const saying = (word: RegExp) => keys.filter((k) => word.test(catalogs.en[k]));

describe('gates, counters and keys in 简体中文', () => {
  it('a gate is 门 everywhere, never 关卡门, and it opens (打开), never 开启', () => {
    const gate = [...saying(/\bgate\b|\bGate\b|stays shut/), 'gameEd.gate.at'];
    expect(gate.length).toBeGreaterThan(6);
    for (const k of gate) {
      expect(catalogs.zh[k], k).toMatch(/门/);
      expect(catalogs.zh[k], k).not.toMatch(/关卡门|开启/);
    }
  });

  it('a counter is 计数器 in every sentence that names one, and ticking it is 加一', () => {
    const counter = saying(/\bcounter\b|\bticks\b|counted by|count up/i).filter((k) => !k.startsWith('sel.') && !k.startsWith('keys.') && !catalogs.en[k].includes('"counter"')); // (a file's JSON shape keeps its field names)
    expect(counter.length).toBeGreaterThan(6);
    for (const k of counter) expect(catalogs.zh[k], k).toMatch(/计数器/);
    for (const k of saying(/\bticks\b|counted by|count up/)) expect(catalogs.zh[k], k).toMatch(/加一/);
  });

  it('the colour key is 限定颜色: no 钥匙, which would read as a key element', () => {
    const key = saying(/Colour key|ignore the key/);
    expect(key.length).toBeGreaterThanOrEqual(3);
    for (const k of key) {
      expect(catalogs.zh[k], k).toMatch(/限定颜色|颜色限定/);
      expect(catalogs.zh[k], k).not.toMatch(/钥匙/);
    }
    expect(Object.values(catalogs.zh).filter((s) => /钥匙/.test(s))).toEqual([]);
  });
});
