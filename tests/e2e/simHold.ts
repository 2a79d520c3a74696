// A test-only hold on the page's simulation workers: while it is on, every chunk of games the pool
// sends (simApi.playHeld over Comlink) waits in the page until the test releases it, so a job lasts
// exactly as long as the test wants, on a fast machine or a busy one (issue 30). It is installed by
// the test with page.addInitScript: it wraps Worker.prototype.postMessage before the app's scripts
// run, and nothing of it is in src/ or in the build (scripts/stress-ci.sh and the spec
// hold.spec.ts check that dist/ never names it).
//
// Chunks are released in the order they were sent: the pool sends a request's level with its first
// chunk to a worker and names it by a number in the later ones, so a later chunk must not overtake it.
// The hold survives a reload of the page (sessionStorage) until it is turned off, so a job resumed
// after a reload is held too.
import { expect, type Page } from '@playwright/test';

/** The page-side name of the hold; never in the build (checked against dist/). */
export const HOLD_GLOBAL = '__e2eSimHold';

interface Hold {
  on(): void;
  off(): void;
  held(): number;
  sent(): number;
  release(n?: number): number;
}

/** Installs the hold (off until `holdSim`); call before the page's first navigation. */
export async function installSimHold(page: Page) {
  await page.addInitScript((name) => {
    const KEY = 'e2e-sim-hold';
    const queue: (() => void)[] = [];
    let holding = sessionStorage.getItem(KEY) === 'on';
    let sent = 0;
    const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const m = args[0] as { type?: unknown; path?: unknown } | null;
      const chunk = !!m && m.type === 'APPLY' && Array.isArray(m.path) && m.path[0] === 'playHeld';
      if (!chunk) return post.apply(this, args);
      const go = () => {
        sent++;
        post.apply(this, args);
      };
      if (holding) queue.push(go);
      else go();
    } as typeof Worker.prototype.postMessage;
    const hold: Hold = {
      on() {
        holding = true;
        sessionStorage.setItem(KEY, 'on');
      },
      off() {
        holding = false;
        sessionStorage.removeItem(KEY);
        hold.release();
      },
      held: () => queue.length,
      sent: () => sent,
      release(n = Infinity) {
        let k = 0;
        for (; k < n && queue.length; k++) queue.shift()!();
        return k;
      },
    };
    (window as unknown as Record<string, Hold>)[name] = hold;
  }, HOLD_GLOBAL);
}

const call = <T>(page: Page, fn: keyof Hold, arg?: number) =>
  page.evaluate(([name, fn, arg]) => {
    const h = (window as unknown as Record<string, Record<string, (a?: number) => unknown>>)[name as string];
    return (arg === undefined ? h[fn as string]() : h[fn as string](arg as number)) as unknown;
  }, [HOLD_GLOBAL, fn, arg] as const) as Promise<T>;

/** From now on every chunk waits for `releaseSim` (also after a reload, until `unholdSim`). */
export const holdSim = (page: Page) => call<void>(page, 'on');
/** Lets every held chunk go and stops holding. */
export const unholdSim = (page: Page) => call<void>(page, 'off');
/** Chunks waiting in the hold now. */
export const heldChunks = (page: Page) => call<number>(page, 'held');
/** Lets the `n` oldest held chunks go (all without `n`); returns how many went. */
export const releaseSim = (page: Page, n?: number) => call<number>(page, 'release', n);

/**
 * Waits until a running job has chunks waiting in the hold: it cannot end before they are released.
 * `timeout` for a job whose chunks already under way may take long on a busy machine.
 */
export async function expectHeld(page: Page, atLeast = 1, timeout?: number) {
  await expect.poll(() => heldChunks(page), { timeout }).toBeGreaterThanOrEqual(atLeast);
}
