// The service worker's notices (UpdatePrompt.svelte), both languages; they load with it, after the first paint.
export default {
  en: {
    'pwa.update': 'A new version of the studio is available.',
    'pwa.reload': 'Reload',
    'pwa.later': 'Later',
    'pwa.offlineReady': 'The studio now works offline.',
    'pwa.offlineShort': 'Works offline',
  },
  zh: {
    'pwa.update': '工作室有新版本可用。',
    'pwa.reload': '重新加载',
    'pwa.later': '稍后',
    'pwa.offlineReady': '工作室现在可以离线使用。',
    'pwa.offlineShort': '可离线使用',
  },
};
