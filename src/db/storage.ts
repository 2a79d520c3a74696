// The workspace's storage: the Dexie database (studioDb.ts) behind status-reporting writes
// (DexieStorage, dexieStorage.ts). The catalogue (every level's summary) loads at start; levels
// themselves are read when opened. When IndexedDB is unavailable (private mode, blocked), the studio
// runs from memory (memoryStorage.ts) and says so.
import { UpgradedElsewhereError, WaitingForOtherTabError, openStudioDb, storageErrorMessage, type StudioDb } from './studioDb.ts';
import { DexieStorage } from './dexieStorage.ts';
import type { Storage, StorageStatus } from './storageTypes.ts';

export * from './storageTypes.ts';

export interface StorageOptions {
  onStatus: (s: StorageStatus, message?: string) => void;
  name?: string;
  /** Words a failure for the designer (default: English). */
  describe?: (e: unknown) => string;
  /** The clock (tests move it to see Recently deleted purge after 30 days). */
  now?: () => number;
}

export async function openStorage(opts: StorageOptions): Promise<Storage> {
  const name = opts.name ?? 'match3-studio';
  /** Set when a newer studio in another tab upgraded the database: this tab can no longer write. */
  let upgradedElsewhere = false;
  const describe = (e: unknown) => (opts.describe ?? storageErrorMessage)(upgradedElsewhere ? new UpgradedElsewhereError() : e);
  const db = await openDatabase(name, opts, describe, () => (upgradedElsewhere = true));
  // only when the browser refuses storage: its code loads then (docs/performance.md, "First load")
  if (!db) return (await import('./memoryStorage.ts')).memoryStorage();
  return new DexieStorage(db, { name, onStatus: opts.onStatus, describe, now: opts.now ?? (() => Date.now()) });
}

/** The database, or null (said as 'memory') when the browser refuses it. */
async function openDatabase(name: string, opts: StorageOptions, describe: (e: unknown) => string, upgraded: () => void): Promise<StudioDb | null> {
  // an older tab holding the database open stops the upgrade: say why the studio waits
  let waited = false;
  try {
    const db = await openStudioDb(name, {
      blocked() {
        waited = true;
        opts.onStatus('error', describe(new WaitingForOtherTabError()));
      },
      // the connection is closed already (the newer tab goes on); what this tab holds stays in memory
      versionchange() {
        upgraded();
        opts.onStatus('error', describe(new UpgradedElsewhereError()));
      },
    });
    if (waited) opts.onStatus('idle');
    return db;
  } catch (e) {
    opts.onStatus('memory', describe(e));
    return null;
  }
}
