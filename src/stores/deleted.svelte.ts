// The Recently deleted panel's state (issue 32): the entries as stored, newest first, and what the
// panel's buttons do. It says what happened (counts, the entries touched); the panel words it and asks
// before anything goes for good. Loaded with the panel, not with the first page.
import type { DeletedRow } from '../db/studioDb.ts';
import type { RestoreHost } from './host.ts';
import type { RestoreOutcome } from './restore.ts';

/** What the panel needs of the workspace. */
export interface DeletedHost extends Pick<RestoreHost, 'storage' | 'deletedHere' | 'editor' | 'analysis'> {
  restoreDeleted(entryIds: readonly string[]): Promise<RestoreOutcome>;
  deletesWritten(): Promise<void>;
}

export class RecentlyDeletedStore {
  entries = $state.raw<DeletedRow[]>([]);
  loaded = $state(false);

  constructor(private ws: DeletedHost) {}

  /** Reads the entries again (the panel opens; another delete happened). */
  async load() {
    await this.ws.deletesWritten(); // a delete just made is listed
    this.entries = (await this.ws.storage?.deleted.list()) ?? [];
    this.loaded = true;
  }

  /** Levels gone for good: what the studio still holds of them (their history, their report) goes too. */
  forget(levelIds: readonly string[]) {
    for (const id of levelIds) {
      this.ws.deletedHere.delete(id);
      this.ws.editor.forget(id);
    }
    this.ws.analysis.drop(levelIds);
  }

  /**
   * Keeps the entries in step while the panel is open: a delete or restore in this tab or another shows
   * without a reload. Returns the function that stops it (the panel closes).
   */
  watch(): () => void {
    let stop: (() => void) | null = null;
    let stopped = false;
    void this.ws.storage?.deleted
      .watch((rows) => {
        this.entries = rows;
        this.loaded = true;
      })
      .then((s) => (stopped ? s() : (stop = s)));
    return () => {
      stopped = true;
      stop?.();
    };
  }

  entry(id: string): DeletedRow | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Puts entries back where they were; the outcome names them. */
  async restore(entryIds: readonly string[]): Promise<RestoreOutcome> {
    try {
      return await this.ws.restoreDeleted(entryIds);
    } finally {
      await this.load();
    }
  }

  /** Removes entries for good; returns how many levels went. */
  async deleteForever(entryIds: readonly string[]): Promise<number> {
    try {
      const gone = (await this.ws.storage?.deleted.purge(entryIds)) ?? [];
      this.forget(gone);
      return gone.length;
    } finally {
      await this.load();
    }
  }

  /** Removes every entry for good; returns how many levels went. */
  async empty(): Promise<number> {
    try {
      const gone = (await this.ws.storage?.deleted.empty()) ?? [];
      this.forget(gone);
      return gone.length;
    } finally {
      await this.load();
    }
  }
}
