// The page's choice questions live in the stores layer (src/stores/choice.svelte.ts); the dialog reads them here.
export { askChoice, choices, type Choice, type ChoiceOption } from '../../stores/choice.svelte.ts';
