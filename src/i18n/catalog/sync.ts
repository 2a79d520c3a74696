// Strings about other tabs of the studio, saving conflicts and faults (storage, network).
// Two exports, one per language, so a build can load each language on its own (docs/performance.md).
export const en: Record<string, string> = {
    'save.err.conflict': 'Not saved: this level was changed in another tab. Choose which version to keep.',
    'save.err.upgraded': 'Not saved: a newer version of the studio was opened in another tab. Export this level to keep your latest changes, then reload this tab.',
    'save.err.waiting': 'Waiting for another tab: an older version of the studio is open there and holds the storage. Close that tab (or reload it) to continue.',
    'err.offline': 'You are offline: the copilot needs the network. Slash commands (type /help) work offline.',
    'sync.fromOtherTab': 'Changes from another tab',
    'sync.merged': '“{name}” was also changed in another tab; both sets of changes are kept.',
    'sync.packNameKept': 'A pack was renamed in another tab too: “{mine}” is kept here (the other tab named it “{theirs}”).',
    'sync.theirCopy': '{name} (other tab)',
    'sync.myCopy': '{name} (this tab)',
    'sync.deletedElsewhere': '“{name}” was deleted in another tab.',
    'sync.revived': '“{name}” was still being edited in another tab when you deleted it, and that tab saved it: it is back in “{pack}”. Delete it again if you meant to.',
};
export const zh: Record<string, string> = {
    'save.err.conflict': '未保存：此关卡已在另一个标签页中被修改。请选择要保留的版本。',
    'save.err.upgraded': '未保存：另一个标签页打开了更新版本的工作室。请先导出此关卡以保留最新更改，然后重新加载此标签页。',
    'save.err.waiting': '正在等待另一个标签页：那里打开着旧版本的工作室并占用着存储。请关闭（或重新加载）该标签页以继续。',
    'err.offline': '你处于离线状态：副驾驶需要网络。斜杠命令（输入 /help）可离线使用。',
    'sync.fromOtherTab': '来自另一个标签页的更改',
    'sync.merged': '“{name}”也在另一个标签页中被修改；两处的更改都已保留。',
    'sync.packNameKept': '关卡包也在另一个标签页中被重命名：此处保留“{mine}”（另一个标签页命名为“{theirs}”）。',
    'sync.theirCopy': '{name}（另一个标签页）',
    'sync.myCopy': '{name}（此标签页）',
    'sync.deletedElsewhere': '“{name}”已在另一个标签页中被删除。',
    'sync.revived': '你删除“{name}”时，另一个标签页仍在编辑它并保存了它：它已回到“{pack}”。如果确实要删除，请再删除一次。',
};
