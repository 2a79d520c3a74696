// Focus around a long job (Analyze, Analyze pack): the button that started it keeps focus while the job
// runs (it is marked aria-disabled, not disabled, so focus does not fall to the page), and when the
// job ends focus moves to its result — if the person was still waiting at that button or focus had been
// lost — with a sentence in the live region. A cancelled job gives focus back to the button.
import { tick } from 'svelte';
import { announcer } from './announce.svelte.ts';

export class JobFocus {
  private from: HTMLElement | null = null;
  private started = false;

  /** `origin`: the starting button as it is now (bind:this), should the page have rendered it anew meanwhile. */
  constructor(private readonly origin: () => HTMLElement | null | undefined = () => null) {}

  /** Call from the button's click: remembers it, unless a job already runs (then the click does nothing). */
  start(e: Event, running: boolean, run: () => void) {
    if (running) {
      e.preventDefault();
      return;
    }
    // the button itself (an event delegated by Svelte may report another currentTarget)
    this.from = (e.target as Element | null)?.closest<HTMLElement>('button, [role="button"]') ?? null;
    this.started = true;
    run();
  }

  /** True while focus is where the person started the job, or nowhere (the page itself). */
  private waiting(): boolean {
    const a = document.activeElement;
    return !a || a === document.body || a === this.from || a === this.origin() || !a.isConnected;
  }

  /** Call when the job has ended: `result` is the element to focus (null when there is none, e.g. cancelled). */
  async ended(result: () => HTMLElement | null | undefined, said: string | null) {
    if (!this.started) return;
    const wasWaiting = this.waiting();
    const from = this.origin() ?? this.from;
    this.started = false;
    this.from = null;
    await tick();
    const el = result();
    if (said) announcer.say(said);
    if (!wasWaiting) return;
    if (el) el.focus({ preventScroll: false });
    else if (from?.isConnected) from.focus();
  }
}
