// At most one update per interval for a value that changes fast (an analysis's progress and first
// estimate arrive after every chunk): the first value shows at once, later ones at most every `ms`,
// the latest one always last. Each shown value costs the page a style, layout and paint on the main
// thread, which competes with the simulation workers for the same cores.

export interface Throttled<T> {
  /** `now`: show this value at once whatever the interval (the first answer a designer waits for). */
  push(value: T, now?: boolean): void;
  /** Drops a value waiting for its turn (the run ended: nothing more to show). */
  cancel(): void;
}

export function throttled<T>(show: (value: T) => void, ms: number): Throttled<T> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: { value: T } | null = null;
  const fire = () => {
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    last = Date.now();
    show(value);
  };
  return {
    push(value, now = false) {
      waiting = { value };
      if (now && timer) clearTimeout(timer);
      else if (timer) return;
      const wait = now ? 0 : last + ms - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
