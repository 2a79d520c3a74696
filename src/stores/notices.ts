// What the studio tells the designer in passing: short notices (toasts) with an optional action ("Undo"
// after a delete). A notice says what happened (src/core/notice.ts); Toasts.svelte words it.
import type { Said } from '../core/notice.ts';

export interface Toast {
  id: number;
  kind: 'info' | 'error';
  said: Said;
  action?: { label: Said; run: () => void };
}
