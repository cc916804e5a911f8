import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;
const module = 'invoice_permission';

/**
 * Invoices and client accounts (issue 16, docs/invoices.md "Permissions"). Staff, and plain users the admin
 * gave the Billing grant (issue 29), read the organisation's billing (dashboard, lists, accounts, an invoice
 * and its downloads); staff manage it (accounts, expenses, drafts, issue, void, payments, credit notes, send,
 * settings).
 */
export const INVOICE_PERMISSIONS = {
  'invoices.read': { roles: ALL, module, grant: 'billing_permission' },
  'invoices.manage': { roles: STAFF, module },
} as const satisfies Record<string, PermissionRule>;
