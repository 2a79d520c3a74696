// An in-memory stand-in for the File System Access API's directory handles (the parts src/stores/folder
// uses), for node tests: a tree of maps, a clock that ticks on every write, counters of reads and writes,
// and a switch that refuses access as a browser does when permission is withdrawn.
import type { Access, DirLike, FileInfo, FileLike } from '../../../src/stores/folder/handles.ts';

let clock = 1_000;
const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

export interface Counters {
  reads: number;
  writes: number;
  removes: number;
}

export class MemoryFile implements FileLike {
  readonly kind = 'file' as const;
  lastModified = ++clock;
  constructor(
    readonly name: string,
    public text: string,
    private readonly fs: MemoryFs,
  ) {}
  async getFile(): Promise<FileInfo> {
    this.fs.check('read');
    const { text, lastModified } = this;
    return { lastModified, size: new TextEncoder().encode(text).length, text: async () => (this.fs.counters.reads++, text) };
  }
  async createWritable() {
    this.fs.check('write');
    const hook = this.fs.onOpenWritable;
    this.fs.onOpenWritable = null;
    hook?.();
    let next = '';
    return {
      write: async (data: string) => void (next += data),
      abort: async () => {},
      close: async () => {
        this.fs.check('write');
        this.text = next;
        this.lastModified = ++clock;
        this.fs.counters.writes++;
      },
    };
  }
}

export class MemoryDir implements DirLike {
  readonly kind = 'directory' as const;
  readonly entries = new Map<string, MemoryDir | MemoryFile>();
  constructor(
    readonly name: string,
    readonly fs: MemoryFs,
  ) {}
  async *values() {
    this.fs.check('read');
    yield* [...this.entries.values()];
  }
  async getDirectoryHandle(name: string, opts: { create?: boolean } = {}) {
    const e = this.entries.get(name);
    if (e instanceof MemoryDir) return e;
    if (e || !opts.create) throw domError(e ? 'TypeMismatchError' : 'NotFoundError', `no folder ${name}`);
    this.fs.check('write');
    const d = new MemoryDir(name, this.fs);
    this.entries.set(name, d);
    return d;
  }
  async getFileHandle(name: string, opts: { create?: boolean } = {}) {
    const e = this.entries.get(name);
    if (e instanceof MemoryFile) return e;
    if (e || !opts.create) throw domError(e ? 'TypeMismatchError' : 'NotFoundError', `no file ${name}`);
    this.fs.check('write');
    const f = new MemoryFile(name, '', this.fs);
    this.entries.set(name, f);
    return f;
  }
  async removeEntry(name: string) {
    this.fs.check('write');
    if (!this.entries.delete(name)) throw domError('NotFoundError', `no entry ${name}`);
    this.fs.counters.removes++;
  }
  async queryPermission(): Promise<Access> {
    return this.fs.access;
  }
  async requestPermission(): Promise<Access> {
    if (this.fs.grantOnRequest) this.fs.access = 'granted';
    return this.fs.access;
  }
}

export class MemoryFs {
  access: Access = 'granted';
  grantOnRequest = true;
  counters: Counters = { reads: 0, writes: 0, removes: 0 };
  /** Runs once, right after the next writable is opened (an outside write landing mid-write). */
  onOpenWritable: (() => void) | null = null;
  readonly root: MemoryDir;
  constructor(name = 'levels') {
    this.root = new MemoryDir(name, this);
  }
  check(_op: 'read' | 'write') {
    if (this.access !== 'granted') throw domError('NotAllowedError', 'permission denied');
  }
  private dirOf(path: string, create: boolean): { dir: MemoryDir; name: string } | null {
    const parts = path.split('/');
    const name = parts.pop()!;
    let dir = this.root;
    for (const p of parts) {
      let next = dir.entries.get(p);
      if (!next && create) dir.entries.set(p, (next = new MemoryDir(p, this)));
      if (!(next instanceof MemoryDir)) return null;
      dir = next;
    }
    return { dir, name };
  }
  /** Writes a file as an outside program would (git, an editor). */
  put(path: string, text: string) {
    const { dir, name } = this.dirOf(path, true)!;
    const f = dir.entries.get(name);
    if (f instanceof MemoryFile) {
      f.text = text;
      f.lastModified = ++clock;
    } else dir.entries.set(name, new MemoryFile(name, text, this));
  }
  get(path: string): string | undefined {
    const at = this.dirOf(path, false);
    const f = at?.dir.entries.get(at.name);
    return f instanceof MemoryFile ? f.text : undefined;
  }
  remove(path: string) {
    const at = this.dirOf(path, false);
    at?.dir.entries.delete(at.name);
  }
  /** Every file's path, sorted. */
  paths(): string[] {
    const out: string[] = [];
    const walk = (d: MemoryDir, at: string) => {
      for (const [n, e] of d.entries) e instanceof MemoryDir ? walk(e, at + n + '/') : out.push(at + n);
    };
    walk(this.root, '');
    return out.sort();
  }
}
