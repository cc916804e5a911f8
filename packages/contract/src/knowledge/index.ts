export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './nodes.ts';
export * from './search.ts';
export * from './access-rules.ts';
