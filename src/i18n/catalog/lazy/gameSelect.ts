// The level properties' game select (GameSelect.svelte), both languages. They load with it, not with
// the first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'props.game': 'Game',
    'props.gameUndo': 'Game',
    'props.gameClassic': 'Classic',
    'props.editGame': 'Edit game',
  },
  zh: {
    'props.game': '游戏',
    'props.gameUndo': '游戏',
    'props.gameClassic': '经典',
    'props.editGame': '编辑游戏',
  },
};
