// The strings of the review of proposed changes (ReviewPanel.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'review.title': 'Proposed changes ({n})',
    'review.preview': 'Preview of the level with the selected changes',
    'review.apply': 'Apply selected',
    'review.cancel': 'Cancel',
    'review.changed': 'Outlined cells change.',
    'review.changedLayout': 'Outlined cells and highlighted edges change; red dashed: taken away.',
    'review.of': 'Proposal from “{request}”',
    'review.gameNote': 'A change to the game “{game}”: it applies to every level of the game.',
  },
  zh: {
    'review.title': '建议的修改（{n}）',
    'review.preview': '应用所选修改后的关卡预览',
    'review.apply': '应用所选',
    'review.cancel': '取消',
    'review.changed': '带边框的格子会改变。',
    'review.changedLayout': '带边框的格子和高亮的边会改变；红色虚线：被移除。',
    'review.of': '来自“{request}”的建议',
    'review.gameNote': '对游戏“{game}”的修改：会影响该游戏的所有关卡。',
  },
};
