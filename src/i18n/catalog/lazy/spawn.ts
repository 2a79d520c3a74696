// The strings of a level's spawn entries (SpawnEditor.svelte, spawnField.ts), both languages. They load
// with the spawn editor, on first use (addCatalogPart).
export default {
  en: {
    'spawn.title': 'Spawn',
    'spawn.entry': 'Spawn entry {n}',
    'spawn.element': 'Spawn element',
    'spawn.chance': 'Spawn chance',
    'spawn.max': 'At most on the board',
    'spawn.total': 'Spawn total',
    'spawn.add': 'Add spawn',
    'spawn.edit': 'Edit spawn',
    'spawn.remove': 'Remove spawn entry {n}',
    'spawn.removeLabel': 'Remove spawn entry',
    'spawn.chanceRange': 'Spawn chance must be a percent above 0 and at most 100.',
    'spawn.noTiles': 'The game has no tile elements to spawn.',
  },
  zh: {
    'spawn.title': '生成',
    'spawn.entry': '生成项 {n}',
    'spawn.element': '生成元素',
    'spawn.chance': '生成概率',
    'spawn.max': '棋盘上最多',
    'spawn.total': '生成总数',
    'spawn.add': '添加生成',
    'spawn.edit': '修改生成',
    'spawn.remove': '移除生成项 {n}',
    'spawn.removeLabel': '移除生成项',
    'spawn.chanceRange': '生成概率必须是大于 0、不超过 100 的百分比。',
    'spawn.noTiles': '该游戏没有可生成的方块元素。',
  },
};
