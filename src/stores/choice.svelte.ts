// Questions with more than two answers ("replace, keep both, or cancel?"), asked in the page. Stores ask
// through `askChoice` and await the answer; ChoiceDialog.svelte shows (and words) the pending question. No DOM here.
import type { Said } from '../core/notice.ts';

export interface ChoiceOption {
  id: string;
  label: Said;
  primary?: boolean;
}
export interface Choice {
  title: Said;
  /** One sentence, or several said one after another. */
  text: Said | readonly Said[];
  options: ChoiceOption[];
}

class ChoiceService {
  pending = $state.raw<(Choice & { resolve: (id: string | null) => void }) | null>(null);

  ask(choice: Choice): Promise<string | null> {
    this.pending?.resolve(null); // a newer question cancels an unanswered one
    return new Promise((resolve) => {
      this.pending = { ...choice, resolve };
    });
  }

  /** The designer's answer; null is "dismissed" (Escape), the same as cancel. */
  answer(id: string | null) {
    const p = this.pending;
    this.pending = null;
    p?.resolve(id);
  }
}

export const choices = new ChoiceService();
export const askChoice = (c: Choice) => choices.ask(c);
