// The sample levels' ids, the English names the studio gives them (src/core/files/samples.ts), and
// their catalogue keys.
export const SAMPLE_NAMES: Record<string, { en: string; key: string }> = {
  'sample-101': { en: 'Tutorial: collect', key: 'sample.101' },
  'sample-202': { en: 'Jelly rows', key: 'sample.202' },
  'sample-303': { en: 'Ice and crates', key: 'sample.303' },
  'sample-404': { en: 'Chains and voids', key: 'sample.404' },
};
