// A test-only hold on an import's transfer (issue 30): while it is on, every write of levels the page
// finishes (a readwrite IndexedDB transaction over the `levels` and `summaries` stores: one page of a
// pack import, a level saved, a cancelled import's pages removed again) is committed by the browser
// as usual, but the page hears of it only when the test releases it. An import's loop goes on to its
// next page only when it hears that its page is written, so while the hold is on the import cannot end
// on a fast machine or a busy one, and a click on its Cancel cannot race it. Installed by the test with
// page.addInitScript (it wraps the `oncomplete` setter of IDBTransaction, which the storage library
// uses to hear that a transaction is done) before the app's scripts run; nothing of it is in src/ or
// in the build (hold.spec.ts checks that dist/ never names it).
//
// Completions are released in the order they came, so the page sees its writes in order.
import { expect, type Page } from '@playwright/test';

/** The page-side name of the hold; never in the build (checked against dist/ by hold.spec.ts). */
export const IMPORT_HOLD_GLOBAL = '__e2eImportHold';

interface Hold {
  on(): void;
  off(): void;
  held(): number;
  release(n?: number): number;
}

/** Installs the hold (off until `holdImport`); call before the page's first navigation. */
export async function installImportHold(page: Page) {
  await page.addInitScript((name) => {
    const queue: (() => void)[] = [];
    let holding = false;
    const proto = IDBTransaction.prototype;
    const desc = Object.getOwnPropertyDescriptor(proto, 'oncomplete')!;
    const levelWrite = (tx: IDBTransaction) => tx.mode === 'readwrite' && tx.objectStoreNames.contains('levels') && tx.objectStoreNames.contains('summaries');
    Object.defineProperty(proto, 'oncomplete', {
      configurable: true,
      enumerable: desc.enumerable,
      get(this: IDBTransaction) {
        return desc.get!.call(this);
      },
      set(this: IDBTransaction, handler: ((this: IDBTransaction, ev: Event) => unknown) | null) {
        if (typeof handler !== 'function' || !levelWrite(this)) return desc.set!.call(this, handler);
        desc.set!.call(this, function (this: IDBTransaction, ev: Event) {
          if (holding) queue.push(() => handler.call(this, ev));
          else handler.call(this, ev);
        });
      },
    });
    const hold: Hold = {
      on() {
        holding = true;
      },
      off() {
        holding = false;
        hold.release();
      },
      held: () => queue.length,
      release(n = Infinity) {
        let k = 0;
        for (; k < n && queue.length; k++) queue.shift()!();
        return k;
      },
    };
    (window as unknown as Record<string, Hold>)[name] = hold;
  }, IMPORT_HOLD_GLOBAL);
}

const call = <T>(page: Page, fn: keyof Hold, arg?: number) =>
  page.evaluate(([name, fn, arg]) => {
    const h = (window as unknown as Record<string, Record<string, (a?: number) => unknown>>)[name as string];
    return (arg === undefined ? h[fn as string]() : h[fn as string](arg as number)) as unknown;
  }, [IMPORT_HOLD_GLOBAL, fn, arg] as const) as Promise<T>;

/** From now on every finished write of levels waits for `releaseImport` (until `unholdImport`). */
export const holdImport = (page: Page) => call<void>(page, 'on');
/** Lets every held write go and stops holding. */
export const unholdImport = (page: Page) => call<void>(page, 'off');
/** Writes of levels the page has not heard of yet. */
export const heldWrites = (page: Page) => call<number>(page, 'held');
/** Lets the `n` oldest held writes go (all without `n`); returns how many went. */
export const releaseImport = (page: Page, n?: number) => call<number>(page, 'release', n);

/** Waits until at least `atLeast` writes wait in the hold: the import cannot go past them before they are released. */
export async function expectWritesHeld(page: Page, atLeast = 1) {
  await expect.poll(() => heldWrites(page)).toBeGreaterThanOrEqual(atLeast);
}
