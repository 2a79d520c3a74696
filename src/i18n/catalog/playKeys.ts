// The play-test's keyboard and screen-reader strings. They load with the play-test (a lazy chunk), not
// with the first page: PlayTest.svelte adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'play.keys': 'Keyboard: arrows move over the board, Enter or Space picks a tile, then an arrow swaps it that way (or Shift+arrow to a neighbour and Enter). Enter on a picked special fires it. Esc cancels the pick.',
    'play.watchKeys': 'Keyboard: arrows move over the board, Enter or Space plays the bot\'s next move.',
    'play.cell': 'Row {row}, column {col}: {what}',
    'play.cell.sep': ', ',
    'play.cell.empty': 'empty',
    'play.cell.picked': 'picked',
    'play.said.picked': 'Picked {what} at row {row}, column {col}. Press an arrow to swap it, Esc to cancel.',
    'play.said.unpicked': 'Pick cancelled.',
    'play.said.edge': 'No cell that way.',
    'play.said.move': 'Cleared {cleared} tiles. {left} moves left, score {score}.',
    'play.said.objective': '{label}: {done} of {target}',
    'play.said.objectives': 'Objectives: {list}.',
  },
  zh: {
    'play.keys': '键盘：方向键在棋盘上移动，回车或空格选中方块，再按方向键朝该方向交换（或按 Shift+方向键移到相邻格再按回车）。选中特殊方块后再按回车可引爆。Esc 取消选中。',
    'play.watchKeys': '键盘：方向键在棋盘上移动，回车或空格让机器人走下一步。',
    'play.cell': '第 {row} 行第 {col} 列：{what}',
    'play.cell.sep': '，',
    'play.cell.empty': '空',
    'play.cell.picked': '已选中',
    'play.said.picked': '已选中第 {row} 行第 {col} 列的{what}。按方向键交换，按 Esc 取消。',
    'play.said.unpicked': '已取消选中。',
    'play.said.edge': '那个方向没有格子。',
    'play.said.move': '消除了 {cleared} 个方块。剩余 {left} 步，得分 {score}。',
    'play.said.objective': '{label}：{done}/{target}',
    'play.said.objectives': '目标：{list}。',
  },
};
