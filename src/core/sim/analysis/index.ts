export { emptyCounts, mergeAll, mergeCounts, type SimCounts } from './counts.ts';
export { playGames, type PlayOptions } from './play.ts';
export { deepSummary, difficultyOf, summarize, wilson, winRateAt, type DeepSummary, type Difficulty, type ObjectiveSummary, type Summary } from './summary.ts';
export { bottleneck, type Bottleneck, type Suggestion } from './bottleneck.ts';
export { bottleneckLines, countdownLine, formatAnalyzeLevel, formatBottleneck, formatDeepAnalyze, hotCells, objectiveLines } from './markdown.ts';
export { localRunner } from './localRunner.ts';
