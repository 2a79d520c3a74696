// Deferred writes: after the next frame when the page has frames, soon when it has none; once either way.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame, writeAfterNextFrame } from '../../../src/db/afterFrame.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextFrame', () => {
  it('runs after the frame (the task its callback posts), once, even when the fallback timer fires later', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    const fn = vi.fn();
    afterNextFrame(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20); // no frame yet: still waiting
    expect(fn).not.toHaveBeenCalled();
    frames.shift()!(); // the frame begins: the write waits for the task after it
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('without frames (a background tab, node) the write still happens, once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0); // frames paused: the callback never comes
    const fn = vi.fn();
    afterNextFrame(fn);
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('writeAfterNextFrame passes on the write’s result and its failure', async () => {
    await expect(writeAfterNextFrame(async () => 7)).resolves.toBe(7);
    await expect(writeAfterNextFrame(() => undefined)).resolves.toBeUndefined();
    await expect(writeAfterNextFrame(async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    await expect(
      writeAfterNextFrame(() => {
        throw new Error('closed');
      }),
    ).rejects.toThrow('closed');
  });
});
