// The strings of the board's start preview (StartPreview.svelte, StartBoard.svelte), both languages.
// They load with those components (addCatalogPart).
export default {
  en: {
    'sp.toggle': 'Preview start',
    'sp.next': 'Next start board',
    'sp.game': 'Game {n}',
    'sp.board': 'Start board of game {n}',
    'sp.hint': 'What players see at the start of game {n}, as the simulator deals it (seed {seed}). Read-only: the level is not changed.',
    'sp.cell': 'Row {row}, column {col}: {what}',
    'sp.sep': ', ',
    'sp.failed': 'No start board can be dealt for this level: {reason}',
  },
  zh: {
    'sp.toggle': '预览开局',
    'sp.next': '下一个开局',
    'sp.game': '第 {n} 局',
    'sp.board': '第 {n} 局的开局棋盘',
    'sp.hint': '玩家在第 {n} 局开始时看到的棋盘，与模拟器发牌一致（种子 {seed}）。只读：不会修改关卡。',
    'sp.cell': '第 {row} 行第 {col} 列：{what}',
    'sp.sep': '，',
    'sp.failed': '无法为此关卡发出开局棋盘：{reason}',
  },
};
