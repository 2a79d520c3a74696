// The chat's stores say what happened (a `Note`, a provider's own text, data with keys); these put it in
// the designer's language when it is shown, so a language switch relabels it.
import type { Said } from '../../ai/messages.ts';
import type { RetryNote } from '../../stores/chat.svelte.ts';
import { noteText } from '../../i18n/chatText.ts';
import { problemText } from '../../i18n/problemText.ts';
import { intentLabel } from '../../i18n/intentLabel.ts';
import { isGameTool } from '../../core/tools/index.ts';
import type { ReviewError } from '../../stores/chat/review.svelte.ts';
import type { GameResult } from '../../stores/games.svelte.ts';
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

/** Why Apply selected refused (src/stores/chat/review.svelte.ts says which operation and why). */
export function reviewErrorText(e: ReviewError): string {
  const op = intentLabel(e.op.intent, e.op.summary, e.place);
  return t(isGameTool(e.op.intent.tool) ? 'review.gameFailed' : 'review.failed', { n: e.index + 1, op, error: reviewProblemText(e.problem) });
}

function reviewProblemText(p: ReviewError['problem']): string {
  switch (p.kind) {
    case 'problem':
      return problemText(p.text);
    case 'noGames':
      return t('review.noGames');
    case 'unknownGame':
      return t('review.unknownGame', { game: p.game });
    case 'refused':
      return refusalText(p.refusal);
  }
}

/** Why the games store refused a reviewed game change. */
function refusalText(r: Exclude<GameResult, { ok: true }>): string {
  switch (r.reason) {
    case 'classic':
      return t('review.gameClassic');
    case 'unknown':
    case 'exists':
      return t('review.unknownGame', { game: r.id });
    case 'invalid':
      return r.problems.map((p) => problemText(`${p.path}: ${p.message}`)).join('; ');
    case 'breaks':
      return t('review.gameBreaks', { n: r.levels.length, list: r.levels.slice(0, 5).map((l) => `${l.name} (${l.problems[0] ? `${l.problems[0].path}: ${l.problems[0].message}` : ''})`).join('; ') });
    case 'used':
    case 'changed': // an undo's refusal: a review never gets it
      return t('review.gameBreaks', { n: r.levels.length, list: r.levels.slice(0, 5).map((l) => l.name).join('; ') });
  }
}
