// The copilot's judge memory: a short score history per level — each measured version of the level
// (win rate with its interval, from an analysis or tuning tool) and the edit that led to it — kept on
// the tool messages of the conversation, so "a bit easier than two edits ago" can be answered from
// figures rather than guesses.
import { intervalText, pct } from '../core/format.ts';

// the entry's schema lives with the stored messages (messages.ts), which the page loads at once
export { ScoreEntry } from './messages.ts';
import type { ScoreEntry } from './messages.ts';
import { analyzeLevel, deepAnalyze, generateRandomLevel, tuneLevel } from '../core/tools/heads.ts';

interface Figures {
  winRate: number;
  ci95: { low: number; high: number };
  games: number;
}

/** The scores a tool result carries: analyze_level's tier, deep_analyze's tiers, tune_level's before and after. */
export function scoresFromResult(
  tool: string,
  data: unknown,
  versions: { before: { hash: string; moves: number }; after: { hash: string; moves: number } },
  edit: { before: string; after: string },
): ScoreEntry[] {
  const d = data as { kind?: string; summary?: Figures & { tier: string }; tiers?: Record<string, Figures>; before?: Figures & { moves: number }; after?: Figures & { moves: number }; tier?: string } | null;
  if (!d) return [];
  const entry = (f: Figures, tier: string, v: { hash: string; moves: number }, what: string): ScoreEntry => ({
    hash: v.hash, tier, winRate: f.winRate, low: f.ci95.low, high: f.ci95.high, games: f.games, moves: v.moves, edit: what,
  });
  if (tool === analyzeLevel.name && d.summary) return [entry(d.summary, d.summary.tier, versions.before, edit.before)];
  if (tool === deepAnalyze.name && d.kind === 'deep') {
    const tiers = (d as unknown as { summary: { tiers: Record<string, Figures> } }).summary.tiers;
    return Object.entries(tiers).map(([tier, f]) => entry(f, tier, versions.before, edit.before));
  }
  if (tool === tuneLevel.name || (tool === generateRandomLevel.name && d.kind === 'tune')) {
    if (!d.before || !d.after || !d.tier) return [];
    const out = [entry(d.after, d.tier, versions.after, edit.after)];
    if (tool === tuneLevel.name) out.unshift(entry(d.before, d.tier, versions.before, edit.before));
    return out;
  }
  return [];
}

export const scoreText = (s: ScoreEntry) => `${pct(s.winRate)} (95% CI ${intervalText(s, 1)}, ${s.tier} bot, ${s.games} games, ${s.moves} moves)`;

/** Collapses repeats of the same version and tier (the latest figure wins) and keeps the last `keep`. */
export function condense(entries: readonly ScoreEntry[], keep = 8): ScoreEntry[] {
  const out: ScoreEntry[] = [];
  for (const e of entries) {
    const i = out.findIndex((x) => x.hash === e.hash && x.tier === e.tier);
    if (i >= 0) out.splice(i, 1, { ...e, edit: out[i].edit });
    else out.push(e);
  }
  return out.slice(-keep);
}

/** The score history as the system prompt shows it, newest last, marking the current version. */
export function scoreHistoryText(entries: readonly ScoreEntry[], currentHash: string): string {
  const list = condense(entries);
  if (!list.length) return '';
  const lines = list.map((s, i) => `${i + 1}. ${s.edit} → ${scoreText(s)}${s.hash === currentHash ? ' ← the level as it is now' : ''}`);
  return ['Score history of this level (measured versions, oldest first; quote these, never guess):', ...lines].join('\n');
}

/** The level's measurements before and after a turn's edits (same tier, the latest of each), or null. */
function effectPair(entries: readonly ScoreEntry[], startHash: string, endHash: string): [ScoreEntry, ScoreEntry] | null {
  if (startHash === endHash) return null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const after = entries[i];
    if (after.hash !== endHash) continue;
    const before = [...entries].reverse().find((e) => e.hash === startHash && e.tier === after.tier);
    if (before) return [before, after];
  }
  return null;
}

/** "before → after" for the turn's end, when the level was measured before and after its edits (same tier). */
export function measuredEffect(entries: readonly ScoreEntry[], startHash: string, endHash: string): string | null {
  const pair = effectPair(entries, startHash, endHash);
  return pair && `Measured effect of this turn's edits (${pair[1].tier} bot): ${scoreText(pair[0])} → ${scoreText(pair[1])}.`;
}

/** The same as a catalogue note, so the designer reads it in their language (the model keeps the English). */
export function measuredEffectNote(entries: readonly ScoreEntry[], startHash: string, endHash: string): { key: string; params: Record<string, string | number> } | null {
  const pair = effectPair(entries, startHash, endHash);
  if (!pair) return null;
  const side = (s: ScoreEntry, n: 0 | 1) => ({ [`r${n}`]: pct(s.winRate), [`ci${n}`]: intervalText(s, 1), [`g${n}`]: s.games, [`m${n}`]: s.moves });
  return { key: 'chat.note.effect', params: { tier: `@tier.${pair[1].tier}`, ...side(pair[0], 0), ...side(pair[1], 1) } };
}
