export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './playbooks.ts';
export * from './attachments.ts';
export * from './search.ts';
export * from './versions.ts';
export * from './assignment.ts';
