// The notice type is the stores' (stores import no UI modules); the toasts component reads it from here.
export type { Toast } from '../../stores/notices.svelte.ts';
