import { countPerOrganisation, storageKeysOf } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { invoicesAuditVocabulary } from './invoices.audit.ts';
import { heldTimeEntries } from './invoices.holds.ts';
import { invoicesRoutes } from './invoices.routes.ts';

export { firmCurrencyOf } from './invoice-common.ts';
import { seedDemoInvoices } from './invoices.seed.ts';

/**
 * Invoices and client accounts (issue 16, docs/invoices.md): accounts linked to cases, expenses, drafts from
 * approved time, issue with gap-free numbering and a stored PDF, payments, credit notes, void, the outputs and
 * mail. Issued invoices are accounting records: a deleted case or user leaves them (set null, copies kept);
 * the organisation's deletion removes them and releases their stored PDFs.
 */
export const invoicesModule = defineModule({
  name: 'invoices',
  routes: [invoicesRoutes],
  data: {
    tables: [
      'client_accounts',
      'client_account_cases',
      'expenses',
      'invoice_series',
      'invoices',
      'invoice_lines',
      'billed_time_entries',
      'billed_expenses',
      'invoice_payments',
      'invoice_settings',
    ],
    files: ['invoices.pdf_storage_key'],
    // Issued invoices are accounting records: a deleted case leaves them (case_id set null, its title copied),
    // so no PDF is released; the drafts stay too, editable without the case.
    caseDeleted: async () => [],
    organisationDeleted: (tx, organisationId) => storageKeysOf(tx.db, 'invoices.pdf_storage_key', { organisationId }),
  },
  usage: [{ metric: 'invoices', count: countPerOrganisation('invoices') }],
  audit: invoicesAuditVocabulary,
  seed: seedDemoInvoices,
  // A billed time entry stays as billed: the task tracker refuses to change, unapprove or delete it.
  holds: { timeEntries: heldTimeEntries },
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.invoiceParams, request: fixtures.invoiceRequest };
  },
});
