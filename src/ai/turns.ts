// Stored messages as the wire messages sent to the model, turn by turn (native tool calls or the
// text protocol). Only the copilot's agent needs this, so it loads with the agent, not with the page.
import type { WireMessage } from './client.ts';
import type { ChatMessage } from './messages.ts';
import type { Turn } from './prompt.ts';
import { toolResponsesMessage } from './textProtocol.ts';

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
