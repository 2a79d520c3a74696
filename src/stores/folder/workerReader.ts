// The folder reader in a worker (workers/folder.worker.ts): directory handles are sent to it by
// postMessage (structured clone), it walks and reads, and only the results come back. Where no worker
// can be made, or a call fails there, the same call runs in this thread.
import type { DirLike } from './handles.ts';
import { inThreadReader, type FolderReader, type ReadContext } from './reader.ts';

export function workerReader(): FolderReader {
  const here = inThreadReader();
  if (typeof Worker === 'undefined') return here;
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const call = <T>(op: 'scan' | 'read', root: DirLike, paths?: readonly string[], ctx?: ReadContext): Promise<T> => {
    try {
      worker ??= new Worker(new URL('../../../workers/folder.worker.ts', import.meta.url), { type: 'module', name: 'folder' });
      worker.onmessage = (e: MessageEvent<{ id: number; result?: unknown; error?: { name: string; message: string } }>) => {
        const w = waiting.get(e.data.id);
        waiting.delete(e.data.id);
        if (e.data.error) w?.reject(Object.assign(new Error(e.data.error.message), { name: e.data.error.name }));
        else w?.resolve(e.data.result);
      };
      const id = ++seq;
      const done = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
      worker.postMessage({ id, op, root, paths, ctx });
      return done;
    } catch (e) {
      return Promise.reject(e);
    }
  };
  // an access error is the folder's answer, not the worker's: it goes up as it is
  const orHere = <T>(p: Promise<T>, again: () => Promise<T>) => p.catch((e) => ((e as { name?: string }).name === 'NotAllowedError' || (e as { name?: string }).name === 'NotFoundError' ? Promise.reject(e) : again()));
  return {
    scan: (root) => orHere(call('scan', root), () => here.scan(root)),
    read: (root, paths, ctx) => orHere(call('read', root, paths, ctx), () => here.read(root, paths, ctx)),
  };
}
