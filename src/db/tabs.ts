// News between tabs of the studio that share one database, for what Dexie's live query does not
// tell (levels, packs and settings come through it: src/db/storage.ts, watchOtherTabs): "I wrote to
// the conversation of level X", "I restored a backup" (every level's history must go) and "I changed
// the workspace's games" (a small table: the other tab reads it whole).
// A BroadcastChannel carries it; without one (old browsers) the other tab learns of it on reload.
export type TabNews = { type: 'messages'; levelId: string | null } | { type: 'workspace' } | { type: 'games' };

export interface TabChannel {
  post(news: TabNews): void;
  close(): void;
}

export function openTabChannel(dbName: string, onNews: (news: TabNews) => void): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, close() {} };
  const channel = new BroadcastChannel(`match3-studio-tabs:${dbName}`);
  channel.onmessage = (e: MessageEvent) => {
    const news = e.data as TabNews;
    if (news && typeof news === 'object' && typeof news.type === 'string') onNews(news);
  };
  return {
    post(news) {
      try {
        channel.postMessage(news);
      } catch {
        // a closed channel (the tab is going away): the other tabs find out on their next save
      }
    },
    close: () => channel.close(),
  };
}
