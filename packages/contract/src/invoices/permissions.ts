import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;
const module = 'invoice_permission';

/**
 * Invoices and client accounts (issue 16, docs/invoices.md "Permissions"). Everyone with the Invoice module
 * reads the organisation's billing (dashboard, lists, accounts, an invoice and its downloads); staff manage it
 * (accounts, expenses, drafts, issue, void, payments, credit notes, send, settings).
 */
export const INVOICE_PERMISSIONS = {
  'invoices.read': { roles: ALL, module },
  'invoices.manage': { roles: STAFF, module },
} as const satisfies Record<string, PermissionRule>;
