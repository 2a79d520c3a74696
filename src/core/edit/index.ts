export * from './selection.ts';
export * from './mirror.ts';
export * from './anchor.ts';
