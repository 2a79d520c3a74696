// The sample pack in the designer's language, ids and stored names unchanged.
import { describe, expect, it } from 'vitest';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { SAMPLE_NAMES } from '../../../src/i18n/sampleNamesTable.ts';
import { levelDisplayName, packDisplayName } from '../../../src/i18n/sampleNames.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

describe('sample names', () => {
  it('the table matches the samples the studio builds', () => {
    for (const l of sampleLevels()) expect(SAMPLE_NAMES[l.id]?.en, l.id).toBe(l.name);
  });
  it('shown in Chinese while the name is the studio’s own; a renamed level keeps its name', async () => {
    await setLocale('zh');
    expect(levelDisplayName('sample-303', 'Ice and crates')).toBe('冰块与木箱');
    expect(levelDisplayName('sample-303', 'My ice level')).toBe('My ice level');
    expect(packDisplayName('Sample pack', ['sample-101'])).toBe('示例关卡包');
    expect(packDisplayName('Sample pack', ['other'])).toBe('Sample pack');
    await setLocale('en');
    expect(levelDisplayName('sample-303', 'Ice and crates')).toBe('Ice and crates');
  });
});
