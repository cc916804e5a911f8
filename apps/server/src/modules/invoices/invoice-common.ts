import {
  currencyDecimals,
  invoiceMessages as M,
  INVOICE_SETTINGS_DEFAULTS as D,
  parseMoney,
  sumMinor,
  type InvoiceCurrency,
  type InvoiceDetail,
  type InvoiceRow,
  type InvoiceSettings,
} from '@lexdesk/contract';
import type { Insertable } from 'kysely';
import type { InvoiceLinesTable } from '../../db/tables/invoices.ts';
import { type AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors/http-error.ts';
import { taskSettingsOf } from '../tasks/index.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { invoicePdf } from './invoice-outputs.ts';
import * as repo from './invoices.repo.ts';

// What the invoice services share: money parsing, settings, the list row, the stored PDF.

/** The storage area of the PDFs stored at issue. */
export const PDF_AREA = 'invoices';

/**
 * Renders the PDF of an invoice being issued and stores it in the issuing transaction's context (removed
 * again if the transaction rolls back). Downloads serve these bytes from then on.
 */
export async function storePdf(tx: AppContext, organisationId: number, detail: InvoiceDetail): Promise<string> {
  const pdf = await invoicePdf(detail, await invoiceSettingsOf(tx, organisationId));
  return blobStorage(tx).put(PDF_AREA, pdf);
}

export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key|constraint failed/i.test(error instanceof Error ? error.message : String(error));

/**
 * Writes an issued number: the unique (organisation, number) index refuses a number the organisation already
 * used (settings saved before the prefix rules, a prefix changed back and forth), answered as 409.
 */
export async function withIssuedNumber<T>(number: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.numberTaken(number));
    throw error;
  }
}

/** Adds days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function money(text: string, currency: string, field: string): number {
  const minor = parseMoney(text, currency);
  if (minor === null) {
    const places = currencyDecimals(currency);
    throw badRequest(M.amountDecimals(currency, places), { [field]: M.amountDecimals(currency, places) });
  }
  return minor;
}

export interface InvoiceSettingsFull extends InvoiceSettings {
  organisationId: number;
}

/** The firm's currency (its invoice settings' default; USD until saved): templates write money in it too. */
export async function firmCurrencyOf(ctx: Pick<AppContext, 'db'>, organisationId: number): Promise<InvoiceCurrency> {
  const row = await repo.findInvoiceSettings(ctx.db, organisationId);
  return (row?.default_currency ?? D.default_currency) as InvoiceCurrency;
}

/** The organisation's invoice settings (defaults until saved) and the task tracker's billing increment. */
export async function invoiceSettingsOf(ctx: AppContext, organisationId: number): Promise<InvoiceSettings> {
  const row = await repo.findInvoiceSettings(ctx.db, organisationId);
  const tasks = await taskSettingsOf(ctx, organisationId);
  return {
    firm_name: await repo.organisationName(ctx.db, organisationId),
    firm_address: row?.firm_address ?? '',
    firm_tax_number: row?.firm_tax_number ?? '',
    ledes_firm_id: row?.ledes_firm_id ?? '',
    default_tax_rate_milli: row?.default_tax_rate_milli ?? D.default_tax_rate_milli,
    default_currency: (row?.default_currency ?? D.default_currency) as InvoiceCurrency,
    invoice_prefix: row?.invoice_prefix ?? D.invoice_prefix,
    credit_note_prefix: row?.credit_note_prefix ?? D.credit_note_prefix,
    billing_increment_minutes: tasks.billing_increment_minutes,
  };
}

export function rowOf(row: repo.InvoiceListRow, today: string): InvoiceRow {
  const paid = Number(row.paid_minor);
  const credited = Number(row.credited_minor);
  const total = Number(row.total_minor);
  const open = row.kind === 'invoice' && ['issued', 'partially_paid', 'paid'].includes(row.status);
  return {
    id: row.id,
    kind: row.kind as InvoiceRow['kind'],
    number: row.number_text,
    sequence: row.number,
    status: row.status as InvoiceRow['status'],
    overdue: ['issued', 'partially_paid'].includes(row.status) && !!row.due_date && row.due_date < today,
    account_id: row.account_id,
    account_name: row.account_name,
    case_id: row.case_id,
    case_title: row.case_title,
    currency: row.currency as InvoiceCurrency,
    issue_date: row.issue_date,
    due_date: row.due_date,
    subtotal_minor: Number(row.subtotal_minor),
    tax_minor: Number(row.tax_minor),
    total_minor: total,
    paid_minor: paid,
    credited_minor: credited,
    balance_minor: open ? sumMinor([total, -paid, -credited], row.currency) : 0,
    credited_invoice_id: row.credited_invoice_id,
    created_at: row.created_at,
  };
}

/** Status after a payment or credit: settled when nothing is due, partially paid when something was paid. */
export function settledStatus(balance: number, paid: number): 'issued' | 'partially_paid' | 'paid' {
  if (balance <= 0) return 'paid';
  return paid > 0 ? 'partially_paid' : 'issued';
}

/** A line as stored, before the invoice it belongs to is known. */
export type BuiltLine = Omit<Insertable<InvoiceLinesTable>, 'organisation_id' | 'invoice_id'>;
