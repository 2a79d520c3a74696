// The level properties' game select (GameSelect.svelte), both languages. They load with it, not with
// the first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'props.game': 'Game',
    'props.gameUndo': 'Game',
    'props.gameClassic': 'Classic',
    'props.editGame': 'Edit game',
    'props.gameMisfit': 'The level does not fit “{name}”: {problem}{n, plural, =0 {} one { (and 1 more problem)} other { (and # more problems)}}. The game was not changed.',
  },
  zh: {
    'props.game': '游戏',
    'props.gameUndo': '游戏',
    'props.gameClassic': '经典',
    'props.editGame': '编辑游戏',
    'props.gameMisfit': '关卡不符合“{name}”：{problem}{n, plural, =0 {} other {（另有 # 个问题）}}。游戏未更改。',
  },
};
