// Slash commands in the chat (`/set_grid_size 10 10`, `/help`): a registry tool run on the open level
// without the model, offline and with no key. Edits land as one undo step; a change to the game waits
// for review; an analysis shows its progress like a turn and goes to the Analysis panel.
import type { LevelT } from '../../core/level/index.ts';
import { outcomeIntents, runTool, type AnalysisService } from '../../core/tools/index.ts';
import type { Note } from '../../ai/messages.ts';
import { parseSlash, slashHelp } from '../../ai/slash.ts';
import type { EditorStore } from '../editor.svelte.ts';
import { uid, type Conversation } from './conversation.svelte.ts';
import type { CopilotTurn } from './turn.svelte.ts';
import { analysisBrief, toolBrief } from '../../ai/briefs.ts';

export interface SlashDeps {
  editor: EditorStore;
  conversation: Conversation;
  turn: CopilotTurn;
  analysis: () => AnalysisService | undefined;
  clock: () => number;
}

export async function runSlash(d: SlashDeps, text: string, level: LevelT) {
  const { conversation } = d;
  const turnId = uid();
  const say = (note: Note, english: string, kind?: 'error' | 'stopped') => conversation.noteNotice(note, english, { ...(kind ? { kind } : {}), turnId });
  conversation.add({ id: uid(), levelId: level.id, turnId, role: 'user', content: text, createdAt: d.clock() });
  const cmd = parseSlash(text);
  if ('error' in cmd) {
    const note: Note = cmd.usage
      ? { key: 'slash.malformed', params: { problem: cmd.error, usage: cmd.usage } }
      : cmd.near?.length
        ? { key: 'slash.unknownNear', params: { name: cmd.name ?? '', near: cmd.near.join(' ') } }
        : { key: 'slash.unknown', params: { name: cmd.name ?? '' } };
    return say(note, cmd.error, 'error');
  }
  if (cmd.name === 'help') return say({ key: 'slash.help' }, slashHelp());
  const t0 = performance.now();
  // an analysis command shows the bots' progress like a turn does, and Stop cancels it
  const signal = d.turn.begin();
  try {
    const r = await runTool(level, cmd.name, cmd.args, { analysis: d.analysis(), signal });
    if (!r.ok) return say({ key: 'slash.refused', params: { problem: r.error } }, r.error, 'error');
    if (r.kind === 'game' && r.gameChange) {
      // a change to the game is never applied at once, not even by a command: it waits for review
      conversation.add({ id: uid(), levelId: level.id, turnId, role: 'assistant', content: '', createdAt: d.clock(), operations: [{ intent: r.gameChange.intent, summary: r.summary }], applied: 'pending' });
      return;
    }
    const made = outcomeIntents(r);
    if (r.kind === 'edit' && r.intent && made.length === 1) {
      const tr = d.editor.transact(text.slice(0, 60), [r.intent]);
      if (!tr.ok) return say({ key: 'slash.refused', params: { problem: tr.error } }, tr.error, 'error');
      return say(toolBrief(r.intent), r.summary);
    }
    // a tuning (or a generation with a target) lands as one undo step of all its intents
    if (made.length) {
      const tr = d.editor.transact(text.slice(0, 60), made);
      if (!tr.ok) return say({ key: 'slash.refused', params: { problem: tr.error } }, tr.error, 'error');
    }
    if (r.kind === 'analysis') d.turn.publishFromTurn(cmd.name, made.length ? r.level : level, r.data, cmd.args, performance.now() - t0);
    const brief = r.kind === 'analysis' ? analysisBrief(cmd.name, r.data) : null;
    // the full result stays readable (Markdown, sanitised); the first line is in the designer's language
    say(brief ? { key: 'slash.result', params: { details: r.summary }, notes: { brief } } : { key: 'slash.raw', params: { details: r.summary } }, r.summary);
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') say({ key: 'chat.note.stopped' }, 'Stopped.', 'stopped');
    else say({ key: 'slash.refused', params: { error: (e as Error)?.message ?? String(e) } }, String(e), 'error');
  } finally {
    d.turn.end();
  }
}
