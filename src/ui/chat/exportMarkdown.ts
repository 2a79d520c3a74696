// The conversation as Markdown in the designer's language (the model's own words stay as written): the
// chat store gives the messages and totals (`exportData`), this words them.
import type { ConversationExport } from '../../stores/chat.svelte.ts';
import type { LevelT } from '../../core/level/index.ts';
import { noteText, toolLine } from '../../i18n/chatText.ts';
import { intentLabel } from '../../i18n/intentLabel.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import copilotStrings from '../../i18n/catalog/lazy/copilot.ts';
addCatalogPart(copilotStrings); // the export's words load with the chat's code

const time = (ms: number | undefined) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '');

/** `level`, the open level: its game names the elements the edits paint. */
export function conversationMarkdown({ levelName, messages, usage }: ConversationExport, level?: LevelT): string {
  const lines = [t('md.title', { name: levelName }), ''];
  for (const m of messages) {
    if (m.role === 'user') lines.push(`**${t('md.designer')}:** ${m.content}`, '');
    else if (m.role === 'assistant') {
      if (m.content) lines.push(`**${t('md.copilot')}${m.model ? ` (${m.model})` : ''}:** ${m.content}`, '');
      for (const c of m.toolCalls ?? []) lines.push(`- \`${c.name}\` → ${c.ok === false ? t('md.error') + ': ' : ''}${toolLine(c, level)}`);
      if (m.operations?.length) {
        lines.push('', `${t('md.operations', { state: t('md.state.' + (m.applied ?? 'pending')) })}:`);
        m.operations.forEach((o, i) => {
          const decided = o.status ? ` ${o.status === 'applied' ? '✔' : '✗'} ${t('md.op.' + o.status)} ${time(o.at)}` : m.appliedIndexes?.includes(i) ? ' ✔' : '';
          lines.push(`${i + 1}. ${intentLabel(o.intent, o.summary, level)}${decided}`);
        });
      }
      lines.push('');
    } else if (m.role === 'notice') lines.push(`> ${(m.note ? noteText(m.note, level) : m.content).replace(/\n/g, '\n> ')}`, '');
  }
  lines.push(t('md.tokens', { prompt: usage.prompt, completion: usage.completion }));
  return lines.join('\n');
}
