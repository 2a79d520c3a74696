// The strings of the keyboard shortcuts dialog (ShortcutsDialog.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'keys.close': 'Close',
    'keys.rightClickKey': 'Right-click',
  },
  zh: {
    'keys.close': '关闭',
    'keys.rightClickKey': '右键',
  },
};
