import { describe, expect, it } from 'vitest';
import { ToolCallAssembler, StreamIncompleteError } from '../../../src/ai/assembler.ts';
import { fixtures, noFinish } from './fixtures.ts';

describe('tool-call assembler', () => {
  for (const [name, f] of Object.entries(fixtures)) {
    it(name, () => {
      const asm = new ToolCallAssembler();
      for (const c of f.chunks) asm.push(c);
      const r = asm.finishStream();
      expect(r.toolCalls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual(f.expect);
      expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(r.toolCalls.length);
      if (f.usage !== undefined) expect(r.usage?.totalTokens ?? null).toBe(f.usage);
      if (f.text !== undefined) expect(r.text).toBe(f.text);
      if (f.reasoning !== undefined) expect(r.reasoning).toBe(f.reasoning);
      for (const c of r.toolCalls) expect(() => JSON.parse(c.arguments)).not.toThrow();
    });
  }

  it('a stream that ends without finish_reason is an error, not a silent success', () => {
    const asm = new ToolCallAssembler();
    for (const c of noFinish) asm.push(c);
    expect(() => asm.finishStream()).toThrow(StreamIncompleteError);
    expect(() => new ToolCallAssembler().finishStream()).toThrow(/without an answer/);
  });

  it('a final chunk with finish_reason "length" is reported, so the agent can say the answer was cut off', () => {
    const asm = new ToolCallAssembler();
    asm.push({ choices: [{ index: 0, delta: { content: 'The first half' } }] });
    asm.push({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
    expect(asm.finishStream()).toMatchObject({ text: 'The first half', finishReason: 'length' });
  });

  it('never turns a content part into "[object Object]"', () => {
    const asm = new ToolCallAssembler();
    asm.push({ choices: [{ index: 0, delta: { content: [{ type: 'text', text: 'ok' }, { type: 'unknown', data: 1 }] } }] });
    asm.push({ choices: [{ index: 0, delta: { content: { type: 'text', text: '!' } }, finish_reason: 'stop' }] });
    const r = asm.finishStream();
    expect(r.text).toBe('ok!');
    expect(r.text).not.toContain('[object');
  });

  it('push returns the text and reasoning each chunk adds, for live display', () => {
    const asm = new ToolCallAssembler();
    expect(asm.push({ choices: [{ index: 0, delta: { content: 'He' } }] })).toEqual({ text: 'He', reasoning: '' });
    expect(asm.push({ choices: [{ index: 0, delta: { reasoning_content: 'hm' } }] })).toEqual({ text: '', reasoning: 'hm' });
  });
});
