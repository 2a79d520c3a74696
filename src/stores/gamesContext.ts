// The games store by typed context (src/stores/games.svelte.ts). The store loads after the first page
// (first-load budget): the context holds its loader, as the workspace's loadGames().
import { getContext, setContext } from 'svelte';
import type { GamesStore } from './games.svelte.ts';

const KEY = Symbol('games');
export const provideGames = (load: () => Promise<GamesStore>) => setContext(KEY, load);
export const useGames = (): (() => Promise<GamesStore>) => getContext<() => Promise<GamesStore>>(KEY);
