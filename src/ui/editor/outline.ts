// What a click on a cell reference does in the editor: the cells are outlined on the board, the board
// scrolls into view, and the live region says which cells are outlined.
import { cellSpan } from '../../core/cellName.ts';
import type { EditorStore } from '../../stores/editor.svelte.ts';
import { t } from '../../i18n/index.svelte.ts';
import { announcer } from '../common/announce.svelte.ts';
import { provideShowCells } from '../common/cellRefs.ts';

export function provideCellOutline(editor: EditorStore) {
  provideShowCells((r) => {
    const level = editor.level;
    if (!level || r.x2 >= level.width || r.y2 >= level.height) return; // a name of another board size
    editor.outline = { ...r };
    document.querySelector('svg[aria-label="Level grid"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    announcer.say(t('outline.shown', { cells: cellSpan(r.x1, r.y1, r.x2, r.y2) }));
  });
}
