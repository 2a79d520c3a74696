// Reading a game's per-level results (an analytics export) as CSV: a header row, `,` `;` or tab
// separated, quoted fields (papaparse does the CSV itself). Rows become attempts and successes per
// level key; a bad row is named with its line number and why, and the file as a whole is refused
// (nothing to store) when its header or every row is unusable.
import Papa from 'papaparse';

export type KeyKind = 'id' | 'name' | 'number' | 'level';

/** Header names, compared lowercased without spaces, underscores or dashes. */
const KEY_HEADERS: [KeyKind, string[]][] = [
  ['id', ['levelid', 'id']],
  ['name', ['levelname', 'name']],
  ['number', ['number', 'index', 'levelnumber', 'levelindex']],
  ['level', ['level']],
];
const ATTEMPT_HEADERS = ['attempts', 'plays', 'starts'];
const SUCCESS_HEADERS = ['successes', 'wins', 'passes', 'completions'];
const RATE_HEADERS = ['passrate', 'winrate', 'successrate', 'completionrate'];

export const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/[\s_\-]+/g, '');

export interface PlayerRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  key: string;
  keyKind: KeyKind;
  attempts: number;
  successes: number;
}

export interface RowProblem {
  line: number;
  message: string;
}

export type PlayerCsv =
  | { ok: true; delimiter: string; rows: PlayerRow[]; problems: RowProblem[] }
  | { ok: false; error: string; problems: RowProblem[] };

/** The delimiter of the header line: whichever of `,` `;` tab occurs most outside quotes. */
function detectDelimiter(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][1] > 0 ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] : ',';
}

interface Columns {
  key: number;
  keyKind: KeyKind;
  attempts: number;
  successes: number;
  rate: number;
}

function findColumns(header: string[]): Columns | { error: string } {
  const names = header.map(normaliseHeader);
  const find = (list: string[]) => {
    for (const h of list) {
      const i = names.indexOf(h);
      if (i >= 0) return i;
    }
    return -1;
  };
  let key = -1, keyKind: KeyKind = 'id';
  for (const [kind, list] of KEY_HEADERS) {
    key = find(list);
    if (key >= 0) {
      keyKind = kind;
      break;
    }
  }
  if (key < 0) return { error: `no level column: the header needs one of level_id, id, level, level_name, name, number, index (found: ${header.join(', ') || 'nothing'})` };
  const attempts = find(ATTEMPT_HEADERS);
  if (attempts < 0) return { error: 'no attempts column: the header needs "attempts" beside successes, wins, passes or completions, or beside a pass rate' };
  const successes = find(SUCCESS_HEADERS), rate = find(RATE_HEADERS);
  if (successes < 0 && rate < 0) return { error: 'no results column: the header needs successes, wins, passes or completions, or pass rate, win rate, success rate or completion rate' };
  return { key, keyKind, attempts, successes, rate };
}

/** A number as analytics tools write it: spaces and thousands marks tolerated, a decimal comma in a `;` or tab file. */
function parseNumber(raw: string, delimiter: string): number {
  let t = raw.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (delimiter !== ',' && /^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  return t === '' ? NaN : Number(t);
}

/** A pass rate: `0.42`, `42%`; a column whose plain values go above 1 is read in percent throughout. */
function parseRate(raw: string, delimiter: string, percentColumn: boolean): number {
  const t = raw.trim();
  if (t.endsWith('%')) return parseNumber(t.slice(0, -1), delimiter) / 100;
  const v = parseNumber(t, delimiter);
  return percentColumn ? v / 100 : v;
}

interface RawRow {
  line: number;
  fields: string[];
}

/** Rows with their starting line (quoted fields may span lines). */
function rawRows(text: string, delimiter: string): { rows: RawRow[]; problems: RowProblem[] } {
  const rows: RawRow[] = [], problems: RowProblem[] = [];
  let line = 1, scanned = 0, start = 0;
  const lineAt = (pos: number) => {
    for (; scanned < pos; scanned++) if (text.charCodeAt(scanned) === 10) line++;
    return line;
  };
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (r) => {
      let from = start;
      while (from < text.length && (text[from] === '\n' || text[from] === '\r') && r.data.length > 1) from++;
      const at = lineAt(from);
      start = r.meta.cursor;
      if (r.data.length === 1 && r.data[0].trim() === '') return;
      for (const e of r.errors) problems.push({ line: at, message: `the CSV is malformed here (${e.message.replace(/\.$/, '').toLowerCase()})` });
      rows.push({ line: at, fields: r.data });
    },
  });
  return { rows, problems };
}

/** Reads a player-data CSV. */
export function readPlayerCsv(input: string): PlayerCsv {
  const text = input.replace(/^\uFEFF/, '');
  if (!text.trim()) return { ok: false, error: 'the file is empty', problems: [] };
  if (/\u0000/.test(text)) return { ok: false, error: 'this is not a text file', problems: [] };
  const delimiter = detectDelimiter(text);
  const { rows: raw, problems } = rawRows(text, delimiter);
  const [header, ...body] = raw;
  const cols = findColumns(header.fields);
  if ('error' in cols) return { ok: false, error: `line ${header.line}: ${cols.error}`, problems };
  const useRate = cols.successes < 0;
  const percentColumn = useRate && body.some((r) => {
    const t = (r.fields[cols.rate] ?? '').trim();
    return !t.endsWith('%') && parseNumber(t, delimiter) > 1;
  });
  const rows: PlayerRow[] = [];
  const seen = new Map<string, number>();
  for (const r of body) {
    const row = readRow(r, cols, delimiter, useRate, percentColumn, header.fields);
    if ('message' in row) {
      problems.push(row);
      continue;
    }
    const dup = seen.get(row.key.toLowerCase());
    if (dup !== undefined) {
      problems.push({ line: r.line, message: `level "${row.key}" is already given on line ${dup}` });
      continue;
    }
    seen.set(row.key.toLowerCase(), r.line);
    rows.push(row);
  }
  problems.sort((a, b) => a.line - b.line);
  if (!rows.length) return { ok: false, error: body.length ? 'no row could be read (see the problems)' : 'the file has a header but no rows', problems };
  return { ok: true, delimiter, rows, problems };
}

function readRow(r: RawRow, cols: Columns, delimiter: string, useRate: boolean, percentColumn: boolean, header: string[]): PlayerRow | RowProblem {
  const bad = (message: string): RowProblem => ({ line: r.line, message });
  if (r.fields.length !== header.length) return bad(`${r.fields.length} field${r.fields.length === 1 ? '' : 's'} where the header has ${header.length} (a value with the delimiter in it must be in double quotes)`);
  const key = (r.fields[cols.key] ?? '').trim();
  if (!key) return bad(`no level in column "${header[cols.key]}"`);
  const attemptsRaw = r.fields[cols.attempts] ?? '';
  const attempts = parseNumber(attemptsRaw, delimiter);
  if (!Number.isInteger(attempts) || attempts < 1) return bad(`attempts: "${attemptsRaw.trim()}" is not a whole number of at least 1`);
  let successes: number;
  if (!useRate) {
    const raw = r.fields[cols.successes] ?? '';
    successes = parseNumber(raw, delimiter);
    if (!Number.isInteger(successes) || successes < 0) return bad(`${header[cols.successes].trim()}: "${raw.trim()}" is not a whole number of at least 0`);
    if (successes > attempts) return bad(`${header[cols.successes].trim()}: ${successes} is more than the ${attempts} attempts`);
  } else {
    const raw = r.fields[cols.rate] ?? '';
    const rate = parseRate(raw, delimiter, percentColumn);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) return bad(`${header[cols.rate].trim()}: "${raw.trim()}" is not a rate between 0 and 1 (or 0% and 100%)`);
    successes = Math.round(rate * attempts);
  }
  return { line: r.line, key, keyKind: cols.keyKind, attempts, successes };
}

/** A level of the catalogue as player data is matched against it (number: 1-based, as a live game numbers its levels). */
export interface CatalogueLevel {
  id: string;
  name: string;
  number: number;
}

export interface MatchedRow extends PlayerRow {
  levelId: string;
}

/** Matches rows to levels: ids exactly, names case-insensitively, numbers by position; `level` tries number, then id, then name. */
export function matchPlayerRows(rows: readonly PlayerRow[], levels: readonly CatalogueLevel[]): { matched: MatchedRow[]; unmatched: PlayerRow[] } {
  const byId = new Map(levels.map((l) => [l.id, l]));
  const byName = new Map<string, CatalogueLevel>();
  for (const l of levels) if (!byName.has(l.name.trim().toLowerCase())) byName.set(l.name.trim().toLowerCase(), l);
  const byNumber = new Map(levels.map((l) => [l.number, l]));
  const matched: MatchedRow[] = [], unmatched: PlayerRow[] = [];
  const taken = new Set<string>();
  for (const row of rows) {
    const n = /^\d+$/.test(row.key) ? Number(row.key) : NaN;
    const find = {
      id: () => byId.get(row.key),
      name: () => byName.get(row.key.toLowerCase()),
      number: () => byNumber.get(n),
      level: () => byNumber.get(n) ?? byId.get(row.key) ?? byName.get(row.key.toLowerCase()),
    }[row.keyKind];
    const level = find();
    if (!level || taken.has(level.id)) unmatched.push(row);
    else {
      taken.add(level.id);
      matched.push({ ...row, levelId: level.id });
    }
  }
  return { matched, unmatched };
}

/**
 * Matches rows for one pack of a catalogue (the pack view's import): keys against the whole catalogue
 * (a number is the level's number there, as Go to level and a live game's analytics count), the pack's
 * levels first (a name shared with another pack's level means the pack's). Rows of levels in other packs
 * are counted in `elsewhere`, not matched; keys of no level are `unmatched`. Without a catalogue (none
 * given), the pack's positions from 1 are the numbers.
 */
export function matchInPack(
  rows: readonly PlayerRow[],
  pack: readonly { id: string; name: string }[],
  catalogue: readonly CatalogueLevel[],
): { matched: MatchedRow[]; unmatched: PlayerRow[]; elsewhere: number } {
  const inPack = new Set(pack.map((l) => l.id));
  const numbers = new Map(catalogue.map((l) => [l.id, l.number]));
  const levels: CatalogueLevel[] = [
    ...pack.map((l, i) => ({ id: l.id, name: l.name, number: numbers.get(l.id) ?? (catalogue.length ? -1 : i + 1) })),
    ...catalogue.filter((l) => !inPack.has(l.id)),
  ];
  const all = matchPlayerRows(rows, levels);
  const matched = all.matched.filter((m) => inPack.has(m.levelId));
  return { matched, unmatched: all.unmatched, elsewhere: all.matched.length - matched.length };
}
