// The sample pack a first visit starts with. Its own module: the studio loads it only when the database
// is empty (and with the memory fallback), not with the first page (docs/performance.md, "First load").
import { sampleLevels } from '../core/files/samples.ts';
import { SAMPLE_PACK_NAME } from './storageTypes.ts';

export function samplesWorkspace() {
  const levels = sampleLevels();
  return { packs: [{ id: 'sample-pack', name: SAMPLE_PACK_NAME, levelIds: levels.map((l) => l.id) }], levels };
}
