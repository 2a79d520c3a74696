// What a conversation stores per level (Dexie `messages`), and how stored messages become the
// wire messages sent to the model.
import * as z from 'zod/mini';
import '../core/zod.ts';
import type { WireMessage } from './client.ts';
import { toolResponsesMessage } from './textProtocol.ts';
import type { Turn } from './prompt.ts';
import { ScoreEntry } from './scores.ts';

const Intent = z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) });

const NoteParams = z.record(z.string(), z.union([z.string(), z.number()]));
const NoteSchema = z.object({
  key: z.string(),
  params: z.optional(NoteParams),
  /** Translated one by one and joined into the `{list}` parameter. */
  list: z.optional(z.array(z.object({ key: z.string(), params: z.optional(NoteParams) }))),
});
export type Note = z.infer<typeof NoteSchema>;

export const ChatMessage = z.object({
  id: z.string(),
  levelId: z.string(),
  turnId: z.string(),
  role: z.enum(['user', 'assistant', 'tool', 'notice']),
  content: z.string(),
  createdAt: z.number(),
  /** assistant: the model's reasoning (shown collapsed). */
  reasoning: z.optional(z.string()),
  /** assistant: the calls it made, with their outcome once run. */
  toolCalls: z.optional(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        arguments: z.string(),
        ok: z.optional(z.boolean()),
        result: z.optional(z.string()),
        /** An analysis result in one sentence, in the designer's language. */
        brief: z.optional(NoteSchema),
      }),
    ),
  ),
  /** assistant in text-protocol mode: the raw answer with its <tool_call> blocks. */
  raw: z.optional(z.string()),
  /** tool: which call this answers. */
  toolCallId: z.optional(z.string()),
  toolName: z.optional(z.string()),
  ok: z.optional(z.boolean()),
  /** the turn's final assistant message: the edits it proposed and what became of them. */
  operations: z.optional(
    z.array(
      z.object({
        intent: Intent,
        summary: z.string(),
        /** What the designer decided, and when (ms since the epoch). */
        status: z.optional(z.enum(['applied', 'declined'])),
        at: z.optional(z.number()),
      }),
    ),
  ),
  applied: z.optional(z.enum(['auto', 'pending', 'applied', 'partial', 'cancelled', 'none'])),
  appliedIndexes: z.optional(z.array(z.number())),
  /** When the proposal was applied or cancelled. */
  decidedAt: z.optional(z.number()),
  /** notice: also shown to the model (applied/declined), or only to the designer. */
  forModel: z.optional(z.boolean()),
  kind: z.optional(z.enum(['info', 'error', 'stopped'])),
  /** notice: the same text as a catalogue key, shown in the designer's language (`content` stays English for the model and logs). */
  note: z.optional(NoteSchema),
  usage: z.optional(z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() })),
  model: z.optional(z.string()),
  mode: z.optional(z.enum(['native', 'text'])),
  /** tool: the level versions this analysis or tuning measured (the copilot's score history). */
  scores: z.optional(z.array(ScoreEntry)),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Stored messages grouped into turns of wire messages, for the native-tools or the text protocol. */
export function toTurns(history: readonly ChatMessage[], mode: 'native' | 'text'): Turn[] {
  const turns = new Map<string, WireMessage[]>();
  const pendingResponses = new Map<string, { name: string; ok: boolean; content: string }[]>();
  const push = (turnId: string, m: WireMessage) => {
    let list = turns.get(turnId);
    if (!list) turns.set(turnId, (list = []));
    list.push(m);
  };
  const flushText = (turnId: string) => {
    const r = pendingResponses.get(turnId);
    if (r?.length) push(turnId, { role: 'user', content: toolResponsesMessage(r) });
    pendingResponses.delete(turnId);
  };
  for (const m of history) {
    if (m.role === 'user') {
      flushText(m.turnId);
      push(m.turnId, { role: 'user', content: m.content });
    } else if (m.role === 'assistant') {
      flushText(m.turnId);
      if (mode === 'native' && m.toolCalls?.length)
        push(m.turnId, {
          role: 'assistant',
          content: m.content || null,
          ...(m.reasoning ? { reasoning_content: m.reasoning } : {}),
          tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
        });
      else push(m.turnId, { role: 'assistant', content: mode === 'text' && m.raw ? m.raw : m.content });
    } else if (m.role === 'tool') {
      if (mode === 'native') push(m.turnId, { role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content });
      else {
        const list = pendingResponses.get(m.turnId) ?? [];
        list.push({ name: m.toolName ?? 'tool', ok: m.ok ?? true, content: m.content });
        pendingResponses.set(m.turnId, list);
      }
    } else if (m.role === 'notice' && m.forModel) {
      flushText(m.turnId);
      push(m.turnId, { role: 'user', content: `[Studio] ${m.content}` });
    }
  }
  for (const id of pendingResponses.keys()) flushText(id);
  return [...turns.values()].map((messages) => ({ messages: fixOrphans(messages, mode) }));
}

/** A native tool message must follow the assistant message that called it; drop strays (a stopped turn). */
function fixOrphans(messages: WireMessage[], mode: 'native' | 'text'): WireMessage[] {
  if (mode === 'text') return messages;
  const out: WireMessage[] = [];
  const open = new Set<string>();
  for (const m of messages) {
    if (m.role === 'assistant') {
      open.clear();
      for (const c of m.tool_calls ?? []) open.add(c.id);
    }
    if (m.role === 'tool' && !open.has(m.tool_call_id)) continue;
    out.push(m);
  }
  // an assistant whose calls have no answers (stopped mid-turn) keeps only its text
  return out.map((m, i) => {
    if (m.role !== 'assistant' || !m.tool_calls?.length) return m;
    const answered = new Set(out.slice(i + 1).filter((x): x is Extract<WireMessage, { role: 'tool' }> => x.role === 'tool').map((x) => x.tool_call_id));
    if (m.tool_calls.every((c) => answered.has(c.id))) return m;
    return { role: 'assistant' as const, content: m.content ?? '' };
  });
}
