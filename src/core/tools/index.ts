export * from './define.ts';
export * from './registry.ts';
// not the JSON Schemas (specs.ts): only the copilot's agent and the CLI need them, and import them directly
export { objectiveFromArgs } from './settings.ts';
