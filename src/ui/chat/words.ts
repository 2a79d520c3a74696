// The chat's stores say what happened (a `Note`, a provider's own text, data with keys); these put it in
// the designer's language when it is shown, so a language switch relabels it.
import type { Said } from '../../ai/messages.ts';
import type { RetryNote } from '../../stores/chat.svelte.ts';
import { noteText } from '../../i18n/chatText.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import copilotStrings from '../../i18n/catalog/lazy/copilot.ts';
addCatalogPart(copilotStrings);

export function saidText(s: Said): string {
  return 'text' in s ? s.text : noteText(s);
}

/** A retry the client waits for, while the turn runs. */
export function retryText(n: RetryNote): string {
  return t('chat.retrying', { reason: saidText(n.reason), s: n.s });
}
