// A small promise layer over IndexedDB: open a database with a schema (stores, key paths, indexes),
// run transactions whose body awaits requests, read and write rows. It took Dexie's place (31 kB
// gzipped of the first load) and keeps the layout Dexie gave the studio's database, so a database
// Dexie wrote opens unchanged: native version = schema version × 10, indexes named by their key path
// ('updatedAt') or, when compound, '[levelId+createdAt]' (docs/adr/0004-own-indexeddb-layer.md).

/** An object store: its key path and its indexes (each a key path; an array makes a compound index). */
export interface StoreSchema {
  key: string;
  indexes?: readonly (string | readonly string[])[];
}
export type Schema = Record<string, StoreSchema>;

/** The index's name, as Dexie named it: the key path, or `[a+b]` for a compound one. */
export const indexName = (path: string | readonly string[]): string => (typeof path === 'string' ? path : `[${path.join('+')}]`);

/** This tab closed the database (or let a newer tab have it): no more reads or writes. */
export class DatabaseClosedError extends Error {
  override name = 'DatabaseClosedError';
  constructor() {
    super('the database is closed');
  }
}
/** The browser has no IndexedDB. */
export class MissingAPIError extends Error {
  override name = 'MissingAPIError';
  constructor() {
    super('this browser has no IndexedDB');
  }
}

const aborted = () => new DOMException('the transaction was aborted', 'AbortError');

function done<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? aborted());
  });
}

/** One store's rows, inside a transaction (or, from `Idb.table`, each call its own transaction). */
export interface Table<Row> {
  get(key: IDBValidKey): Promise<Row | undefined>;
  all(): Promise<Row[]>;
  /** The rows in an index's order (a row without the indexed field is not in the index). */
  byIndex(index: string, range?: IDBKeyRange | IDBValidKey): Promise<Row[]>;
  put(row: Row): Promise<void>;
  putAll(rows: readonly Row[]): Promise<void>;
  delete(key: IDBValidKey): Promise<void>;
  deleteAll(keys: readonly IDBValidKey[]): Promise<void>;
  /** Deletes the rows whose index value is `key`. */
  deleteByIndex(index: string, key: IDBValidKey): Promise<void>;
  clear(): Promise<void>;
}
export type Tables<S> = { [K in keyof S]: Table<S[K]> };

const READS = ['get', 'all', 'byIndex'] as const;
const WRITES = ['put', 'putAll', 'delete', 'deleteAll', 'deleteByIndex', 'clear'] as const;

function tableIn<Row>(store: IDBObjectStore): Table<Row> {
  const each = (keys: readonly IDBValidKey[]) => Promise.all(keys.map((k) => done(store.delete(k)))).then(() => {});
  return {
    get: (key) => done(store.get(key) as IDBRequest<Row | undefined>),
    all: () => done(store.getAll() as IDBRequest<Row[]>),
    byIndex: (index, range) => done(store.index(index).getAll(range) as IDBRequest<Row[]>),
    put: (row) => done(store.put(row)).then(() => {}),
    putAll: (rows) => Promise.all(rows.map((row) => done(store.put(row)))).then(() => {}),
    delete: (key) => done(store.delete(key)),
    deleteAll: each,
    deleteByIndex: async (index, key) => each(await done(store.index(index).getAllKeys(key))),
    clear: () => done(store.clear()),
  };
}

export interface IdbEvents {
  /** An older connection elsewhere holds the database: the open waits until it closes. */
  blocked?(): void;
  /** Another tab opens the database at a newer version (or deletes it): this connection is closed first. */
  versionchange?(): void;
}

/** An open database whose rows are typed per store (`S`: store name → row type). */
export class Idb<S extends Record<string, unknown>> {
  private closed = false;
  private handle: Promise<IDBDatabase>;

  constructor(
    private readonly reopen: () => Promise<IDBDatabase>,
    first: IDBDatabase,
    private readonly on: IdbEvents,
  ) {
    this.handle = Promise.resolve(this.watch(first));
  }

  private watch(db: IDBDatabase): IDBDatabase {
    db.onversionchange = () => {
      this.close(); // let the other tab go on, as Dexie did
      this.on.versionchange?.();
    };
    // the browser dropped the connection (site data cleared, disk error): the next use opens it again
    db.onclose = () => {
      if (this.closed) return;
      this.handle = this.reopen().then((again) => this.watch(again));
      this.handle.catch(() => {}); // a failed reopen is reported by the next read or write, not as unhandled
    };
    return db;
  }

  /** Runs `body` in one transaction over `names`; resolves with its result once the transaction commits. */
  async transaction<K extends keyof S & string, T>(mode: IDBTransactionMode, names: readonly K[], body: (t: Pick<Tables<S>, K>) => Promise<T>): Promise<T> {
    if (this.closed) throw new DatabaseClosedError();
    const db = await this.handle;
    if (this.closed) throw new DatabaseClosedError();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(names, mode);
      let result: { value: T } | null = null;
      let committed = false;
      const finish = () => committed && result && resolve(result.value);
      tx.oncomplete = () => {
        committed = true;
        finish();
      };
      tx.onabort = () => reject(tx.error ?? aborted());
      const tables = Object.fromEntries(names.map((n) => [n, tableIn(tx.objectStore(n))])) as Pick<Tables<S>, K>;
      body(tables).then(
        (value) => {
          result = { value };
          finish();
        },
        (e) => {
          try {
            tx.abort();
          } catch {
            // already finished or aborted
          }
          reject(e);
        },
      );
    });
  }

  read<K extends keyof S & string, T>(names: readonly K[], body: (t: Pick<Tables<S>, K>) => Promise<T>): Promise<T> {
    return this.transaction('readonly', names, body);
  }

  write<K extends keyof S & string, T>(names: readonly K[], body: (t: Pick<Tables<S>, K>) => Promise<T>): Promise<T> {
    return this.transaction('readwrite', names, body);
  }

  /** One store, each call in its own transaction (a write resolves once it is committed). */
  table<K extends keyof S & string>(name: K): Table<S[K]> {
    const out = {} as Record<string, unknown>;
    const each = (mode: IDBTransactionMode, methods: readonly (keyof Table<unknown>)[]) => {
      for (const method of methods)
        out[method] = (...args: unknown[]) => this.transaction(mode, [name], (t) => (t[name][method] as (...a: unknown[]) => Promise<unknown>)(...args));
    };
    each('readonly', READS);
    each('readwrite', WRITES);
    return out as unknown as Table<S[K]>;
  }

  close() {
    this.closed = true;
    void this.handle.then((db) => db.close(), () => {});
  }
}

/** Whether every store and index of `schema` is there. */
function hasSchema(db: IDBDatabase, schema: Schema): boolean {
  const names = Object.keys(schema);
  if (!names.every((n) => db.objectStoreNames.contains(n))) return false;
  const tx = db.transaction(names, 'readonly');
  return names.every((n) => (schema[n].indexes ?? []).every((path) => tx.objectStore(n).indexNames.contains(indexName(path))));
}

/** Creates what the database lacks of `schema` (a new database: everything; schema 1 → 2: the reports store). */
function addMissing(db: IDBDatabase, tx: IDBTransaction, schema: Schema) {
  for (const [name, s] of Object.entries(schema)) {
    const store = db.objectStoreNames.contains(name) ? tx.objectStore(name) : db.createObjectStore(name, { keyPath: s.key });
    for (const path of s.indexes ?? []) if (!store.indexNames.contains(indexName(path))) store.createIndex(indexName(path), path as string | string[]);
  }
}

function openOnce(name: string, version: number | undefined, schema: Schema, on: IdbEvents): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const factory = globalThis.indexedDB; // a browser that blocks storage may throw right here
    if (!factory) throw new MissingAPIError();
    const r = version === undefined ? factory.open(name) : factory.open(name, version);
    r.onblocked = () => on.blocked?.();
    r.onupgradeneeded = () => addMissing(r.result, r.transaction!, schema);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Opens the connection; what Dexie did on the way is kept (see the comments). */
async function connect(name: string, version: number, schema: Schema, on: IdbEvents): Promise<IDBDatabase> {
  let asked: number | undefined = version;
  for (let attempt = 0; ; attempt++) {
    try {
      const db = await openOnce(name, asked, schema, on);
      if (hasSchema(db, schema) || attempt >= 4) return db;
      // a database at a newer version than ours (see VersionError below) that lacks part of our schema
      asked = db.version + 1;
      db.close();
    } catch (e) {
      const kind = (e as Error | null)?.name;
      // a newer studio already upgraded it: open it at its own version and work with what is there
      if (kind === 'VersionError' && asked !== undefined && attempt < 4) asked = undefined;
      // Chrome sometimes fails an open once with UnknownError; trying again works
      else if (kind === 'UnknownError' && attempt < 3) continue;
      else throw e;
    }
  }
}

/**
 * Opens (creating or upgrading as needed) database `name` at native `version` with `schema`.
 * Rejects with the browser's error (its `name` says why: VersionError, QuotaExceededError, …).
 */
export async function openIdb<S extends Record<string, unknown>>(name: string, version: number, schema: Schema, on: IdbEvents = {}): Promise<Idb<S>> {
  const first = await connect(name, version, schema, on);
  return new Idb<S>(() => connect(name, version, schema, on), first, on);
}
