export * from './define.ts';
export * from './registry.ts';
export { objectiveFromArgs } from './settings.ts';
