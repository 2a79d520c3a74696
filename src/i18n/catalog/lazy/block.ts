// The selection's edits on a version 2 level or game and the multi-cell paint refusals (RULES §12.3,
// §12.4; src/stores/selection.ts, src/stores/brushNotes.ts), both languages. They load with the layout
// tools (loadBlockEdits), not with the first page; a reason's own words are the problems' part.
export default {
  en: {
    'sel.loading': 'The tools for version 2 blocks are still loading: try again in a moment.',
    'sel.copiedLayout': 'Copied {w}×{h} cells (every layer) with {n, plural, one {# layout entry} other {# layout entries}} inside them. Paste with Ctrl+V, also in another level.',
    'sel.copiedCut': 'Copied {w}×{h} cells (every layer) and the layout wholly inside them; {n, plural, one {# layout entry crosses} other {# layout entries cross}} the selection’s edge and {n, plural, one {was} other {were}} left out.',
    'sel.layoutLeft': '{n, plural, one {# layout entry crosses} other {# layout entries cross}} the selection’s edge: left where {n, plural, one {it was} other {they were}}.',
    'sel.layoutDropped': '{n, plural, one {# layout entry} other {# layout entries}} no longer fit and {n, plural, one {was} other {were}} removed (Undo brings {n, plural, one {it} other {them}} back).',
    'sel.pieceCut': '“{id}” at {cell} is only partly inside the selection: select all of its cells or none of them (a multi-cell piece moves whole). Nothing was changed.',
    'sel.pieceNotSquare': '“{id}” at {cell} is {w}×{h}: a turn would change its shape, so the selection was not turned. Flip it, or select without it.',
    'sel.pieceRefused': 'Not pasted — {cell}: {reason}.',
    'paint.pieceRefused': 'Not painted — {cell}: {reason}.',
    'paint.copyRefused': 'Mirror copy not painted — {cell}: {reason}.',
    'op.place_block': 'Place a block of cells with its layout at {cell}',
  },
  zh: {
    'sel.loading': '第 2 版区块的工具仍在加载：请稍后再试。',
    'sel.copiedLayout': '已复制 {w}×{h} 个格子（所有图层），连同其中的 {n} 个布局项。按 Ctrl+V 粘贴，也可以粘贴到其他关卡。',
    'sel.copiedCut': '已复制 {w}×{h} 个格子（所有图层）及完全位于其中的布局；{n} 个布局项跨越选区边缘，未被复制。',
    'sel.layoutLeft': '{n} 个布局项跨越选区边缘：留在原处。',
    'sel.layoutDropped': '{n} 个布局项不再适合，已被移除（撤销可恢复）。',
    'sel.pieceCut': '{cell} 的“{id}”只有一部分在选区内：请选中它的全部格子或完全不选（多格方块只能整体移动）。未作任何更改。',
    'sel.pieceNotSquare': '{cell} 的“{id}”占 {w}×{h} 格：旋转会改变它的形状，因此选区未旋转。可以翻转，或不选它。',
    'sel.pieceRefused': '未粘贴——{cell}：{reason}。',
    'paint.pieceRefused': '未绘制——{cell}：{reason}。',
    'paint.copyRefused': '镜像副本未绘制——{cell}：{reason}。',
    'op.place_block': '在 {cell} 放置一块格子及其布局',
  },
};
