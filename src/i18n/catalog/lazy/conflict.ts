// The strings of the two-tab conflict dialog (ConflictDialog.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'sync.conflictTitle': 'Changed in another tab',
    'sync.conflictText': '“{name}” was changed in another tab while you edited it here. Both changed: {parts}. Which version do you want to keep editing? The other one is kept as a copy in the level list.',
    'sync.keepMine': 'Keep mine',
    'sync.takeTheirs': 'Reload theirs',
    'sync.part.name': 'the name',
    'sync.part.moves': 'the move limit',
    'sync.part.colors': 'the colours',
    'sync.part.seed': 'the seed',
    'sync.part.rules': 'the rules version',
    'sync.part.objectives': 'the objectives',
    'sync.part.board': 'the board',
    'sync.part.level': 'the level',
  },
  zh: {
    'sync.conflictTitle': '已在另一个标签页中修改',
    'sync.conflictText': '你在此处编辑“{name}”时，它在另一个标签页中也被修改了。双方都修改了：{parts}。你想继续编辑哪个版本？另一个版本会作为副本保留在关卡列表中。',
    'sync.keepMine': '保留我的',
    'sync.takeTheirs': '载入对方的',
    'sync.part.name': '名称',
    'sync.part.moves': '步数上限',
    'sync.part.colors': '颜色数',
    'sync.part.seed': '种子',
    'sync.part.rules': '规则版本',
    'sync.part.objectives': '目标',
    'sync.part.board': '棋盘',
    'sync.part.level': '关卡',
  },
};
