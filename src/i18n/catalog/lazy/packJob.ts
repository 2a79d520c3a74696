// The strings of a pack's background job (PackJob.svelte), both languages; they load with it.
export default {
  en: {
    'job.progress': 'Pack progress',
    'job.analyze': 'Analyzing the pack: {done} of {n, plural, one {# level} other {# levels}} done',
    'job.analyzeSelection': 'Analyzing the selection: {done} of {n, plural, one {# level} other {# levels}} done',
    'job.tune': 'Tuning the pack to its curve: {done} of {n, plural, one {# level} other {# levels}} done',
    'job.paused': 'Stopped with {done} of {n, plural, one {# level} other {# levels}} done: Resume goes on where it stopped.',
    'job.level': '{name} {pct}',
    'job.now': 'now: {list}',
    'job.cancel': 'Cancel',
    'job.resume': 'Resume',
    'job.region': 'Pack job',
  },
  zh: {
    'job.progress': '关卡包进度',
    'job.analyze': '正在分析关卡包：已完成 {done} / {n} 关',
    'job.analyzeSelection': '正在分析所选关卡：已完成 {done} / {n} 关',
    'job.tune': '正在按曲线调整关卡包：已完成 {done} / {n} 关',
    'job.paused': '已停止，完成 {done} / {n} 关：点“继续”从停下的地方接着做。',
    'job.level': '{name} {pct}',
    'job.now': '进行中：{list}',
    'job.cancel': '取消',
    'job.resume': '继续',
    'job.region': '关卡包任务',
  },
};
