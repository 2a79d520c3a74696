// The simulator on the calling thread: the runner the tools get in node tests and benchmarks, and a
// reference for the pooled runners (same games, same counts). Checks the abort signal between chunks.
import type { LevelT } from '../../level/index.ts';
import { TIERS, type Tier } from '../../facts.ts';
import type { SimRunner } from '../../tools/define.ts';
import { mergeCounts, type SimCounts } from './counts.ts';
import { playGames } from './play.ts';

const CHUNK = 250;

function abortError(): Error {
  const e = new Error('analysis cancelled');
  e.name = 'AbortError';
  return e;
}

export function localRunner(): SimRunner & { gamesPlayed: number } {
  const self = {
    gamesPlayed: 0,
    async tier(level: LevelT, tier: Tier, games: number, opts: { signal?: AbortSignal; onProgress?: (d: number, t: number) => void; first?: number } = {}): Promise<SimCounts> {
      const first = opts.first ?? 0;
      let counts: SimCounts | null = null;
      for (let s = 0; s < games || counts === null; s += CHUNK) {
        if (opts.signal?.aborted) throw abortError();
        const part = playGames(level, { tier, start: first + s, count: Math.min(CHUNK, games - s), curve: true });
        counts = counts ? mergeCounts(counts, part) : part;
        self.gamesPlayed += part.games;
        opts.onProgress?.(counts.games, games);
        await Promise.resolve(); // let a cancel land between chunks
      }
      return counts;
    },
    async deep(level: LevelT, games: number, opts: { signal?: AbortSignal; onProgress?: (d: number, t: number) => void } = {}): Promise<SimCounts[]> {
      const out: SimCounts[] = [];
      for (const [i, tier] of TIERS.entries())
        out.push(await self.tier(level, tier, games, { signal: opts.signal, onProgress: (d) => opts.onProgress?.(i * games + d, TIERS.length * games) }));
      return out;
    },
  };
  return self;
}
