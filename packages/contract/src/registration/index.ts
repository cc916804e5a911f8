export * from './admin-setting.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './mfa.ts';
export * from './permissions.ts';
export * from './registration.ts';
export * from './settings.ts';
