// Web Worker entry: reads a folder of level files off the page's thread (src/stores/folder/reader.ts).
import { inThreadReader, type ReadContext } from '../src/stores/folder/reader.ts';
import type { DirLike } from '../src/stores/folder/handles.ts';

const reader = inThreadReader();
self.onmessage = async (e: MessageEvent<{ id: number; op: 'scan' | 'read'; root: DirLike; paths?: string[]; ctx?: ReadContext }>) => {
  const { id, op, root, paths, ctx } = e.data;
  try {
    const result = op === 'scan' ? await reader.scan(root) : await reader.read(root, paths ?? [], ctx ?? { games: [], wasLevel: [] });
    self.postMessage({ id, result });
  } catch (err) {
    self.postMessage({ id, error: { name: (err as Error)?.name ?? 'Error', message: (err as Error)?.message ?? String(err) } });
  }
};
