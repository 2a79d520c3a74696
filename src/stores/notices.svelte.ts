// What the studio tells the designer in passing, and how its saving goes: short notices (toasts) with an
// optional action ("Undo" after a delete), the save state the toolbar shows, and a fault that stops the
// start. A notice says what happened (src/core/notice.ts); Toasts.svelte words it.
import type { Said } from '../core/notice.ts';

export interface Toast {
  id: number;
  kind: 'info' | 'error';
  said: Said;
  action?: { label: Said; run: () => void };
  /** Lines under the notice (every problem of a file not imported): it then stays until dismissed. */
  details?: Said[];
  /** How many times the same notice was said (repeats are merged into one, the newest). */
  count?: number;
}

const same = (a: Said, b: Said) => JSON.stringify(a) === JSON.stringify(b);

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

  /**
   * Says something in passing; the newest is last. The same words said again (without an action or
   * details) merge with the one shown: it moves to the newest place and counts the repeat. A notice with
   * details stays until dismissed; others go after `ms`.
   */
  toast(said: Said, kind: Toast['kind'] = 'info', action?: Toast['action'], ms = kind === 'error' ? 12000 : 6000, details?: Said[]) {
    const id = ++this.seq;
    const repeat = !action && !details ? this.toasts.find((x) => x.kind === kind && !x.action && !x.details && same(x.said, said)) : undefined;
    const count = repeat ? (repeat.count ?? 1) + 1 : undefined;
    this.toasts = [...this.toasts.filter((x) => x !== repeat), { id, kind, said, action, ...(details?.length ? { details } : {}), ...(count ? { count } : {}) }];
    if (!details?.length) setTimeout(() => this.dismissToast(id), ms);
  }
  dismissToast(id: number) {
    this.toasts = this.toasts.filter((x) => x.id !== id);
  }
  dismissAll() {
    this.toasts = [];
  }
}
