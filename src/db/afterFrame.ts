// Writes that can wait for the page's next frame. A finished analysis's report and its cache entry are
// stored after the report is on screen, not before: their copies (a JSON round trip, IndexedDB's
// structured clone) used to run on the main thread between the last chunk's answer and the report's
// frame (docs/performance.md). Where no frame comes (node, a background tab, whose frames are paused),
// the write still happens, a moment later.

/** How long a write waits at most for a frame. */
const NO_FRAME_MS = 200;

export function afterNextFrame(fn: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    fn();
  };
  // the frame's callback runs before its style, layout and paint; the task it posts runs after them
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, NO_FRAME_MS);
}

/** `write` once the next frame is out; resolves or rejects with it. */
export function writeAfterNextFrame<T>(write: () => Promise<T> | undefined): Promise<T | undefined> {
  return new Promise((resolve, reject) =>
    afterNextFrame(() => {
      try {
        Promise.resolve(write()).then(resolve, reject);
      } catch (e) {
        reject(e);
      }
    }),
  );
}
