// Stream re-chunking fuzz: every stream fixture, written as the server-sent events a provider sends,
// cut at random byte boundaries (inside UTF-8 sequences, inside `data:` lines, one byte at a time)
// and read through the real client (the openai SDK's SSE reader and our assembler): the same calls,
// text, reasoning and usage as the fixture read whole.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ToolCallAssembler, type ChunkLike } from '../../../src/ai/assembler.ts';
import { OpenAICompatibleProvider } from '../../../src/ai/client.ts';
import { newProvider } from '../../../src/ai/providers.ts';
import { fixtures } from '../ai/fixtures.ts';
import { report, scaled } from './scale.ts';

const chunk = (delta: Record<string, unknown>, finish: string | null = null): ChunkLike => ({ model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });

/** Fixtures with multi-byte text, so cuts land inside UTF-8 sequences. */
const unicode: Record<string, { chunks: ChunkLike[] }> = {
  'Chinese text, emoji and a unicode argument': {
    chunks: [
      chunk({ role: 'assistant', content: '好的，' }),
      chunk({ content: '把关卡改名为「冰 🧊 关」。' }),
      chunk({ tool_calls: [{ index: 0, id: 'u1', type: 'function', function: { name: 'rename_level', arguments: '{"name":"冰 🧊' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ' 关 — é\\u00e9"}' } }] }),
      chunk({}, 'tool_calls'),
    ],
  },
  'reasoning in Chinese then text': {
    chunks: [chunk({ reasoning_content: '先想一想……' }), chunk({ content: '𝄞 done ✓' }, 'stop')],
  },
};

const all: [string, ChunkLike[]][] = [...Object.entries(fixtures).map(([k, f]) => [k, f.chunks] as [string, ChunkLike[]]), ...Object.entries(unicode).map(([k, f]) => [k, f.chunks] as [string, ChunkLike[]])];

/** The fixture as a provider writes it on the wire; line endings and spacing vary as they do in the wild. */
function sse(chunks: ChunkLike[], style: { crlf: boolean; space: boolean; comments: boolean }): Uint8Array {
  const nl = style.crlf ? '\r\n' : '\n';
  const lines = chunks.map((c) => `${style.comments ? `: keep-alive${nl}` : ''}data:${style.space ? ' ' : ''}${JSON.stringify(c)}${nl}${nl}`);
  return new TextEncoder().encode(lines.join('') + `data: [DONE]${nl}${nl}`);
}

function cutAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) out.push(bytes.slice(from, p));
    from = Math.max(from, p);
  }
  return out;
}

async function readThroughClient(pieces: Uint8Array[]) {
  const fetchImpl = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const p of pieces) controller.enqueue(p);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    )) as unknown as typeof fetch;
  const provider = new OpenAICompatibleProvider({ ...newProvider('ollama'), baseURL: 'http://fuzz.invalid/v1', model: 'm' }, undefined, fetchImpl);
  let live = '';
  const r = await provider.stream({ messages: [{ role: 'user', content: 'x' }] }, { onText: (d) => (live += d) });
  return { calls: r.toolCalls.map(({ name, arguments: a }) => ({ name, arguments: a })), text: r.text, reasoning: r.reasoning, usage: r.usage?.totalTokens ?? null, live };
}

function readWhole(chunks: ChunkLike[]) {
  const asm = new ToolCallAssembler();
  for (const c of chunks) asm.push(structuredClone(c));
  const r = asm.finishStream();
  return { calls: r.toolCalls.map(({ name, arguments: a }) => ({ name, arguments: a })), text: r.text, reasoning: r.reasoning, usage: r.usage?.totalTokens ?? null, live: r.text };
}

describe('stream re-chunking fuzz', () => {
  it('every fixture, cut anywhere, reads the same as whole', async () => {
    const totals = { fixtures: all.length, streams: 0, pieces: 0, cutsInsideUtf8: 0 };
    for (const [name, chunks] of all) {
      const expected = readWhole(chunks);
      await fc.assert(
        fc.asyncProperty(
          fc.record({ crlf: fc.boolean(), space: fc.boolean(), comments: fc.boolean() }),
          fc.oneof(fc.array(fc.nat(), { maxLength: 40 }), fc.constant(null)),
          async (style, cuts) => {
            const bytes = sse(chunks, style);
            // null: one byte at a time, the hardest cut of all
            const pieces = cuts === null ? [...bytes].map((b) => Uint8Array.of(b)) : cutAt(bytes, cuts);
            totals.streams++;
            totals.pieces += pieces.length;
            let at = 0;
            for (const p of pieces.slice(0, -1)) {
              at += p.length;
              if ((bytes[at] & 0xc0) === 0x80) totals.cutsInsideUtf8++;
            }
            const got = await readThroughClient(pieces);
            expect(got, name).toEqual(expected);
          },
        ),
        { numRuns: scaled(12, 150) },
      );
    }
    report('stream re-chunking', totals);
    expect(totals.cutsInsideUtf8).toBeGreaterThan(0);
  });
});
