export * from './limits.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './schemas.ts';
