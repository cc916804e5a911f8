import {
  accountBody,
  accountList,
  accountListQuery,
  accountParams,
  accountSaved,
  clientAccount,
  creditNoteBody,
  detailResponse,
  expenseBody,
  expenseList,
  expenseListQuery,
  expenseParams,
  expenseSaved,
  invoiceDetail,
  invoiceDownloadQuery,
  invoiceDraftBody,
  invoiceDraftUpdateBody,
  invoiceExportQuery,
  invoiceList,
  invoiceListQuery,
  invoiceParams,
  invoiceSaved,
  invoiceSettings,
  invoiceSettingsBody,
  invoiceSettingsSaved,
  invoiceSummary,
  issueBody,
  paymentBody,
  paymentParams,
  sendInvoiceBody,
  unbilledQuery,
  unbilledWork,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { sendDownload } from '../../platform/http/send-download.ts';
import { invoiceFiles } from './invoice-files.ts';
import { clientAccountsService } from './client-accounts.service.ts';
import { invoicesService } from './invoices.service.ts';

export const tags = ['invoices'];

/** Invoices and client accounts (issue 16; docs/invoices.md "API"). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const invoices = invoicesService(ctx);
  const accounts = clientAccountsService(ctx);
  const files = invoiceFiles(ctx);
  const send = (reply: Parameters<typeof sendDownload>[0], file: { name: string; mediaType: string; data: Buffer }) =>
    sendDownload(reply, {
      name: file.name,
      mediaType: file.mediaType,
      size: file.data.length,
      stream: Readable.from(file.data),
    });

  // Accounts
  route(app, {
    method: 'GET',
    url: '/api/invoice/accounts/',
    access: 'invoices.read',
    tags,
    summary: 'Client accounts with invoiced, paid and outstanding amounts, paged',
    query: accountListQuery,
    reply: accountList,
    handler: ({ actor, query }) => accounts.listAccounts(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/accounts/',
    access: 'invoices.manage',
    tags,
    summary: 'A new client account and the cases it bills',
    body: accountBody,
    reply: accountSaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => accounts.createAccount(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/accounts/:account_id/',
    access: 'invoices.read',
    tags,
    summary: 'A client account',
    params: accountParams,
    reply: clientAccount,
    handler: ({ actor, params }) => accounts.account(actor, params.account_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/invoice/accounts/:account_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Change a client account (every field)',
    params: accountParams,
    body: accountBody,
    reply: accountSaved,
    errors: [409],
    handler: ({ actor, params, body }) => accounts.updateAccount(actor, params.account_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/invoice/accounts/:account_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Delete a client account without issued invoices (its drafts and expenses go with it)',
    params: accountParams,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params }) => accounts.deleteAccount(actor, params.account_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/accounts/:account_id/unbilled/',
    access: 'invoices.read',
    tags,
    summary: "The account's unbilled approved billable time (increment applied) and unbilled expenses",
    params: accountParams,
    query: unbilledQuery,
    reply: unbilledWork,
    handler: ({ actor, params, query }) => accounts.unbilled(actor, params.account_id, query.case_id),
  });

  // Expenses
  route(app, {
    method: 'GET',
    url: '/api/invoice/expenses/',
    access: 'invoices.read',
    tags,
    summary: 'Expenses by account, case and billed, paged',
    query: expenseListQuery,
    reply: expenseList,
    handler: ({ actor, query }) => accounts.listExpenses(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/expenses/',
    access: 'invoices.manage',
    tags,
    summary: 'A new expense of an account (and case)',
    body: expenseBody,
    reply: expenseSaved,
    created: true,
    handler: ({ actor, body }) => accounts.createExpense(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/invoice/expenses/:expense_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Change an unbilled expense',
    params: expenseParams,
    body: expenseBody,
    reply: expenseSaved,
    errors: [409],
    handler: ({ actor, params, body }) => accounts.updateExpense(actor, params.expense_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/invoice/expenses/:expense_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Delete an unbilled expense',
    params: expenseParams,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params }) => accounts.deleteExpense(actor, params.expense_id),
  });

  // Dashboard, export, settings (before :invoice_id)
  route(app, {
    method: 'GET',
    url: '/api/invoice/summary/',
    access: 'invoices.read',
    tags,
    summary: 'Outstanding, overdue, paid this month and ageing, per currency',
    reply: invoiceSummary,
    handler: ({ actor }) => invoices.summary(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/export/',
    access: 'invoices.read',
    tags,
    summary: 'The invoice list with its filters as .xlsx or .csv',
    query: invoiceExportQuery,
    produces: ['application/octet-stream'],
    handler: async ({ actor, query, reply }) => send(reply, await files.exportList(actor, query)),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/settings/',
    access: 'invoices.read',
    tags,
    summary: "The organisation's invoice settings",
    reply: invoiceSettings,
    handler: ({ actor }) => invoices.settings(actor),
  });
  route(app, {
    method: 'PUT',
    url: '/api/invoice/settings/',
    access: 'invoices.manage',
    tags,
    summary: 'Save the invoice settings (firm details, LEDES id, default tax, prefixes)',
    body: invoiceSettingsBody,
    reply: invoiceSettingsSaved,
    handler: ({ actor, body }) => invoices.saveSettings(actor, body),
  });

  // Invoices
  route(app, {
    method: 'GET',
    url: '/api/invoice/',
    access: 'invoices.read',
    tags,
    summary: 'Invoices and credit notes by status (overdue too), client, case and dates, paged',
    query: invoiceListQuery,
    reply: invoiceList,
    handler: ({ actor, query }) => invoices.list(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/',
    access: 'invoices.manage',
    tags,
    summary: 'A draft invoice from unbilled time entries, expenses and typed lines',
    body: invoiceDraftBody,
    reply: invoiceSaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => invoices.createDraft(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/:invoice_id/',
    access: 'invoices.read',
    tags,
    summary: 'An invoice with lines, totals, payments, credit notes and the actions the caller may take',
    params: invoiceParams,
    reply: invoiceDetail,
    handler: ({ actor, params }) => invoices.detail(actor, params.invoice_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/invoice/:invoice_id/',
    access: 'invoices.manage',
    tags,
    summary: "Replace a draft's content (an issued invoice never changes)",
    params: invoiceParams,
    body: invoiceDraftUpdateBody,
    reply: invoiceSaved,
    errors: [409],
    handler: ({ actor, params, body }) => invoices.updateDraft(actor, params.invoice_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/invoice/:invoice_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Delete a draft (its time entries and expenses become unbilled)',
    params: invoiceParams,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params }) => invoices.deleteDraft(actor, params.invoice_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/:invoice_id/issue/',
    access: 'invoices.manage',
    tags,
    summary: 'Issue a draft: the next number of its series, the due date, the PDF stored',
    params: invoiceParams,
    body: issueBody,
    reply: invoiceSaved,
    errors: [409],
    handler: ({ actor, params, body }) => invoices.issue(actor, params.invoice_id, body.issue_date),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/:invoice_id/void/',
    access: 'invoices.manage',
    tags,
    summary: 'Void an issued invoice without payments or credit notes (its number stays used)',
    params: invoiceParams,
    reply: invoiceSaved,
    errors: [409],
    handler: ({ actor, params }) => invoices.void(actor, params.invoice_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/:invoice_id/payments/',
    access: 'invoices.manage',
    tags,
    summary: 'Record a payment (at most the balance due)',
    params: invoiceParams,
    body: paymentBody,
    reply: invoiceSaved,
    errors: [409],
    handler: ({ actor, params, body }) => invoices.addPayment(actor, params.invoice_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/invoice/:invoice_id/payments/:payment_id/',
    access: 'invoices.manage',
    tags,
    summary: 'Delete a payment recorded by mistake',
    params: paymentParams,
    reply: invoiceSaved,
    handler: ({ actor, params }) => invoices.deletePayment(actor, params.invoice_id, params.payment_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/:invoice_id/credit-note/',
    access: 'invoices.manage',
    tags,
    summary: 'Issue a credit note of chosen lines (default: every line not yet credited)',
    params: invoiceParams,
    body: creditNoteBody,
    reply: invoiceSaved,
    created: true,
    errors: [409],
    handler: ({ actor, params, body }) => invoices.creditNote(actor, params.invoice_id, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/invoice/:invoice_id/download/',
    access: 'invoices.read',
    tags,
    summary: 'The invoice as PDF (the bytes stored at issue), .docx, .xlsx, .csv or LEDES 1998B',
    params: invoiceParams,
    query: invoiceDownloadQuery,
    produces: ['application/octet-stream'],
    handler: async ({ actor, params, query, reply }) =>
      send(reply, await files.download(actor, params.invoice_id, query.format)),
  });
  route(app, {
    method: 'POST',
    url: '/api/invoice/:invoice_id/send/',
    access: 'invoices.manage',
    tags,
    summary: 'Email the invoice with its stored PDF attached (through the outbox)',
    params: invoiceParams,
    body: sendInvoiceBody,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params, body }) => files.send(actor, params.invoice_id, body),
  });
};
