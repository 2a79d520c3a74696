// How a pack job ended, said in the live region (PackJobNews.svelte), both languages; they load with it.
export default {
  en: {
    'job.packTuned': 'Pack tuning ready: review the changes.',
    'job.packCancelled': 'Pack job cancelled. What was done is kept.',
    'job.packReady': 'Pack analysis ready.',
  },
  zh: {
    'job.packTuned': '关卡包调整完成：请审阅改动。',
    'job.packCancelled': '关卡包任务已取消，已完成的部分保留。',
    'job.packReady': '关卡包分析完成。',
  },
};
