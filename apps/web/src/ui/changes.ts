import { MODULE_LABELS, type ModuleFlag } from '@lexdesk/contract';

/** "field: from → to" lines of a change set; plain values as "field: value". */
export function describeChanges(changes: Record<string, unknown>): string[] {
  return Object.entries(changes).map(([field, value]) => {
    const label = isModuleFlag(field) ? MODULE_LABELS[field] : field.replaceAll('_', ' ');
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const change = value as { from: unknown; to: unknown };
      return `${label}: ${readable(change.from)} → ${readable(change.to)}`;
    }
    return `${label}: ${readable(value)}`;
  });
}

const isModuleFlag = (value: string): value is ModuleFlag => Object.hasOwn(MODULE_LABELS, value);

/** A recorded value as an administrator reads it: Yes/No, module names, 'set password' for set_password. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readable).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value !== 'string') return String(value);
  // The server records a user's modules as one 'case_permission, invoice_permission' text.
  const parts = value.split(', ');
  if (parts.every(isModuleFlag)) return parts.map((flag) => MODULE_LABELS[flag]).join(', ');
  return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replaceAll('_', ' ') : value;
}
