// What a conversation stores per level (the `messages` store). How stored messages become the wire
// messages sent to the model is in turns.ts, which loads with the copilot's agent.
import * as z from 'zod/mini';
import '../core/zod.ts';

/** One measured level version in the copilot's score history (src/ai/scores.ts builds them). */
export const ScoreEntry = z.object({
  /** Content hash of the measured level version. */
  hash: z.string(),
  tier: z.string(),
  winRate: z.number(),
  low: z.number(),
  high: z.number(),
  games: z.number(),
  moves: z.number(),
  /** What made this version: the edits since the previous measured one, in words. */
  edit: z.string(),
});
export type ScoreEntry = z.infer<typeof ScoreEntry>;

const Intent = z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) });

const NoteParams = z.record(z.string(), z.union([z.string(), z.number()]));
const PlainNote = z.object({ key: z.string(), params: z.optional(NoteParams) });
const NoteSchema = z.object({
  key: z.string(),
  params: z.optional(NoteParams),
  /** Translated one by one and joined into the `{list}` parameter. */
  list: z.optional(z.array(PlainNote)),
  /** Parameters that are notes themselves, each said in the designer's language when this one is. */
  notes: z.optional(z.record(z.string(), PlainNote)),
});
export type Note = z.infer<typeof NoteSchema>;
/** What the chat's stores say to the designer: a note the UI words in their language, or text said as it is (a provider's own message). */
export type Said = Note | { text: string };

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
        /** A level edit measured with a change to the game: reviewed with it, in Auto mode too (operation.ts). */
        withGame: z.optional(z.boolean()),
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
  usage: z.optional(z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number(), cachedTokens: z.optional(z.number()) })),
  /** assistant: what its request weighed (src/ai/requestSize.ts): characters of tools, system prompt and messages. */
  request: z.optional(
    z.object({
      toolsChars: z.number(),
      systemChars: z.number(),
      messagesChars: z.number(),
      tokens: z.number(),
      toolSet: z.optional(z.enum(['full', 'compact'])),
      round: z.optional(z.number()),
    }),
  ),
  model: z.optional(z.string()),
  mode: z.optional(z.enum(['native', 'text'])),
  /** assistant: the text streamed before the reply was stopped or failed, kept as it was and marked cut off. */
  cutOff: z.optional(z.enum(['stopped', 'failed'])),
  /** tool: the level versions this analysis or tuning measured (the copilot's score history). */
  scores: z.optional(z.array(ScoreEntry)),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
