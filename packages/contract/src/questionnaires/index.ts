export * from './categories.ts';
export * from './document-types.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './questions.ts';
export * from './tags.ts';
export * from './validation.ts';
