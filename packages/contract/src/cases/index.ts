export * from './permissions.ts';
export * from './messages.ts';
export * from './cases.ts';
export * from './documents.ts';
export * from './saved-searches.ts';
