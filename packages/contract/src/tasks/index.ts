export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './duration.ts';
export * from './tasks.ts';
export * from './time.ts';
