export * from './messages.ts';
export * from './organisations.ts';
export * from './permissions.ts';
export * from './plans.ts';
export * from './users.ts';
