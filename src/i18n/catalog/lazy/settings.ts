// The strings of the settings dialog (SettingsDialog.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'settings.title': 'Settings',
    'settings.close': 'Close settings',
    'settings.language': 'Language',
    'settings.backup': 'Export workspace backup',
    'settings.done': 'Done',
  },
  zh: {
    'settings.title': '设置',
    'settings.close': '关闭设置',
    'settings.language': '语言 / Language',
    'settings.backup': '导出工作区备份',
    'settings.done': '完成',
  },
};
