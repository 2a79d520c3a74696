// The text tool protocol for models without native tools: the prompt lists the tools, the model
// writes <tool_call>{"name": …, "arguments": …}</tool_call> blocks, results go back in <tool_response>.
import type { ToolSpec } from '../core/tools/specs.ts';
import { setGridSize } from '../core/tools/settings.ts';

export function textProtocolPrompt(tools: readonly ToolSpec[]): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description}\n  parameters: ${JSON.stringify(t.parameters)}`).join('\n');
  return [
    'You can call tools. To call one, write a block exactly like this (one block per call, several blocks allowed):',
    `<tool_call>{"name": "${setGridSize.name}", "arguments": {"width": 10, "height": 10}}</tool_call>`,
    'Then stop and wait: the results come back in <tool_response> blocks. When you need no more tools, answer normally without any <tool_call> block.',
    'Available tools:',
    list,
  ].join('\n');
}

export interface ParsedTextCall {
  name: string;
  arguments: string;
}

/** Finds tool calls in a text answer: closed or unclosed <tool_call> blocks, also inside ```json fences. */
export function parseTextToolCalls(text: string): { calls: ParsedTextCall[]; errors: string[]; visibleText: string } {
  const calls: ParsedTextCall[] = [];
  const errors: string[] = [];
  const re = /<tool_call>\s*([\s\S]*?)\s*(?:<\/tool_call>|(?=<tool_call>)|$)/g;
  let visible = text;
  for (const m of text.matchAll(re)) {
    let body = m[1].trim();
    const fence = body.match(/^```(?:json)?\s*([\s\S]*?)\s*```$/);
    if (fence) body = fence[1].trim();
    if (!body) continue;
    visible = visible.replace(m[0], '');
    try {
      const obj = JSON.parse(body) as { name?: unknown; arguments?: unknown; parameters?: unknown };
      if (typeof obj.name !== 'string') {
        errors.push(`a <tool_call> block has no "name": ${body.slice(0, 120)}`);
        continue;
      }
      const args = obj.arguments ?? obj.parameters ?? {};
      calls.push({ name: obj.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
    } catch {
      errors.push(`a <tool_call> block is not valid JSON: ${body.slice(0, 120)}`);
    }
  }
  // a bare ```json fence holding {"name", "arguments"} counts too (some models forget the tags)
  if (!calls.length && !errors.length) {
    for (const m of text.matchAll(/```(?:json)?\s*(\{[\s\S]*?\})\s*```/g)) {
      try {
        const obj = JSON.parse(m[1]) as { name?: unknown; arguments?: unknown };
        if (typeof obj.name === 'string' && obj.arguments !== undefined) {
          calls.push({ name: obj.name, arguments: typeof obj.arguments === 'string' ? obj.arguments : JSON.stringify(obj.arguments) });
          visible = visible.replace(m[0], '');
        }
      } catch {
        /* an ordinary code block */
      }
    }
  }
  return { calls, errors, visibleText: visible.trim() };
}

export function toolResponsesMessage(results: { name: string; ok: boolean; content: string }[]): string {
  return results.map((r) => `<tool_response name="${r.name}" ok="${r.ok}">\n${r.content}\n</tool_response>`).join('\n');
}
