// The parts of the File System Access API's handles the folder code uses (the browser's, the
// origin-private file system's, and the in-memory fake of the unit tests all have them).
export interface FileInfo {
  lastModified: number;
  size: number;
  text(): Promise<string>;
  /** The bytes (a browser's File has them; the node tests' stand-in has text only). */
  arrayBuffer?(): Promise<ArrayBuffer>;
}
export interface FileLike {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<FileInfo>;
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void>; abort?(): Promise<void> }>;
}
export type Access = 'granted' | 'prompt' | 'denied';
export interface DirLike {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<FileLike | DirLike>;
  getDirectoryHandle(name: string, opts?: { create?: boolean }): Promise<DirLike>;
  getFileHandle(name: string, opts?: { create?: boolean }): Promise<FileLike>;
  removeEntry(name: string): Promise<void>;
  queryPermission?(opts: { mode: 'readwrite' }): Promise<Access>;
  requestPermission?(opts: { mode: 'readwrite' }): Promise<Access>;
}

/** The write was refused: access to the folder is not (or no longer) granted. */
export function isAccessError(e: unknown): boolean {
  const name = (e as { name?: string })?.name;
  return name === 'NotAllowedError' || name === 'SecurityError';
}
export function isNotFound(e: unknown): boolean {
  return (e as { name?: string })?.name === 'NotFoundError';
}
