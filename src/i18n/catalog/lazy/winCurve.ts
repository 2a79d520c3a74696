// The strings of the win-rate curve (WinCurve.svelte), both languages. They load with it, not with the
// first page: the component adds them to the catalogue when it loads (addCatalogPart).
export default {
  en: {
    'rep.curveMoves': 'Move limit',
    'rep.curveAt': 'At {moves} moves:',
    'rep.curveHint': 'Hover over the chart, or focus it and use the arrow keys, to read the values.',
    'an.curveLabel': 'Chart of the win rate against the move limit; the current limit {limit} is marked',
    'an.curveCaption': 'Dashed line: the current limit.',
  },
  zh: {
    'rep.curveMoves': '步数上限',
    'rep.curveAt': '{moves} 步时：',
    'rep.curveHint': '把鼠标移到图表上，或聚焦图表后用方向键，即可读取数值。',
    'an.curveLabel': '胜率随步数上限变化的图表；标出了当前上限 {limit}',
    'an.curveCaption': '虚线：当前步数上限。',
  },
};
