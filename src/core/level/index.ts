export * from './schema.ts';
export * from './level.ts';
export * from './text.ts';
export * from './starved.ts';
