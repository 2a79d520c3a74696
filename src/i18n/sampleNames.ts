// The sample pack shown in the designer's language. The stored pack and levels keep their English names
// and their ids (`sample-101`…, files and links stay stable); only what is displayed changes, and only
// while a name is still the one the studio gave it: a name the designer chose is theirs, shown as typed.
import { SAMPLE_NAMES } from './sampleNamesTable.ts';
import { t } from './index.svelte.ts';

const SAMPLE_PACK = 'Sample pack';

/** A level's name as shown: the sample's name in the current language, else the stored name. */
export function levelDisplayName(id: string, name: string): string {
  const key = SAMPLE_NAMES[id];
  return key && key.en === name ? t(key.key) : name;
}

/** A pack's name as shown. */
export function packDisplayName(name: string, levelIds: readonly string[]): string {
  return name === SAMPLE_PACK && levelIds.some((id) => id in SAMPLE_NAMES) ? t('sample.pack') : name;
}

/** The level list's packs with display names (ids, order and everything else unchanged). */
export function displayPackList<L extends { id: string; name: string }, P extends { name: string; levels: L[] }>(packs: P[]): P[] {
  return packs.map((p) => ({
    ...p,
    name: packDisplayName(p.name, p.levels.map((l) => l.id)),
    levels: p.levels.map((l) => ({ ...l, name: levelDisplayName(l.id, l.name) })),
  }));
}
