// The strings of the board's start preview (StartBoard.svelte), both languages; they load with it
// (addCatalogPart). The toggle's words are on the first page (catalog/editor.ts).
export default {
  en: {
    'sp.board': 'Start board of game {n}',
    'sp.hint': 'What players see at the start of game {n}, as the simulator deals it (seed {seed}). Read-only: the level is not changed.',
    'sp.cell': '{cell}: {what}',
    'sp.sep': ', ',
    'sp.failed': 'No start board can be dealt for this level: {reason}',
  },
  zh: {
    'sp.board': '第 {n} 局的开局棋盘',
    'sp.hint': '玩家在第 {n} 局开始时看到的棋盘，与模拟器发牌一致（种子 {seed}）。只读：不会修改关卡。',
    'sp.cell': '{cell}：{what}',
    'sp.sep': '，',
    'sp.failed': '无法为此关卡发出开局棋盘：{reason}',
  },
};
