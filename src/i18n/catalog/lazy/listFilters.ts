// The level list's filters (ListFilters.svelte: pack, difficulty, game, analysis), both languages; they
// load with the panel, the first time `Filters` is opened (issue 41: the list's tools folded).
export default {
  en: {
    'cat.filterPack': 'Pack filter',
    'cat.allPacks': 'All packs',
    'cat.filterDifficulty': 'Difficulty filter',
    'cat.anyDifficulty': 'Any difficulty',
    'cat.notMeasured': 'Not measured',
    'cat.filterGame': 'Game filter',
    'cat.allGames': 'All games',
    'cat.gameClassic': 'Classic',
    'cat.filterAnalysis': 'Analysis filter',
    'cat.analysisAll': 'All levels',
    'cat.analysisStale': 'Stale or never analysed',
    'cat.analysisWarnings': 'Has warnings',
  },
  zh: {
    'cat.filterPack': '关卡包筛选',
    'cat.allPacks': '所有关卡包',
    'cat.filterDifficulty': '难度筛选',
    'cat.anyDifficulty': '任意难度',
    'cat.notMeasured': '未测量',
    'cat.filterGame': '游戏筛选',
    'cat.allGames': '所有游戏',
    'cat.gameClassic': '经典',
    'cat.filterAnalysis': '分析筛选',
    'cat.analysisAll': '所有关卡',
    'cat.analysisStale': '已过期或从未分析',
    'cat.analysisWarnings': '有警告',
  },
};
