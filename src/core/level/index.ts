export * from './schema.ts';
export * from './level.ts';
export * from './parse.ts';
export { levelSchemaFor } from './gameSchema.ts';
export * from './text.ts';
export * from './starved.ts';
export * from './paths.ts';
