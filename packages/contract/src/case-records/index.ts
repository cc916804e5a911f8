export * from './alerts.ts';
export * from './dashboard.ts';
export * from './emails.ts';
export * from './history.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './reports.ts';
