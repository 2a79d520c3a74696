// The Markdown parser and the sanitizer (marked, DOMPurify) are loaded on first use, not with the page.
type Render = (text: string) => string;

let render: Render | null = null;
let loading: Promise<Render> | null = null;

/** The renderer if it has been loaded already. */
export function markdownRenderer(): Render | null {
  return render;
}

/** Loads the renderer once; a failed load (offline before the first visit) is tried again next time. */
export function loadMarkdown(): Promise<Render> {
  loading ??= import('./sanitize.ts').then(
    (m) => (render = m.renderMarkdown),
    (e) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}
