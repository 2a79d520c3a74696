// Provider presets (OpenAI-compatible endpoints) and the copilot's settings.
import * as z from 'zod/mini';
import '../core/zod.ts';

export interface Preset {
  id: string;
  label: string;
  baseURL: string;
  model: string;
  needsKey: boolean;
  headers?: Record<string, string>;
  /** USD per million tokens (input, output), where known. */
  price?: { input: number; output: number };
  /** What to say when the browser cannot reach it at all (English, for the model and logs)… */
  corsHint?: string;
  /** …and its catalogue key, for the designer's language (src/i18n/catalog/clarity.ts). */
  corsHintKey?: string;
  keyUrl?: string;
  /** The tool set by default: compact for local servers, whose default context window is small (4,096 tokens). */
  toolSet?: 'full' | 'compact';
}

export const PRESETS: Preset[] = [
  { id: 'openai', label: 'OpenAI', baseURL: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', needsKey: true, price: { input: 0.4, output: 1.6 } },
  { id: 'deepseek', label: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', model: 'deepseek-chat', needsKey: true, price: { input: 0.27, output: 1.1 } },
  { id: 'openrouter', label: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4.1-mini', needsKey: true },
  {
    id: 'anthropic',
    label: 'Anthropic',
    baseURL: 'https://api.anthropic.com/v1',
    model: 'claude-sonnet-4-5',
    needsKey: true,
    headers: { 'anthropic-dangerous-direct-browser-access': 'true' },
    price: { input: 3, output: 15 },
  },
  { id: 'gemini', label: 'Google Gemini', baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai/', model: 'gemini-2.5-flash', needsKey: true, price: { input: 0.3, output: 2.5 } },
  { id: 'groq', label: 'Groq', baseURL: 'https://api.groq.com/openai/v1', model: 'llama-3.3-70b-versatile', needsKey: true },
  { id: 'mistral', label: 'Mistral', baseURL: 'https://api.mistral.ai/v1', model: 'mistral-large-latest', needsKey: true },
  { id: 'moonshot', label: 'Moonshot (Kimi)', baseURL: 'https://api.moonshot.ai/v1', model: 'kimi-k2-0905-preview', needsKey: true },
  { id: 'qwen', label: 'Qwen (DashScope)', baseURL: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1', model: 'qwen-plus', needsKey: true },
  {
    id: 'ollama',
    label: 'Ollama (local)',
    baseURL: 'http://localhost:11434/v1',
    model: 'qwen2.5:7b',
    needsKey: false,
    toolSet: 'compact',
    corsHint: 'Start Ollama with OLLAMA_ORIGINS set to this page\'s origin (or "*"), for example: `OLLAMA_ORIGINS="*" ollama serve`',
    corsHintKey: 'err.cors.ollama',
  },
  {
    id: 'lmstudio',
    label: 'LM Studio (local)',
    baseURL: 'http://localhost:1234/v1',
    model: 'local-model',
    needsKey: false,
    toolSet: 'compact',
    corsHint: 'In LM Studio, open the Developer tab and turn on "Enable CORS" for the local server.',
    corsHintKey: 'err.cors.lmstudio',
  },
  { id: 'custom', label: 'Custom (OpenAI-compatible)', baseURL: '', model: '', needsKey: false },
];

export function presetOf(id: string): Preset {
  return PRESETS.find((p) => p.id === id) ?? PRESETS[PRESETS.length - 1];
}

export const ProviderConfig = z.object({
  id: z.string(),
  preset: z.string(),
  name: z.string(),
  baseURL: z.string(),
  model: z.string(),
  /** Only present in memory, or in storage when rememberKey is ticked; never exported. */
  apiKey: z.optional(z.string()),
  rememberKey: z._default(z.boolean(), false),
  /** A key was given for this provider (not the key): after a reload that did not keep it, it is asked for, not left out. */
  keyGiven: z.optional(z.boolean()),
  fallbackModels: z._default(z.array(z.string()), []),
  toolMode: z._default(z.enum(['native', 'text', 'auto']), 'auto'),
  /** Sampling temperature; absent = the provider's default (not sent). */
  temperature: z.optional(z.number().check(z.gte(0), z.lte(2))),
  /** `max_tokens` of each answer; absent = not sent. */
  maxOutputTokens: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
  /** Request timeout in seconds; absent = 120 s. */
  timeoutS: z.optional(z.number().check(z.gte(1), z.lte(3600))),
  /** Retries of the last model on a retryable failure; absent = 3. */
  retries: z.optional(z.int().check(z.gte(0), z.lte(10))),
  /** The tools offered to the model: all of them, or the compact set for small models; absent = the preset's default. */
  toolSet: z.optional(z.enum(['full', 'compact'])),
});
export type ProviderConfig = z.infer<typeof ProviderConfig>;

export const CopilotSettings = z.object({
  providers: z._default(z.array(ProviderConfig), []),
  activeId: z._default(z.nullable(z.string()), null),
  applyMode: z._default(z.enum(['auto', 'review']), 'auto'),
  roundLimit: z._default(z.int().check(z.gte(1), z.lte(30)), 8),
  tokenBudget: z._default(z.int().check(z.gte(1000), z.lte(2_000_000)), 200_000),
  /** Models that refused `tools` and use the text protocol: "baseURL|model". */
  textModeModels: z._default(z.array(z.string()), []),
});
export type CopilotSettings = z.infer<typeof CopilotSettings>;

export function newProvider(presetId: string): ProviderConfig {
  const p = presetOf(presetId);
  return {
    id: `${presetId}-${Math.random().toString(36).slice(2, 8)}`,
    preset: p.id,
    name: p.label,
    baseURL: p.baseURL,
    model: p.model,
    rememberKey: false,
    fallbackModels: [],
    toolMode: 'auto',
  };
}

/** The tool set a provider uses: its own setting, else its preset's default (compact for Ollama and LM Studio). */
export function toolSetOf(cfg: Pick<ProviderConfig, 'preset' | 'toolSet'>): 'full' | 'compact' {
  return cfg.toolSet ?? presetOf(cfg.preset).toolSet ?? 'full';
}

/** Estimated cost in USD, where the preset knows prices. */
export function estimateCost(presetId: string, promptTokens: number, completionTokens: number): number | null {
  const p = presetOf(presetId).price;
  if (!p) return null;
  return (promptTokens * p.input + completionTokens * p.output) / 1e6;
}
