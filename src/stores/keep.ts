// Storage the browser keeps (issue 32): IndexedDB is "best effort" storage a browser may clear under disk
// pressure unless the site asked to keep it (navigator.storage.persist()). The studio asks once a session,
// when the catalogue first holds the designer's work (an edit, an import); a refusal is told once ever
// (remembered in settings). Settings shows what the browser says (persisted(), estimate()). No words here.

/** The part of `navigator.storage` the studio reads (absent in node and some browsers). */
export interface BrowserStorage {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

/** What asking gave: kept (granted now or before), refused, or the browser has no such API. */
export type KeepOutcome = 'kept' | 'refused' | 'unsupported';

/** What Settings shows: persistent (null: the browser does not say), bytes used and allowed (null: unknown). */
export interface StorageState {
  persistent: boolean | null;
  usage: number | null;
  quota: number | null;
}

const TOLD = 'storageRefusalTold';

export class StorageKeeper {
  private asking: Promise<KeepOutcome> | null = null;

  constructor(
    private browser: () => BrowserStorage | undefined,
    private settings: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> },
  ) {}

  /** The catalogue holds work: asks the browser to keep the data (once a session; later calls share the answer). */
  workStored(): Promise<KeepOutcome> {
    return (this.asking ??= this.ask().catch(() => 'unsupported' as const));
  }

  private async ask(): Promise<KeepOutcome> {
    const s = this.browser();
    if (!s?.persist) return 'unsupported';
    if (await s.persisted?.()) return 'kept';
    return (await s.persist()) ? 'kept' : 'refused';
  }

  /** True the first time ever it is called after a refusal (the studio tells the designer once). */
  async firstRefusal(): Promise<boolean> {
    if (await this.settings.get(TOLD)) return false;
    await this.settings.set(TOLD, true);
    return true;
  }

  /** What the browser says now. */
  async state(): Promise<StorageState> {
    const s = this.browser();
    const [persistent, estimate] = await Promise.all([s?.persisted?.().catch(() => null) ?? null, s?.estimate?.().catch(() => null) ?? null]);
    return { persistent, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
  }
}
