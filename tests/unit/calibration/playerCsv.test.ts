import { describe, expect, it } from 'vitest';
import { matchInPack, matchPlayerRows, normaliseHeader, readPlayerCsv, type PlayerCsv } from '../../../src/core/calibration/playerCsv.ts';

const ok = (r: PlayerCsv) => {
  if (!r.ok) throw new Error(`expected a readable file, got: ${r.error}`);
  return r;
};
const counts = (r: PlayerCsv) => ok(r).rows.map((x) => [x.key, x.attempts, x.successes]);

describe('player CSV: formats', () => {
  it('reads comma-separated counts with successes', () => {
    const r = ok(readPlayerCsv('level_id,attempts,successes\na,100,42\nb,2000,1500\n'));
    expect(r.delimiter).toBe(',');
    expect(r.rows.map((x) => [x.key, x.keyKind, x.attempts, x.successes, x.line])).toEqual([['a', 'id', 100, 42, 2], ['b', 'id', 2000, 1500, 3]]);
    expect(r.problems).toEqual([]);
  });

  it('reads semicolons with a decimal comma and CRLF line ends', () => {
    const r = ok(readPlayerCsv('Level Name;Attempts;Pass Rate\r\nLevel 1;1000;0,42\r\nLevel 2;500;55,5%\r\n'));
    expect(r.delimiter).toBe(';');
    expect(counts(r)).toEqual([['Level 1', 1000, 420], ['Level 2', 500, 278]]);
    expect(r.rows[0].keyKind).toBe('name');
  });

  it('reads tabs, quoted fields with delimiters, quotes and line breaks, and keeps line numbers right', () => {
    const text = 'name\tattempts\twins\n"Tab\there"\t10\t5\n"Say ""hi""\nagain"\t20\t2\nplain\t30\t3\n';
    const r = ok(readPlayerCsv(text));
    expect(r.delimiter).toBe('\t');
    expect(r.rows.map((x) => [x.key, x.line])).toEqual([['Tab\there', 2], ['Say "hi"\nagain', 3], ['plain', 5]]);
  });

  it('matches header aliases case-insensitively, ignoring spaces and underscores', () => {
    expect(normaliseHeader(' Level_ID ')).toBe('levelid');
    for (const [header, kind] of [['LEVEL ID', 'id'], ['Id', 'id'], ['Level', 'level'], ['level_name', 'name'], ['NAME', 'name'], ['Number', 'number'], ['index', 'number']] as const) {
      const r = ok(readPlayerCsv(`${header},Attempts,Wins\n7,10,1\n`));
      expect(r.rows[0].keyKind, header).toBe(kind);
    }
    for (const col of ['successes', 'Wins', 'PASSES', 'completions']) expect(counts(readPlayerCsv(`id,attempts,${col}\nx,10,4\n`))).toEqual([['x', 10, 4]]);
    for (const col of ['pass rate', 'Win_Rate', 'success rate', 'CompletionRate']) expect(counts(readPlayerCsv(`id,attempts,${col}\nx,10,0.4\n`))).toEqual([['x', 10, 4]]);
  });

  it('reads rates as fractions or percents; a column of plain numbers above 1 is in percent', () => {
    expect(counts(readPlayerCsv('id,attempts,pass rate\na,200,0.42\nb,200,42%\n'))).toEqual([['a', 200, 84], ['b', 200, 84]]);
    expect(counts(readPlayerCsv('id,attempts,pass rate\na,200,42\nb,200,7.5\n'))).toEqual([['a', 200, 84], ['b', 200, 15]]);
  });

  it('prefers counts when both counts and a rate are given, and takes thousands separators', () => {
    expect(counts(readPlayerCsv('id,attempts,wins,win rate\na,"1,000",400,0.9\n'))).toEqual([['a', 1000, 400]]);
  });

  it('strips a byte-order mark and skips blank lines', () => {
    expect(counts(readPlayerCsv('\uFEFFid,attempts,wins\n\na,10,1\n\n'))).toEqual([['a', 10, 1]]);
  });
});

describe('player CSV: bad rows and unreadable files', () => {
  const problems = (text: string) => ok(readPlayerCsv(text)).problems;
  const head = 'id,attempts,wins\ngood,10,1\n';

  it('names each bad row with its line and why', () => {
    expect(problems(head + ',10,1\n')).toEqual([{ line: 3, message: 'no level in column "id"' }]);
    expect(problems(head + 'b,abc,1\n')).toEqual([{ line: 3, message: 'attempts: "abc" is not a whole number of at least 1' }]);
    expect(problems(head + 'b,0,0\n')).toEqual([{ line: 3, message: 'attempts: "0" is not a whole number of at least 1' }]);
    expect(problems(head + 'b,10.5,1\n')).toEqual([{ line: 3, message: 'attempts: "10.5" is not a whole number of at least 1' }]);
    expect(problems(head + 'b,10,-1\n')).toEqual([{ line: 3, message: 'wins: "-1" is not a whole number of at least 0' }]);
    expect(problems(head + 'b,10,11\n')).toEqual([{ line: 3, message: 'wins: 11 is more than the 10 attempts' }]);
    expect(problems(head + 'b,10\n')).toEqual([{ line: 3, message: '2 fields where the header has 3 (a value with the delimiter in it must be in double quotes)' }]);
    expect(problems(head + 'Level 1, bonus,10,1\n')).toEqual([{ line: 3, message: '4 fields where the header has 3 (a value with the delimiter in it must be in double quotes)' }]);
    expect(problems(head + 'good,20,2\n')).toEqual([{ line: 3, message: 'level "good" is already given on line 2' }]);
    expect(problems('id,attempts,pass rate\na,10,0.5\nb,10,150%\nc,10,x\n')).toEqual([
      { line: 3, message: 'pass rate: "150%" is not a rate between 0 and 1 (or 0% and 100%)' },
      { line: 4, message: 'pass rate: "x" is not a rate between 0 and 1 (or 0% and 100%)' },
    ]);
  });

  it('keeps the good rows beside the bad ones', () => {
    const r = ok(readPlayerCsv(head + 'b,abc,1\nc,10,2\n'));
    expect(r.rows.map((x) => x.key)).toEqual(['good', 'c']);
    expect(r.problems.map((p) => p.line)).toEqual([3]);
  });

  it('refuses a file it cannot read, storing nothing', () => {
    const refused = (text: string) => {
      const r = readPlayerCsv(text);
      if (r.ok) throw new Error('expected a refusal');
      return r.error;
    };
    expect(refused('')).toBe('the file is empty');
    expect(refused('\u0000\u0001PK')).toBe('this is not a text file');
    expect(refused('foo,bar\n1,2\n')).toMatch(/^line 1: no level column: the header needs one of level_id, id, level, level_name, name, number, index \(found: foo, bar\)$/);
    expect(refused('id,wins\na,1\n')).toMatch(/^line 1: no attempts column/);
    expect(refused('id,attempts\na,1\n')).toMatch(/^line 1: no results column/);
    expect(refused('id,attempts,wins\n')).toBe('the file has a header but no rows');
    expect(refused('id,attempts,wins\na,x,1\n')).toBe('no row could be read (see the problems)');
  });
});

describe('matching rows to the catalogue', () => {
  const levels = [
    { id: 'id-1', name: 'Tutorial', number: 1 },
    { id: 'id-2', name: 'Bonus Round', number: 2 },
    { id: '3', name: '42', number: 3 },
  ];
  const keys = (text: string) => {
    const r = matchPlayerRows(ok(readPlayerCsv(text)).rows, levels);
    return { matched: r.matched.map((m) => m.levelId), unmatched: r.unmatched.map((u) => u.key) };
  };

  it('matches ids exactly, names without case, numbers by position', () => {
    expect(keys('level_id,attempts,wins\nid-2,10,1\nID-1,10,1\n')).toEqual({ matched: ['id-2'], unmatched: ['ID-1'] });
    expect(keys('name,attempts,wins\nbonus round,10,1\nNope,10,1\n')).toEqual({ matched: ['id-2'], unmatched: ['Nope'] });
    expect(keys('number,attempts,wins\n1,10,1\n9,10,1\n')).toEqual({ matched: ['id-1'], unmatched: ['9'] });
  });

  it('reads a "level" column as a number first, then an id, then a name', () => {
    expect(keys('level,attempts,wins\n2,10,1\nid-1,10,1\n42,10,1\n7,10,1\n')).toEqual({ matched: ['id-2', 'id-1', '3'], unmatched: ['7'] });
  });

  it('lists a second row for an already matched level as unmatched', () => {
    expect(keys('level,attempts,wins\n1,10,1\ntutorial,10,1\n')).toEqual({ matched: ['id-1'], unmatched: ['tutorial'] });
  });
});

describe('matching for one pack of a catalogue (the pack view\'s import)', () => {
  const catalogue = [
    { id: 'a', name: 'Alpha', number: 1 },
    { id: 'b', name: 'Same', number: 2 },
    { id: 'c', name: 'Gamma', number: 3 },
    { id: 'd', name: 'Same', number: 4 },
  ];
  const pack = [{ id: 'c', name: 'Gamma' }, { id: 'd', name: 'Same' }];
  const read = (text: string) => {
    const r = readPlayerCsv(text);
    if (!r.ok) throw new Error(r.error);
    return r.rows;
  };
  it('reads a number as the catalogue\'s, keeps the pack\'s rows, counts other packs\' rows, lists unknown keys', () => {
    const r = matchInPack(read('number,attempts,wins\n3,100,40\n1,100,10\n2,100,20\n4,100,30\n99,100,5\n'), pack, catalogue);
    expect(r.matched.map((m) => [m.key, m.levelId])).toEqual([['3', 'c'], ['4', 'd']]);
    expect(r.elsewhere).toBe(2);
    expect(r.unmatched.map((u) => u.key)).toEqual(['99']);
  });
  it('takes a name shared with another pack\'s level as the pack\'s level', () => {
    const r = matchInPack(read('name,attempts,wins\nSame,100,50\nAlpha,100,50\n'), pack, catalogue);
    expect(r.matched.map((m) => m.levelId)).toEqual(['d']);
    expect(r.elsewhere).toBe(1);
  });
  it('numbers the pack\'s positions from 1 when no catalogue is given', () => {
    const r = matchInPack(read('level,attempts,wins\n1,100,50\n'), pack, []);
    expect(r.matched.map((m) => m.levelId)).toEqual(['c']);
  });
});
