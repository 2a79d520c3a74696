export * from './formats.ts';
export * from './samples.ts';
