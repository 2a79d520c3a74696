// The "Tune to target" form's values live in the tuning store (src/stores/tuneForm.ts).
export type { TuneForm } from '../../stores/tuneForm.ts';
