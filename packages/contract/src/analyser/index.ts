export * from './concept-lists.ts';
export * from './draft.ts';
export * from './head-parts.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './query-params.ts';
export * from './comparison.ts';
