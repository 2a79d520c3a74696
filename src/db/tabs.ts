// News between tabs of the studio that share one database: "I wrote level X at revision N".
// A BroadcastChannel carries it; without one (old browsers) the revision check on save still
// catches every write made elsewhere, the other tab just learns of it later.
export type TabNews =
  | { type: 'level'; id: string; rev: number }
  | { type: 'level-deleted'; id: string }
  | { type: 'packs'; rev: number }
  | { type: 'setting'; key: string }
  | { type: 'messages'; levelId: string | null }
  | { type: 'workspace' };

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
