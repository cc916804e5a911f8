export * from './access.ts';
export * from './accounts.ts';
export * from './admin.ts';
export * from './common.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './password.ts';
