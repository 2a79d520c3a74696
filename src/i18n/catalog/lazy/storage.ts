// The strings of Storage the browser keeps (issue 32): Settings' `Storage` status (StorageStatus.svelte)
// and the notice of a refusal, both languages. They load with the status or the notice, not with the
// first page (addCatalogPart).
export default {
  en: {
    'storage.label': 'Storage',
    'storage.persistent': 'Kept: this browser keeps the studio’s data (persistent storage).',
    'storage.bestEffort': 'Not guaranteed: this browser may clear the studio’s data when the disk runs low (not persistent). Open a folder of level files or download a backup to keep your levels safe.',
    'storage.unknown': 'This browser does not say whether it keeps the studio’s data.',
    'storage.used': '{used} used of about {quota} the browser allows.',
    'storage.usedOnly': '{used} used.',
    'storage.reading': 'Checking storage…',
    'storage.refused': 'This browser did not agree to keep the studio’s data: it may clear your levels when the disk runs low. Two ways to keep them safe: open a folder of level files, or download a backup.',
    'storage.downloadBackup': 'Download backup',
  },
  zh: {
    'storage.label': '存储',
    'storage.persistent': '已保留：浏览器会长期保存工作室的数据（持久存储）。',
    'storage.bestEffort': '不保证保留：磁盘空间不足时，浏览器可能会清除工作室的数据（非持久存储）。打开一个关卡文件夹或下载一份备份，就能保住你的关卡。',
    'storage.unknown': '这个浏览器没有说明是否会长期保存工作室的数据。',
    'storage.used': '已使用 {used}，浏览器约允许 {quota}。',
    'storage.usedOnly': '已使用 {used}。',
    'storage.reading': '正在检查存储…',
    'storage.refused': '浏览器没有同意长期保存工作室的数据：磁盘空间不足时，它可能会清除你的关卡。有两种办法保住它们：打开一个关卡文件夹，或下载一份备份。',
    'storage.downloadBackup': '下载备份',
  },
};
