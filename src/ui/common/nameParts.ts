// A long name cut in the middle, not at its end: levels of a series differ at the end ("Jelly
// everywhere · 15 moves", "… · 18 moves"), so the end stays visible and the start gives way
// (issue 34, item 6). The split only; NameCut.svelte draws it with the full name on hover.

/** A rough width in Latin characters: a CJK character counts two. */
const width = (s: string) => [...s].reduce((w, c) => w + (c >= '\u2e80' ? 2 : 1), 0);

/**
 * The name as a short first word kept whole ("W132 "), a middle that may be cut with an ellipsis,
 * and a tail that is always shown (both '' when the name is short). The tail is the part after the
 * last separator (" · ", " - ", " — ") when short, else the last words up to about 10 characters,
 * else (no spaces: Chinese names, ids) the last characters.
 */
export function nameParts(name: string): { lead: string; head: string; tail: string } {
  if (width(name) <= 14) return { lead: '', head: name, tail: '' };
  const sep = Math.max(name.lastIndexOf(' · '), name.lastIndexOf(' - '), name.lastIndexOf(' — '));
  let cut = sep > 0 && width(name.slice(sep)) <= 17 ? sep : name.length;
  if (cut === name.length)
    for (let i = name.length - 1; i > 0 && width(name.slice(i)) <= 11; i--) if (name[i] === ' ') cut = i;
  if (cut === name.length) {
    const chars = [...name];
    let n = 0;
    while (n < chars.length - 1 && width(chars.slice(chars.length - n - 1).join('')) <= 12) n++;
    cut = name.length - chars.slice(chars.length - n).join('').length;
  }
  // a short first word ("W132") often tells levels apart too: it stays, the middle gives way
  const sp = name.indexOf(' ');
  const lead = sp > 0 && sp < cut && width(name.slice(0, sp)) <= 6 ? sp + 1 : 0;
  return { lead: name.slice(0, lead), head: name.slice(lead, cut), tail: name.slice(cut) };
}
