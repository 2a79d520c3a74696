// Saver.flush (src/db/saver.ts) resolves only when every write waiting at the call is written, however
// many flushes run at once: a backup or export awaits it, then reads the database (a flush that returned
// while another caller's batch was still writing let a backup made right after an import miss levels).
import { describe, expect, it } from 'vitest';
import { Saver } from '../../../src/db/saver.ts';

describe('Saver.flush with flushes running at once', () => {
  it('each flush returns after the writes waiting when it was called are done', async () => {
    const saver = new Saver(() => {}, String, 0);
    const written: string[] = [];
    const write = (key: string) => () => new Promise<void>((r) => setTimeout(() => (written.push(key), r()), 5));
    saver.schedule('a', write('a'));
    const first = saver.flush(); // writes a
    saver.schedule('b', write('b'));
    const second = saver.flush(); // waits for a, then writes b
    const third = saver.flush(); // waits for a — and must wait for b too
    await third;
    expect(written).toEqual(['a', 'b']);
    await Promise.all([first, second]);
    expect(saver.hasPending).toBe(false);
  });
});
