// Which tab writes the open folder's files: one at a time (a Web Lock), so two tabs never write one file;
// the others' edits reach it through IndexedDB and it writes them. Where there are no locks: this tab.
// A tab taking over reads back first what the last writing tab recorded (readBack).
import type { FileRecord } from '../../core/files/folderDiff.ts';
import type { FolderCore, FolderRow } from './types.ts';

type Locks = { request(name: string, cb: () => Promise<void>): Promise<void> };

export class WriterLock {
  /** Whether this tab holds the lock (writes the files). */
  held = false;
  private letGo: (() => void) | null = null;

  /**
   * Asks for the lock. `granted` runs when this tab gets it (not where there are no locks: this tab writes
   * at once) and says whether to keep it (false: the folder was closed meanwhile).
   */
  take(granted: () => boolean): void {
    const locks = (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
    if (!locks) return void (this.held = true);
    if (this.letGo) return;
    void locks.request('match3-studio-folder', () => {
      this.held = true;
      if (!granted()) return Promise.resolve();
      return new Promise<void>((resolve) => (this.letGo = resolve));
    });
  }

  release() {
    this.letGo?.();
    this.letGo = null;
    this.held = false;
  }
}

/**
 * Taking over from the tab that wrote the files: what it last wrote of them and of the folder (a pack
 * renamed there, a file moved) is read back first, so this tab goes on from there and never undoes it.
 */
export async function readBack(f: FolderCore) {
  const storage = f.host.storage;
  const row = await storage?.records.get<FolderRow>('folders', 'open').catch(() => undefined);
  if (!row || !f.handle) return;
  f.dirs = { ...row.dirs };
  f.former = { ...row.former };
  f.moving = { ...row.moving };
  const rows = (await storage?.records.list<FileRecord>('folderFiles')) ?? [];
  f.records = new Map(rows.map((r) => [r.id, r]));
  for (const path of f.records.keys()) f.taken.add(path);
}
