// A long name cut in the middle, not at its end: levels of a series differ at the end ("Jelly
// everywhere · 15 moves", "… · 18 moves"), so the end stays visible and the start gives way
// (issue 34, item 6). The split only; NameCut.svelte draws it with the full name on hover.

/** Names this short are never split (they fit the narrowest list). */
const SHORT = 14;
/** The kept end: at most this many characters (whole words where the name has spaces). */
const TAIL_MAX = 14;

/** A rough width in Latin characters: a CJK character counts two. */
const width = (s: string) => [...s].reduce((w, c) => w + (/[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(c) ? 2 : 1), 0);

/** The name as a head that may be cut with an ellipsis and a tail that is always shown ('' when not split). */
export function nameParts(name: string): { head: string; tail: string } {
  const chars = [...name];
  if (width(name) <= SHORT) return { head: name, tail: '' };
  // after a separator the rest is the distinguishing part when short enough ("· 15 moves")
  const sep = Math.max(name.lastIndexOf(' · '), name.lastIndexOf(' - '), name.lastIndexOf(' — '));
  if (sep > 0 && width(name.slice(sep)) <= TAIL_MAX + 3) return { head: name.slice(0, sep), tail: name.slice(sep) };
  // else the last words that fit TAIL_MAX (at least the last word, if it is not longer than that)
  if (/\s/.test(name)) {
    let cut = name.length;
    for (let i = name.length - 1; i > 0; i--) {
      if (!/\s/.test(name[i])) continue;
      if (width(name.slice(i)) > TAIL_MAX + 1) break;
      cut = i;
    }
    if (cut < name.length) return { head: name.slice(0, cut), tail: name.slice(cut) };
  }
  // no spaces (Chinese names, ids): the last characters
  let n = 0;
  while (n < chars.length - 1 && width(chars.slice(chars.length - n - 1).join('')) <= TAIL_MAX - 2) n++;
  return { head: chars.slice(0, chars.length - n).join(''), tail: chars.slice(chars.length - n).join('') };
}
