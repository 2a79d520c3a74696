// Provider presets' names in the designer's language: brand names stay as they are; the descriptive
// ones ("Custom (OpenAI-compatible)", "Ollama (local)") come from the catalogue.
import { PRESETS } from '../ai/providers.ts';
import { t } from './index.svelte.ts';

const TRANSLATED: Record<string, string> = { custom: 'preset.custom', ollama: 'preset.ollama', lmstudio: 'preset.lmstudio' };

export function presetLabel(id: string): string {
  const key = TRANSLATED[id];
  return key ? t(key) : (PRESETS.find((p) => p.id === id)?.label ?? id);
}

/** A preset's English label (as stored in messages) shown in the current language. */
export function translatePresetLabel(label: string): string {
  const p = PRESETS.find((x) => x.label === label);
  return p ? presetLabel(p.id) : label;
}
