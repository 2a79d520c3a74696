// Tuning strings (the "Tune to target" dialog).

// Two exports, one per language, so a build can load each language on its own (docs/performance.md).
export const en: Record<string, string> = {
    'op.adjust_difficulty': 'Adjust the difficulty levers',
    'tune.open': 'Tune to target',
    'tune.lever.moves': 'Moves',
    'tune.lever.colors': 'Colors',
    'tune.lever.ice': 'Ice',
    'tune.lever.chains': 'Chains',
    'tune.lever.jelly': 'Jelly',
    'tune.lever.crates': 'Crates',
    'tune.lever.objective_counts': 'Objective counts',
    'tune.lever.spawn_chance': 'Spawn chances',
    'tune.lever.spawn_total': 'Spawn totals',
    'tune.lever.countdown': 'Countdowns',
    'tune.close': 'Close',
    'tune.undoLabel': 'Tune to {target}',
    'pack.open': 'Pack difficulty',
};
export const zh: Record<string, string> = {
    'op.adjust_difficulty': '调整难度参数',
    'tune.open': '调到目标难度',
    'tune.lever.moves': '步数',
    'tune.lever.colors': '颜色数',
    'tune.lever.ice': '冰块',
    'tune.lever.chains': '锁链',
    'tune.lever.jelly': '果冻',
    'tune.lever.crates': '箱子',
    'tune.lever.objective_counts': '目标数量',
    'tune.lever.spawn_chance': '生成概率',
    'tune.lever.spawn_total': '生成总数',
    'tune.lever.countdown': '倒计时',
    'tune.close': '关闭',
    'tune.undoLabel': '调到 {target}',
    'pack.open': '关卡包难度',
};
