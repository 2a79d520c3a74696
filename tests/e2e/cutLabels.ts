// Labels the page cuts (layout.spec, the journeys): what a designer would see clipped, found by
// measuring each visible label, select, placeholder and text area under a root.
import type { Page } from '@playwright/test';

/**
 * Labels whose text the page cuts: an element clipping its own text (scrollWidth beyond its box with
 * overflow hidden or an ellipsis), a select whose chosen option is wider than the select, an input whose
 * placeholder is wider than the input, a text area whose placeholder needs more lines than it shows, a
 * button whose one short word is broken over lines (关 / 闭).
 * Each entry names the element and the text that is cut.
 */
export async function cutLabels(page: Page, root: string): Promise<string[]> {
  return page.evaluate((rootSel) => {
    const out: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const textWidth = (el: Element, text: string) => {
      const s = getComputedStyle(el);
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      // (a 1 × 1 px box is text said but not drawn, as .visually-hidden is)
      return r.width > 1 && r.height > 1 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/).filter((c) => !c.startsWith('svelte-')).join('.') : ''}`;
    // a button whose label is one short word (no space: 关闭, 消除, Off) laid out over more than one line
    // (the label's own text, one text node: an icon with a count beside it is two)
    const brokenWord = (el: HTMLElement) => {
      const texts: Text[] = [];
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent!.trim()) texts.push(n as Text);
      if (texts.length !== 1) return false;
      const text = texts[0].textContent!.trim();
      if (/\s/.test(text) || [...text].length > 6) return false;
      const range = document.createRange();
      range.selectNodeContents(texts[0]);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size > 1;
    };
    for (const root of document.querySelectorAll(rootSel)) {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (!visible(el)) continue;
        if (el.closest('.sr, .sr-only, .visually-hidden, svg')) continue;
        const s = getComputedStyle(el);
        if (el instanceof HTMLSelectElement) {
          const text = el.selectedOptions[0]?.text ?? '';
          // the text, its padding and the arrow (about 20 px) must fit
          const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 18;
          if (textWidth(el, text) > room + 0.5) out.push(`${name(el)} "${text}"`);
          continue;
        }
        if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
          // a search box keeps room for its clear button (about 16 px in Chromium) even when empty
          const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (el.type === 'search' ? 16 : 0);
          if (textWidth(el, el.placeholder) > room + 0.5) out.push(`${name(el)} placeholder "${el.placeholder}"`);
          continue;
        }
        if (el instanceof HTMLTextAreaElement && el.placeholder && !el.value) {
          // the placeholder laid out in a copy of the box's text area: it must fit the box's height
          const copy = document.createElement('div');
          copy.textContent = el.placeholder;
          Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'pre-wrap', overflowWrap: 'break-word', font: s.font, lineHeight: s.lineHeight, letterSpacing: s.letterSpacing, width: `${el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)}px` });
          document.body.append(copy);
          const line = parseFloat(s.lineHeight);
          const need = Math.round(copy.getBoundingClientRect().height / line);
          copy.remove();
          // in lines: a line counts as shown when at most a quarter of it is cut (Chromium lays the
          // placeholder's lines a pixel or two tighter than the copy's)
          const shown = Math.floor((el.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom)) / line + 0.25);
          if (need > shown) out.push(`${name(el)} placeholder "${el.placeholder}" (${need} lines, ${shown} shown)`);
          continue;
        }
        if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) continue;
        if (el instanceof HTMLButtonElement && brokenWord(el)) {
          out.push(`${name(el)} "${el.innerText.trim()}" (one short word over several lines)`);
          continue;
        }
        const clips = s.textOverflow === 'ellipsis' || ((s.overflowX === 'hidden' || s.overflowX === 'clip') && s.whiteSpace.startsWith('nowrap'));
        if (!clips) continue;
        const text = (el.innerText || '').trim();
        if (!text) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} "${text.slice(0, 40)}"`);
      }
    }
    return out;
  }, root);
}
