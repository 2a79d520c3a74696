// One cancellable job at a time for a store (an analysis, a tuning search, a pack run): the abort
// controller behind its Cancel, and the one rule for how it ends — a cancel is not an error.

export class Job {
  private ctl: AbortController | null = null;

  /** Runs `work` with a fresh abort signal; `onError` gets the message of any failure but a cancel, `onEnd` always runs. */
  async run(work: (signal: AbortSignal) => Promise<void>, onError: (message: string) => void, onEnd: () => void): Promise<void> {
    const ctl = (this.ctl = new AbortController());
    try {
      await work(ctl.signal);
    } catch (e) {
      if ((e as Error).name !== 'AbortError') onError((e as Error).message);
    } finally {
      onEnd();
      this.ctl = null;
    }
  }

  cancel() {
    this.ctl?.abort();
  }
}
