// What the studio tells the designer in passing, and how its saving goes: short notices (toasts) with an
// optional action ("Undo" after a delete), the save state the toolbar shows, and a fault that stops the
// start. A notice says what happened (src/core/notice.ts); Toasts.svelte words it.
import type { Said } from '../core/notice.ts';

export interface Toast {
  id: number;
  kind: 'info' | 'error';
  said: Said;
  action?: { label: Said; run: () => void };
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'memory';

export class Notices {
  toasts = $state.raw<Toast[]>([]);
  saveState = $state<SaveState>('idle');
  /** The last save fault in words (written once: src/stores/words.ts), or null. */
  saveMessage = $state<string | null>(null);
  /** True while a field on screen holds a value not yet committed (typed, no Enter yet): the status says Unsaved. */
  typing = $state(false);
  /** Why the studio could not start (its storage would not open), or null. */
  fatal = $state<string | null>(null);
  private seq = 0;

  toast(said: Said, kind: Toast['kind'] = 'info', action?: Toast['action'], ms = kind === 'error' ? 12000 : 6000) {
    const id = ++this.seq;
    this.toasts = [...this.toasts, { id, kind, said, action }];
    setTimeout(() => this.dismissToast(id), ms);
  }
  dismissToast(id: number) {
    this.toasts = this.toasts.filter((x) => x.id !== id);
  }
}
