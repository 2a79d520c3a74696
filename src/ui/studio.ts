// The studio: its stores built once (App.svelte calls createStudio) and each handed to the components
// through a typed context — useEditor(), useCatalogue(), … — that throws when the store is missing. A
// component reads the store it needs; none is handed the whole workspace.
import { getContext, setContext } from 'svelte';
import { Workspace } from '../stores/workspace.svelte.ts';
import type { EditorStore } from '../stores/editor.svelte.ts';
import type { CatalogueStore } from '../stores/catalogue.svelte.ts';
import type { LevelListStore } from '../stores/levelList.svelte.ts';
import type { AnalysisStore } from '../stores/analysis.svelte.ts';
import type { Notices } from '../stores/notices.svelte.ts';
import type { LevelActions } from '../stores/levelActions.svelte.ts';
import type { LevelMemory } from '../stores/levelMemory.ts';
import { provideCalibration } from '../stores/calibration.svelte.ts';
import { provideGames } from '../stores/gamesContext.ts';
import { setWording } from '../stores/words.ts';
import { studioWording } from '../i18n/wording.ts';
import { say } from '../i18n/notice.ts';
import { askChoice } from './common/choice.svelte.ts';
import { download } from './common/download.ts';

/** The stores whose code loads on first use: each is null until then, and its loader loads it. */
export type LazyStores = Pick<
  Workspace,
  'pack' | 'loadPack' | 'chat' | 'loadChat' | 'games' | 'loadGames' | 'transfer' | 'loadTransfer' | 'bulk' | 'loadBulk' | 'folder' | 'loadFolder' | 'loadDeleted' | 'loadKeeper' | 'loadTuning'
>;
/** Levels and packs to and from files (their code loads with the first one: src/stores/transfer.svelte.ts). */
export type FileActions = Pick<Workspace, 'importFiles' | 'exportLevel' | 'exportPack' | 'exportWorkspace' | 'exportSelection'>;
/** The studio's session: whether it has started, its writes, its language. */
export type Session = Pick<Workspace, 'loaded' | 'retrySave' | 'flushOnHide' | 'setLanguage'>;

function context<T>(name: string) {
  const key = Symbol(name);
  return {
    provide: (value: T) => void setContext(key, value),
    use: (): T => {
      const value = getContext<T | undefined>(key);
      if (value === undefined) throw new Error(`use${name}: no ${name} in context (createStudio in App.svelte provides it)`);
      return value;
    },
  };
}

const editor = context<EditorStore>('Editor');
const catalogue = context<CatalogueStore>('Catalogue');
const levelList = context<LevelListStore>('LevelList');
const analysis = context<AnalysisStore>('Analysis');
const notices = context<Notices>('Notices');
const levelActions = context<LevelActions>('LevelActions');
const levelMemory = context<LevelMemory>('LevelMemory');
const lazyStores = context<LazyStores>('LazyStores');
const fileActions = context<FileActions>('FileActions');
const session = context<Session>('Session');

export const useEditor = editor.use;
export const useCatalogue = catalogue.use;
export const useLevelList = levelList.use;
export const useAnalysis = analysis.use;
export const useNotices = notices.use;
export const useLevelActions = levelActions.use;
export const useLevelMemory = levelMemory.use;
export const useLazyStores = lazyStores.use;
export const useFileActions = fileActions.use;
export const useSession = session.use;
export { useCalibration } from '../stores/calibration.svelte.ts';
export { useGames } from '../stores/gamesContext.ts';

/**
 * Builds the studio's stores and provides each to the components below (call it in App.svelte's script).
 * The stores word nothing themselves: they get the page's wording here (src/stores/words.ts).
 */
export function createStudio(): Workspace {
  setWording(studioWording);
  const ws = new Workspace();
  ws.confirm = (q) => window.confirm(say(q));
  ws.choose = askChoice;
  ws.download = download;
  editor.provide(ws.editor);
  catalogue.provide(ws.catalogue);
  levelList.provide(ws.list);
  analysis.provide(ws.analysis);
  notices.provide(ws.notices);
  levelActions.provide(ws.actions);
  levelMemory.provide(ws.memory);
  lazyStores.provide(ws);
  fileActions.provide(ws);
  session.provide(ws);
  provideCalibration(ws.calibration); // players' data and calibration (issue 19)
  provideGames(() => ws.loadGames()); // the workspace's games (issue 31), loaded after the page
  return ws;
}
