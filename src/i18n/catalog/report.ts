// The report that explains itself, the level list's thumbnails and badges, packs, and Compare.
// Two exports, one per language, so a build can load each language on its own (docs/performance.md).
export const en: Record<string, string> = {
    'rep.badge': 'Last measured win rate {rate}, {label} (average bot, not players)',
    'rep.badgeStale': 'Last measured win rate {rate}, {label} (average bot, not players; the level changed since)',
    'rep.thumb': 'Board of {name}',
    'pack.deleteNamed': 'Delete pack {name}',
    'pack.deleted': 'Deleted pack “{name}” with the levels in it ({n}).',
    'pack.lastPack': 'A workspace keeps at least one pack with a level.',
    'pack.clash.title': 'These levels are already here',
    'pack.clash.text': '{file}: {n} of its {total} levels have the same ids as levels in this workspace ({names}).',
    'pack.clash.replace': 'Replace them',
    'pack.clash.keep': 'Keep both',
    'pack.clash.cancel': 'Cancel',
    'pack.replaced': 'Replaced {n, plural, one {# level} other {# levels}} from pack “{name}”.',
    'pack.copyName': '{name} ({n})',
    'cmp.open': 'Compare',
};
export const zh: Record<string, string> = {
    'rep.badge': '最近测得胜率 {rate}，{label}（普通机器人，不是真人）',
    'rep.badgeStale': '最近测得胜率 {rate}，{label}（普通机器人，不是真人；关卡之后已修改）',
    'rep.thumb': '{name} 的棋盘',
    'pack.deleteNamed': '删除关卡包 {name}',
    'pack.deleted': '已删除关卡包“{name}”及其中的关卡（{n} 个）。',
    'pack.lastPack': '工作区至少要保留一个含关卡的关卡包。',
    'pack.clash.title': '这些关卡已经存在',
    'pack.clash.text': '{file}：其 {total} 个关卡中有 {n} 个与本工作区中的关卡 id 相同（{names}）。',
    'pack.clash.replace': '替换',
    'pack.clash.keep': '两者都保留',
    'pack.clash.cancel': '取消',
    'pack.replaced': '已用关卡包“{name}”替换 {n} 个关卡。',
    'pack.copyName': '{name} ({n})',
    'cmp.open': '对比',
};
