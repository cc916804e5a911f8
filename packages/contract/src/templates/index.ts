export * from './permissions.ts';
export * from './messages.ts';
export * from './templates.ts';
export * from './executions.ts';
export * from './exports.ts';
