// What a version 2 level's layout adds to a board cell's accessible name (RULES §12.3–§12.4: "portal 1
// entry", "belt 2, cell 3 of 14", walls, spawners, hidden pieces, countdowns), both languages. They load
// with src/ui/editor/layoutMarks.ts, with the first version 2 level, not with the first page.
export default {
  en: {
    'layout.portalFrom': 'portal {n} entry',
    'layout.portalTo': 'portal {n} exit',
    'layout.belt': 'belt {n}, cell {i} of {of}',
    'layout.spawner': 'spawner {n}',
    'layout.hidden': 'hidden piece {n}',
    'layout.wallRight': 'wall on the right',
    'layout.wallBottom': 'wall below',
    'layout.wallLeft': 'wall on the left',
    'layout.wallTop': 'wall above',
    'layout.countdown': 'countdown {n}',
  },
  zh: {
    'layout.portalFrom': '传送门 {n} 入口',
    'layout.portalTo': '传送门 {n} 出口',
    'layout.belt': '传送带 {n}，第 {i} 格（共 {of} 格）',
    'layout.spawner': '生成点 {n}',
    'layout.hidden': '隐藏物 {n}',
    'layout.wallRight': '右侧有墙',
    'layout.wallBottom': '下方有墙',
    'layout.wallLeft': '左侧有墙',
    'layout.wallTop': '上方有墙',
    'layout.countdown': '倒计时 {n}',
  },
};
