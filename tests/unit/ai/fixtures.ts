// Streams in the wire shapes real providers send (our own transcripts of the documented formats).
import type { ChunkLike } from '../../../src/ai/assembler.ts';

const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Partial<ChunkLike> = {}): ChunkLike => ({
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});
const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

export const fixtures: Record<string, { chunks: ChunkLike[]; expect: { name: string; arguments: string }[]; usage?: number | null; text?: string; reasoning?: string }> = {
  'arguments split over many chunks (OpenAI)': {
    chunks: [
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'set_grid_size', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"wid' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'th": 10, ' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"height": 10}' } }] }),
      chunk({}, 'tool_calls'),
      { model: 'm', choices: [], usage },
    ],
    expect: [{ name: 'set_grid_size', arguments: '{"width": 10, "height": 10}' }],
    usage: 120,
  },
  'parallel calls (OpenAI)': {
    chunks: [
      chunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'set_move_limit', arguments: '{"mo' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'set_colors', arguments: '{"colors"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ves": 30}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ': 4}' } }] }),
      chunk({}, 'tool_calls', { usage }),
    ],
    expect: [
      { name: 'set_move_limit', arguments: '{"moves": 30}' },
      { name: 'set_colors', arguments: '{"colors": 4}' },
    ],
    usage: 120,
  },
  'index missing on every delta (Gemini)': {
    chunks: [
      chunk({ tool_calls: [{ id: 'g1', type: 'function', function: { name: 'paint_tile', arguments: '{"x":1,"y":2,"tile":"red"}' } }] }),
      chunk({ tool_calls: [{ id: 'g2', type: 'function', function: { name: 'paint_tile', arguments: '{"x":2,"y":2,"tile":"red"}' } }] }),
      chunk({}, 'stop'),
    ],
    expect: [
      { name: 'paint_tile', arguments: '{"x":1,"y":2,"tile":"red"}' },
      { name: 'paint_tile', arguments: '{"x":2,"y":2,"tile":"red"}' },
    ],
    usage: null,
  },
  'a whole call in one delta with no index and no type (Mistral, Groq)': {
    chunks: [
      chunk({ content: '' }),
      chunk({ tool_calls: [{ function: { name: 'clear_all', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'set_move_limit', arguments: '{"moves":12}' } }] }, 'tool_calls'),
    ],
    expect: [
      { name: 'clear_all', arguments: '{}' },
      { name: 'set_move_limit', arguments: '{"moves":12}' },
    ],
  },
  'indexes starting at 1 (Anthropic compat)': {
    chunks: [
      chunk({ content: 'Resizing.' }),
      chunk({ tool_calls: [{ index: 1, id: 'toolu_1', type: 'function', function: { name: 'set_grid_size', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"width":8,' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '"height":8}' } }] }),
      chunk({}, 'tool_calls'),
    ],
    expect: [{ name: 'set_grid_size', arguments: '{"width":8,"height":8}' }],
    text: 'Resizing.',
  },
  'continuation deltas with id "" (Qwen)': {
    chunks: [
      chunk({ tool_calls: [{ index: 0, id: 'call_q', type: 'function', function: { name: 'paint_cover_region', arguments: '{"x1":0,' } }] }),
      chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '"y1":7,"x2":8,"y2":8,' } }] }),
      chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '"cover":"ice"}' } }] }),
      chunk({}, 'tool_calls'),
    ],
    expect: [{ name: 'paint_cover_region', arguments: '{"x1":0,"y1":7,"x2":8,"y2":8,"cover":"ice"}' }],
  },
  'every call at index 0 (Ollama)': {
    chunks: [
      chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'set_move_limit', arguments: '{"moves":20}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'call_b', function: { name: 'set_colors', arguments: '{"colors":5}' } }] }),
      chunk({}, 'tool_calls'),
    ],
    expect: [
      { name: 'set_move_limit', arguments: '{"moves":20}' },
      { name: 'set_colors', arguments: '{"colors":5}' },
    ],
  },
  'empty arguments "" mean {}': {
    chunks: [chunk({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'clear_all', arguments: '' } }] }), chunk({}, 'tool_calls')],
    expect: [{ name: 'clear_all', arguments: '{}' }],
  },
  'usage with the finish chunk': {
    chunks: [chunk({ content: 'Hi' }), chunk({}, 'stop', { usage })],
    expect: [],
    usage: 120,
    text: 'Hi',
  },
  'usage: null everywhere': {
    chunks: [chunk({ content: 'A' }, null, { usage: null }), chunk({ content: 'B' }, 'stop', { usage: null })],
    expect: [],
    usage: null,
    text: 'AB',
  },
  'reasoning_content and reasoning deltas': {
    chunks: [chunk({ reasoning_content: 'Think ' }), chunk({ reasoning: 'more.' }), chunk({ content: 'Done.' }, 'stop')],
    expect: [],
    text: 'Done.',
    reasoning: 'Think more.',
  },
  'content as an array of thinking and text parts (Mistral reasoning models)': {
    chunks: [
      chunk({ role: 'assistant', content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'The board is 9×9; ' }] }] }),
      chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'ice needs a tile under it.' }] }] }),
      chunk({ content: [{ type: 'text', text: 'Ice goes on ' }] }),
      chunk({ content: [{ type: 'text', text: 'the bottom row.' }] }, 'stop', { usage }),
    ],
    expect: [],
    text: 'Ice goes on the bottom row.',
    reasoning: 'The board is 9×9; ice needs a tile under it.',
    usage: 120,
  },
  'content parts mixed with a plain string in one delta': {
    chunks: [chunk({ content: ['Plain ', { type: 'text', text: 'and part.' }, { type: 'image_url', image_url: { url: 'x' } }] }, 'stop')],
    expect: [],
    text: 'Plain and part.',
  },
  'usage only in Groq\'s x_groq block': {
    chunks: [chunk({ content: 'Hi' }), chunk({}, 'stop', { x_groq: { usage: { prompt_tokens: 70, completion_tokens: 5, total_tokens: 75 } } })],
    expect: [],
    usage: 75,
    text: 'Hi',
  },
  'usage on the choice itself (Moonshot)': {
    chunks: [{ model: 'm', choices: [{ index: 0, delta: { content: 'Yes' }, finish_reason: 'stop', usage: { prompt_tokens: 9, completion_tokens: 1 } }] }],
    expect: [],
    usage: 10,
    text: 'Yes',
  },
  'reasoning as a list of parts (OpenRouter)': {
    chunks: [chunk({ reasoning: [{ type: 'text', text: 'Check the moves.' }] }), chunk({ content: 'Fine.' }, 'stop')],
    expect: [],
    text: 'Fine.',
    reasoning: 'Check the moves.',
  },
};

export const noFinish: ChunkLike[] = [chunk({ content: 'Half an ans' })];
