// Open folder's click: the File System Access API's directory picker (DOM work, so in the UI), then the
// folder store opens what was picked. Loaded on the first click (the first page stays small).
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import strings from '../../i18n/catalog/lazy/folder.ts';
import type { LazyStores } from '../studio.ts';
import type { Notices } from '../../stores/notices.svelte.ts';
import type { DirLike } from '../../stores/folder/handles.ts';

addCatalogPart(strings);

type Picker = (o?: { id?: string; mode?: 'read' | 'readwrite' }) => Promise<DirLike>;

/** Asks for a folder and opens it; when this browser cannot, returns why (the button says it). */
export async function pickFolder(stores: Pick<LazyStores, 'loadFolder'>, notices: Notices): Promise<string | null> {
  const show = (window as unknown as { showDirectoryPicker?: Picker }).showDirectoryPicker;
  if (!show) return t('folder.unsupported');
  let handle: DirLike;
  try {
    handle = await show({ id: 'match3-levels', mode: 'readwrite' });
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'AbortError') return null; // the designer closed the picker
    // the picker could not be shown here (a framed page, a policy, a browser setting): why, and the way round
    if (name === 'SecurityError' || name === 'NotAllowedError' || name === 'TypeError') return t('folder.noPicker', { reason: String((e as Error)?.message || name).replace(/[.。]\s*$/, '') });
    notices.toast(String((e as Error)?.message ?? e), 'error');
    return null;
  }
  const f = await stores.loadFolder();
  await f.open(handle);
  if (!f.name && f.status.kind === 'error') notices.toast({ key: 'folder.failed', params: { message: f.status.message } }, 'error'); // nothing was opened: say why
  return null;
}
