import {
  accountList,
  accountSaved,
  clientAccount,
  detailResponse,
  expenseList,
  expenseSaved,
  invoiceDetail,
  invoiceList,
  invoiceSaved,
  invoiceSettings,
  invoiceSettingsSaved,
  invoiceSummary,
  unbilledWork,
  type AccountInput,
  type AccountListQuery,
  type CreditNoteInput,
  type InvoiceDraftInput,
  type InvoiceDraftUpdateInput,
  type ExpenseInput,
  type ExpenseListQuery,
  type InvoiceListQuery,
  type InvoiceSettingsInput,
  type PaymentInput,
} from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

/** The invoice module's calls (docs/invoices.md "API"), each parsed with the contract's schema. */

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

// Client accounts
export const fetchAccounts = (p: Partial<AccountListQuery>, signal?: AbortSignal) =>
  apiRequest('invoice/accounts/', { query: { ...p }, schema: accountList, ...signalOf(signal) });
export const fetchAccount = (id: number, signal?: AbortSignal) =>
  apiRequest(`invoice/accounts/${id}/`, { schema: clientAccount, ...signalOf(signal) });
export const createAccount = (body: AccountInput) =>
  apiRequest('invoice/accounts/', { method: 'POST', body, schema: accountSaved });
export const updateAccount = (id: number, body: AccountInput) =>
  apiRequest(`invoice/accounts/${id}/`, { method: 'PUT', body, schema: accountSaved });
export const deleteAccount = (id: number) =>
  apiRequest(`invoice/accounts/${id}/`, { method: 'DELETE', schema: detailResponse });
export const fetchUnbilled = (accountId: number, caseId: number | null, signal?: AbortSignal) =>
  apiRequest(`invoice/accounts/${accountId}/unbilled/`, {
    query: { case_id: caseId ?? undefined },
    schema: unbilledWork,
    ...signalOf(signal),
  });

// Expenses
export const fetchExpenses = (p: Partial<ExpenseListQuery>, signal?: AbortSignal) =>
  apiRequest('invoice/expenses/', {
    query: { ...p, billed: p.billed === undefined ? undefined : String(p.billed) },
    schema: expenseList,
    ...signalOf(signal),
  });
export const createExpense = (body: ExpenseInput) =>
  apiRequest('invoice/expenses/', { method: 'POST', body, schema: expenseSaved });
export const updateExpense = (id: number, body: ExpenseInput) =>
  apiRequest(`invoice/expenses/${id}/`, { method: 'PUT', body, schema: expenseSaved });
export const deleteExpense = (id: number) =>
  apiRequest(`invoice/expenses/${id}/`, { method: 'DELETE', schema: detailResponse });

// Invoices
export const fetchInvoices = (p: Partial<InvoiceListQuery>, signal?: AbortSignal) =>
  apiRequest('invoice/', { query: { ...p }, schema: invoiceList, ...signalOf(signal) });
export const INVOICE_EXPORT_PATH = 'invoice/export/';
export const fetchInvoice = (id: number, signal?: AbortSignal) =>
  apiRequest(`invoice/${id}/`, { schema: invoiceDetail, ...signalOf(signal) });
export const createDraft = (body: InvoiceDraftInput) =>
  apiRequest('invoice/', { method: 'POST', body, schema: invoiceSaved });
export const updateDraft = (id: number, body: InvoiceDraftUpdateInput) =>
  apiRequest(`invoice/${id}/`, { method: 'PUT', body, schema: invoiceSaved });
export const deleteDraft = (id: number) => apiRequest(`invoice/${id}/`, { method: 'DELETE', schema: detailResponse });
export const issueInvoice = (id: number) =>
  apiRequest(`invoice/${id}/issue/`, { method: 'POST', body: {}, schema: invoiceSaved });
export const voidInvoice = (id: number) =>
  apiRequest(`invoice/${id}/void/`, { method: 'POST', body: {}, schema: invoiceSaved });
export const recordPayment = (id: number, body: PaymentInput) =>
  apiRequest(`invoice/${id}/payments/`, { method: 'POST', body, schema: invoiceSaved });
export const deletePayment = (id: number, paymentId: number) =>
  apiRequest(`invoice/${id}/payments/${paymentId}/`, { method: 'DELETE', schema: invoiceSaved });
export const issueCreditNote = (id: number, body: CreditNoteInput) =>
  apiRequest(`invoice/${id}/credit-note/`, { method: 'POST', body, schema: invoiceSaved });
export const sendInvoice = (id: number, body: { to?: string; message?: string }) =>
  apiRequest(`invoice/${id}/send/`, { method: 'POST', body, schema: detailResponse });
/** GET with `?format=` (pdf, docx, xlsx, csv, ledes), through useDownload. */
export const invoiceDownloadPath = (id: number) => `invoice/${id}/download/`;

// Dashboard and settings
export const fetchInvoiceSummary = (signal?: AbortSignal) =>
  apiRequest('invoice/summary/', { schema: invoiceSummary, ...signalOf(signal) });
export const fetchInvoiceSettings = (signal?: AbortSignal) =>
  apiRequest('invoice/settings/', { schema: invoiceSettings, ...signalOf(signal) });
export const saveInvoiceSettings = (body: InvoiceSettingsInput) =>
  apiRequest('invoice/settings/', { method: 'PUT', body, schema: invoiceSettingsSaved });
