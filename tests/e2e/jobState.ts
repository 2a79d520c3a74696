// What a pack job has stored (the `jobs` record in IndexedDB, src/stores/jobs.svelte.ts): the state a
// reload goes on from. Tests wait for it instead of for the time its throttled write takes.
import { expect, type Page } from '@playwright/test';

export interface StoredJob {
  done: number;
  total: number;
  items: unknown[];
}

/** The stored pack job, or null when none is stored (a reload then starts nothing). */
export function storedJob(page: Page): Promise<StoredJob | null> {
  return page.evaluate(
    () =>
      new Promise<StoredJob | null>((resolve, reject) => {
        const open = indexedDB.open('match3-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('jobs')) {
            db.close();
            return resolve(null);
          }
          const get = db.transaction('jobs').objectStore('jobs').get('pack-job');
          get.onsuccess = () => {
            db.close();
            const r = get.result as StoredJob | undefined;
            resolve(r ? { done: r.done, total: r.total, items: r.items } : null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

const shownProgress = (page: Page) => page.getByRole('progressbar').first().evaluate((e) => Number((e as HTMLProgressElement).value));

/**
 * Waits until the stored queue has caught up with the progress the page shows (it is written at
 * most every second), and returns that progress: a reload from here goes on from at least there.
 * Call it with the job held (simHold.ts), so that the job does not run on meanwhile.
 */
export async function storedCaughtUp(page: Page): Promise<number> {
  let shown = -1;
  await expect
    .poll(async () => {
      shown = await shownProgress(page);
      return (await storedJob(page))?.done === shown;
    }, { message: 'the stored queue catches up with the progress shown' })
    .toBe(true);
  return shown;
}
