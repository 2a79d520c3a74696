/** A short notice with an optional action ("Undo" after a delete); the UI shows them (Toasts.svelte). */
export interface Toast {
  id: number;
  kind: 'info' | 'error';
  text: string;
  action?: { label: string; run: () => void };
}
