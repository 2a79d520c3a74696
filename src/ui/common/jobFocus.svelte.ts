// Focus around a long job (Analyze, Analyze pack): the button that started it keeps focus while the job
// runs (it is marked aria-disabled, not disabled, so focus does not fall to the page), and when the
// job ends focus moves to its result — if the person was still waiting at that button or focus had been
// lost — with a sentence in the live region. A cancelled job gives focus back to the button.
import { tick } from 'svelte';
import { announcer } from './announce.svelte.ts';

export class JobFocus {
  private from: HTMLElement | null = null;

  /** Call from the button's click: remembers it, unless a job already runs (then the click does nothing). */
  start(e: Event, running: boolean, run: () => void) {
    if (running) {
      e.preventDefault();
      return;
    }
    this.from = e.currentTarget as HTMLElement;
    run();
  }

  /** True while focus is where the person started the job, or nowhere (the page itself). */
  private waiting(): boolean {
    const a = document.activeElement;
    return !a || a === document.body || a === this.from || !a.isConnected;
  }

  /** Call when the job has ended: `result` is the element to focus (null when there is none, e.g. cancelled). */
  async ended(result: () => HTMLElement | null | undefined, said: string | null) {
    const from = this.from;
    this.from = null;
    if (!from) return;
    const wasWaiting = this.waiting();
    await tick();
    const el = result();
    if (said) announcer.say(said);
    if (!wasWaiting) return;
    if (el) el.focus({ preventScroll: false });
    else if (from.isConnected) from.focus();
  }
}
