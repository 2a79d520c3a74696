// Filling a catalogue string: `{name}` takes params.name; `{n, plural, one {# layer} other {# layers}}`
// picks the form the language's plural rules (Intl.PluralRules) give for params.n, with `#` the number
// itself (a subset of ICU MessageFormat, the syntax translators know). A language with one form
// (Chinese) simply writes `{n} 层`. Branches may hold `{other}` params of their own.

const rulesCache = new Map<string, Intl.PluralRules>();
function pluralRules(lang: string): Intl.PluralRules {
  let r = rulesCache.get(lang);
  if (!r) rulesCache.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/** The branches of a plural block (`one {…} other {…}`), read with brace nesting. */
function branches(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const m = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!m) break;
    let depth = 1, j = i + m[0].length;
    const start = j;
    while (j < body.length && depth > 0) {
      if (body[j] === '{') depth++;
      else if (body[j] === '}') depth--;
      j++;
    }
    out.set(m[1], body.slice(start, j - 1));
    i = j;
  }
  return out;
}

function pluralBlock(name: string, body: string, params: Record<string, string | number>, lang: string): string {
  const raw = params[name];
  const n = typeof raw === 'number' ? raw : Number(raw);
  const forms = branches(body);
  const chosen = forms.get(`=${n}`) ?? (Number.isFinite(n) ? forms.get(pluralRules(lang).select(n)) : undefined) ?? forms.get('other') ?? '';
  return fill(chosen.replace(/#/g, String(raw ?? '')), params, lang);
}

/** Replaces plural blocks, then plain `{name}` params; unknown names stay as written. */
export function fill(s: string, params: Record<string, string | number> | undefined, lang: string): string {
  if (!params) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const m = /\{(\w+),\s*plural,/.exec(s.slice(i));
    if (!m) break;
    const at = i + m.index;
    let depth = 1, j = at + 1;
    while (j < s.length && depth > 0) {
      if (s[j] === '{') depth++;
      else if (s[j] === '}') depth--;
      j++;
    }
    out += s.slice(i, at) + pluralBlock(m[1], s.slice(at + m[0].length, j - 1), params, lang);
    i = j;
  }
  out += s.slice(i);
  return out.replace(/\{(\w+)\}/g, (whole, k: string, at: number, all: string) => {
    if (!(k in params)) return whole;
    const v = String(params[k]);
    // a quoted value that quotes a name itself (“Bring 3 “Cherry” down”): the inner quotes become
    // single ones, as both languages nest them (“运送 3 个‘Cherry’到出口”)
    return all[at - 1] === '“' && all[at + whole.length] === '”' ? v.replace(/“/g, '‘').replace(/”/g, '’') : v;
  });
}

/** The params a catalogue string names, plain or plural (`{n}`, `{n, plural, …}`), for the catalogue's checks. */
export function paramNames(s: string): string[] {
  const names = new Set<string>();
  s = s.replace(/(?:\b(?:zero|one|two|few|many|other)|=\d+)\s*\{/g, '('); // a branch's own brace is not a param
  for (const m of s.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)) names.add(m[1]);
  return [...names].sort();
}
