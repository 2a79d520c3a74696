export * from './types.ts';
export { CLASSIC_GAME } from './classic.ts';
export * from './tables.ts';
export * from './registry.ts';
