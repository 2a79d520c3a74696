export * from './features.ts';
export * from './fit.ts';
export * from './calibrate.ts';
export * from './playerCsv.ts';
export * from './modelFile.ts';
export { expit, logit } from './stats.ts';
export * from './player.ts';
