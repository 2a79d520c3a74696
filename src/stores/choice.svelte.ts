// Questions with more than two answers ("replace, keep both, or cancel?"), asked in the page. Stores ask
// through `askChoice` and await the answer; ChoiceDialog.svelte shows the pending question. No DOM here.

export interface ChoiceOption {
  id: string;
  label: string;
  primary?: boolean;
}
export interface Choice {
  title: string;
  text: string;
  options: ChoiceOption[];
}

/** A question answered with a file ("choose the game file of …"): a file chooser (and drop) and Cancel. */
export interface FileQuestion {
  title: string;
  text: string;
  /** The file input's accessible name. */
  label: string;
  cancel: string;
  accept?: string;
}

class ChoiceService {
  pending = $state.raw<(Choice & { resolve: (id: string | null) => void }) | null>(null);
  pendingFile = $state.raw<(FileQuestion & { resolve: (file: File | null) => void }) | null>(null);

  askFile(q: FileQuestion): Promise<File | null> {
    this.pendingFile?.resolve(null);
    return new Promise((resolve) => {
      this.pendingFile = { ...q, resolve };
    });
  }

  /** The chosen (or dropped) file; null is Cancel or Escape. */
  answerFile(file: File | null) {
    const p = this.pendingFile;
    this.pendingFile = null;
    p?.resolve(file);
  }

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
export const askFile = (q: FileQuestion) => choices.askFile(q);
