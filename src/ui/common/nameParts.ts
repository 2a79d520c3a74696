// A long name cut in the middle, not at its end: levels of a series differ at the end ("Jelly
// everywhere · 15 moves", "… · 18 moves"), so the end stays visible and the start gives way
// (issue 34, item 6). The split only; NameCut.svelte draws it with the full name on hover.

/** A rough width in Latin characters: a CJK character counts two. */
const width = (s: string) => [...s].reduce((w, c) => w + (c >= '\u2e80' ? 2 : 1), 0);

/**
 * The name as a head that may be cut with an ellipsis and a tail that is always shown ('' when the
 * name is short): the part after its last separator (" · ", " - ", " — ") when short, else its last
 * words up to about 14 characters, else (no spaces: Chinese names, ids) its last characters.
 */
export function nameParts(name: string): { head: string; tail: string } {
  if (width(name) <= 14) return { head: name, tail: '' };
  const sep = Math.max(name.lastIndexOf(' · '), name.lastIndexOf(' - '), name.lastIndexOf(' — '));
  let cut = sep > 0 && width(name.slice(sep)) <= 17 ? sep : name.length;
  if (cut === name.length)
    for (let i = name.length - 1; i > 0 && width(name.slice(i)) <= 15; i--) if (name[i] === ' ') cut = i;
  if (cut === name.length) {
    const chars = [...name];
    let n = 0;
    while (n < chars.length - 1 && width(chars.slice(chars.length - n - 1).join('')) <= 12) n++;
    cut = name.length - chars.slice(chars.length - n).join('').length;
  }
  return { head: name.slice(0, cut), tail: name.slice(cut) };
}
