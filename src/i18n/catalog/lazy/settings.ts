// The strings of the settings dialog (SettingsDialog.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'settings.title': 'Settings',
    'settings.close': 'Close settings',
    'settings.language': 'Language',
    'settings.backup': 'Export workspace backup',
    'settings.done': 'Done',
    'storage.label': 'Storage',
    'storage.persistent': 'Kept: this browser keeps the studio’s data (persistent storage).',
    'storage.bestEffort': 'Not guaranteed: this browser may clear the studio’s data when the disk runs low (not persistent). Open a folder of level files or download a backup to keep your levels safe.',
    'storage.unknown': 'This browser does not say whether it keeps the studio’s data.',
    'storage.used': '{used} used of about {quota} the browser allows.',
    'storage.usedOnly': '{used} used.',
    'storage.reading': 'Checking storage…',
  },
  zh: {
    'settings.title': '设置',
    'settings.close': '关闭设置',
    'settings.language': '语言 / Language',
    'settings.backup': '导出工作区备份',
    'settings.done': '完成',
    'storage.label': '存储',
    'storage.persistent': '已保留：浏览器会长期保存工作室的数据（持久存储）。',
    'storage.bestEffort': '不保证保留：磁盘空间不足时，浏览器可能会清除工作室的数据（非持久存储）。打开一个关卡文件夹或下载一份备份，就能保住你的关卡。',
    'storage.unknown': '这个浏览器没有说明是否会长期保存工作室的数据。',
    'storage.used': '已使用 {used}，浏览器约允许 {quota}。',
    'storage.usedOnly': '已使用 {used}。',
    'storage.reading': '正在检查存储…',
  },
};
