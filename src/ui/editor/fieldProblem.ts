// What is wrong with a value typed into the properties form, as a sentence in the designer's language
// (the registry's own messages name parameters for the model: "set_grid_size: width: must be 3..16").
import { LIMITS } from '../../core/level/index.ts';
import { t } from '../../i18n/index.svelte.ts';

export type FormField = { kind: 'int'; label: string; min: number; max: number } | { kind: 'name'; label: string };

/** The problem with `raw` for this field, or null when the value can be committed. */
export function fieldProblem(field: FormField, raw: string): string | null {
  if (field.kind === 'name') {
    const n = raw.trim().length;
    return n < LIMITS.name.min || n > LIMITS.name.max ? t('props.nameLength', { min: LIMITS.name.min, max: LIMITS.name.max }) : null;
  }
  const s = raw.trim();
  const v = Number(s);
  if (s === '' || !Number.isInteger(v) || v < field.min || v > field.max) return t('props.range', { field: t(field.label), min: field.min, max: field.max });
  return null;
}
