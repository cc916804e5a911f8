/**
 * Requests and replies of the invoice routes (docs/invoices.md "API"). Typed amounts are decimal strings
 * ('250.00', quantity '1.5', percentage '9.975') that the server parses with `parseMoney` / `parseQuantity` /
 * `parsePercent` (the currency's places are checked there, since the currency is the account's); replies
 * carry integers in minor units (`*_minor`) and thousandths (`*_milli`) with the invoice's `currency`.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, idParam, paged, pageQuery } from '../common.ts';
import { isIsoDate, isoDay } from '../tasks/tasks.ts';
import {
  AGEING_BUCKETS,
  INVOICE_CURRENCIES,
  INVOICE_DOWNLOAD_FORMATS,
  INVOICE_EXPORT_FORMATS,
  INVOICE_KINDS,
  INVOICE_LIMITS as L,
  INVOICE_LINE_KINDS,
  INVOICE_MANUAL_LINE_KINDS,
  INVOICE_SETTINGS_DEFAULTS as D,
  INVOICE_STATUS_FILTERS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
} from './limits.ts';
import { invoiceMessages as m } from './messages.ts';
import { parsePercent, parseQuantity } from './money.ts';

const int = z.number().int();
const text = (max: number) => z.string().trim().max(max, m.tooLong);
const optionalEmail = z
  .string()
  .trim()
  .max(L.email, m.emailInvalid)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), m.emailInvalid);
export const invoiceCurrency = z.enum(INVOICE_CURRENCIES, { error: m.selectCurrency });

/** A typed amount: digits with at most 3 decimals (the currency's places are checked by the server). */
export const amountText = z
  .string({ error: m.amountInvalid })
  .trim()
  .regex(new RegExp(`^\\d{1,${L.amountDigits}}(\\.\\d{1,3})?$`), m.amountInvalid);
/** A typed amount above zero. */
export const positiveAmountText = amountText.refine((v) => /[1-9]/.test(v), m.amountPositive);
/** A typed quantity: digits with at most 3 decimals, above zero. */
export const quantityText = z
  .string({ error: m.quantityInvalid })
  .trim()
  .regex(new RegExp(`^\\d{1,${L.quantityDigits}}(\\.\\d{1,3})?$`), m.quantityInvalid)
  .refine((v) => (parseQuantity(v) ?? 0) > 0, m.quantityPositive);
/** A typed percentage, 0–100 with at most 3 decimals ('9.975'). */
export const percentText = z
  .string({ error: m.percentInvalid })
  .trim()
  .refine((v) => {
    const milli = parsePercent(v);
    return milli !== null && milli <= 100_000;
  }, m.percentInvalid);
const termsDays = z
  .number({ error: m.termsInvalid })
  .int(m.termsInvalid)
  .min(0, m.termsInvalid)
  .max(L.paymentTermsDays, m.termsInvalid);
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const accountParams = z.object({ account_id: idParam });
export const expenseParams = z.object({ expense_id: idParam });
export const invoiceParams = z.object({ invoice_id: idParam });
export const paymentParams = z.object({ invoice_id: idParam, payment_id: idParam });

export const invoiceDetailAnswer = z.object({ detail: z.string() });

// ---- Client accounts ---------------------------------------------------------------------------------------

/** POST invoice/accounts/ and PUT invoice/accounts/{account_id}/ (PUT: every field, as the form sends). */
export const accountBody = z.object({
  name: z
    .string({ error: m.accountNameRequired })
    .trim()
    .min(1, m.accountNameRequired)
    .max(L.accountName, m.accountNameTooLong),
  billing_address: text(L.address).default(''),
  email: optionalEmail.default(''),
  tax_number: text(L.taxNumber).default(''),
  currency: invoiceCurrency.default(D.default_currency),
  /** Default hourly rate, a decimal such as '250.00'. */
  hourly_rate: amountText.default('0'),
  payment_terms_days: termsDays.default(D.payment_terms_days),
  ledes_client_id: text(L.ledesId).default(''),
  case_ids: z.array(idParam).max(L.casesPerAccount, m.tooManyCases).default([]),
});
export type AccountBody = z.infer<typeof accountBody>;
export type AccountInput = z.input<typeof accountBody>;

export const accountCase = z.object({ id: int, title: z.string() });
export const clientAccount = z.object({
  id: int,
  name: z.string(),
  billing_address: z.string(),
  email: z.string(),
  tax_number: z.string(),
  currency: invoiceCurrency,
  hourly_rate_minor: int,
  payment_terms_days: int,
  ledes_client_id: z.string(),
  cases: z.array(accountCase),
  case_ids: z.array(int),
  /** Σ totals of issued invoices (not void) minus their credit notes. */
  invoiced_minor: int,
  paid_minor: int,
  outstanding_minor: int,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientAccount = z.infer<typeof clientAccount>;
export const accountListQuery = pageQuery.extend({ search_key: z.string().trim().max(L.searchKey).optional() });
export type AccountListQuery = z.infer<typeof accountListQuery>;
export type AccountListParams = z.input<typeof accountListQuery>;
export const accountList = paged(clientAccount);
export type AccountList = z.infer<typeof accountList>;
export const accountSaved = z.object({ detail: z.string(), account: clientAccount });
export type AccountSaved = z.infer<typeof accountSaved>;

// ---- Expenses ----------------------------------------------------------------------------------------------

export const expenseBody = z.object({
  account_id: idParam,
  case_id: idParam.nullable().default(null),
  date: isoDay,
  description: z
    .string({ error: m.descriptionRequired })
    .trim()
    .min(1, m.descriptionRequired)
    .max(L.description, m.tooLong),
  /** Unit cost, a decimal such as '12.50'. */
  amount: positiveAmountText,
  quantity: quantityText.default('1'),
  tax_rate: percentText.default('0'),
});
export type ExpenseBody = z.infer<typeof expenseBody>;
export type ExpenseInput = z.input<typeof expenseBody>;
export const expense = z.object({
  id: int,
  account_id: int,
  account_name: z.string(),
  case_id: int.nullable(),
  case_title: z.string().nullable(),
  date: z.string(),
  description: z.string(),
  currency: invoiceCurrency,
  amount_minor: int,
  quantity_milli: int,
  tax_rate_milli: int,
  /** quantity × amount, rounded (the line amount it bills as). */
  total_minor: int,
  invoice_id: int.nullable(),
  invoice_number: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Expense = z.infer<typeof expense>;
export const expenseListQuery = pageQuery.extend({
  account_id: idParam.optional(),
  case_id: idParam.optional(),
  billed: booleanQuery.optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuery>;
export type ExpenseListParams = z.input<typeof expenseListQuery>;
export const expenseList = paged(expense);
export type ExpenseList = z.infer<typeof expenseList>;
export const expenseSaved = z.object({ detail: z.string(), expense });
export type ExpenseSaved = z.infer<typeof expenseSaved>;

// ---- Unbilled work -----------------------------------------------------------------------------------------

export const unbilledQuery = z.object({ case_id: idParam.optional() });
export const unbilledTimeEntry = z.object({
  id: int,
  date: z.string(),
  case_id: int.nullable(),
  case_title: z.string().nullable(),
  task_id: int,
  task_title: z.string(),
  user_id: int,
  user_name: z.string(),
  activity_type: z.string(),
  note: z.string(),
  raw_seconds: int,
  /** Raw time rounded up to the organisation's billing increment. */
  billed_minutes: int,
  /** billed − raw, in seconds (what the increment adds). */
  uplift_seconds: int,
  rate_minor: int,
  amount_minor: int,
});
export type UnbilledTimeEntry = z.infer<typeof unbilledTimeEntry>;
export const unbilledWork = z.object({
  account_id: int,
  currency: invoiceCurrency,
  hourly_rate_minor: int,
  billing_increment_minutes: int,
  default_tax_rate_milli: int,
  time_entries: z.array(unbilledTimeEntry),
  expenses: z.array(expense),
});
export type UnbilledWork = z.infer<typeof unbilledWork>;

// ---- Drafts ------------------------------------------------------------------------------------------------

/** A typed line: a fixed fee, or a discount (an amount, or `discount_percent` of the other lines). */
export const manualLineBody = z
  .object({
    kind: z.enum(INVOICE_MANUAL_LINE_KINDS, { error: m.descriptionRequired }),
    description: z
      .string({ error: m.descriptionRequired })
      .trim()
      .min(1, m.descriptionRequired)
      .max(L.description, m.tooLong),
    date: isoDay.nullable().default(null),
    quantity: quantityText.default('1'),
    unit_price: amountText.optional(),
    tax_rate: percentText.optional(),
    discount_percent: percentText.optional(),
  })
  .refine((l) => l.unit_price !== undefined || (l.kind === 'discount' && l.discount_percent !== undefined), {
    message: m.discountNeedsAmount,
    path: ['unit_price'],
  });
export type ManualLineBody = z.infer<typeof manualLineBody>;
export type ManualLineInput = z.input<typeof manualLineBody>;

const draftFields = {
  case_id: idParam.nullable().default(null),
  time_entry_ids: z.array(idParam).max(L.timeEntries, m.tooManyTimeEntries).default([]),
  expense_ids: z.array(idParam).max(L.expenses, m.tooManyExpenses).default([]),
  lines: z.array(manualLineBody).max(L.manualLines, m.tooManyLines).default([]),
  /** Tax rate of the time lines; default the organisation's default rate. */
  time_tax_rate: percentText.optional(),
  /** Hourly rate of the time lines; default the account's rate. */
  hourly_rate: amountText.optional(),
  issue_date: isoDay.nullable().default(null),
  notes: text(L.notes).default(''),
};
/** POST invoice/: a draft for an account (and a case) from unbilled time, expenses and typed lines. */
export const invoiceDraftBody = z.object({ account_id: idParam, ...draftFields });
export type InvoiceDraftBody = z.infer<typeof invoiceDraftBody>;
export type InvoiceDraftInput = z.input<typeof invoiceDraftBody>;
/** PUT invoice/{invoice_id}/: the draft's content, replaced (the account stays). */
export const invoiceDraftUpdateBody = z.object(draftFields);
export type InvoiceDraftUpdateBody = z.infer<typeof invoiceDraftUpdateBody>;
export type InvoiceDraftUpdateInput = z.input<typeof invoiceDraftUpdateBody>;

// ---- Invoices ----------------------------------------------------------------------------------------------

export const invoiceLine = z.object({
  id: int,
  position: int,
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  date: z.string().nullable(),
  quantity_milli: int,
  unit_price_minor: int,
  tax_rate_milli: int,
  discount_percent_milli: int.nullable(),
  amount_minor: int,
  tax_minor: int,
  time_entry_id: int.nullable(),
  expense_id: int.nullable(),
  raw_seconds: int.nullable(),
  billed_minutes: int.nullable(),
  /** billed − raw, in seconds, on time lines. */
  uplift_seconds: int.nullable(),
  user_name: z.string().nullable(),
  /** On a credit note: the line of the invoice it credits. */
  credited_line_id: int.nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoicePayment = z.object({
  id: int,
  date: z.string(),
  amount_minor: int,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoiceActions = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  issue: z.boolean(),
  void: z.boolean(),
  pay: z.boolean(),
  credit_note: z.boolean(),
  send: z.boolean(),
  download: z.boolean(),
});
export type InvoiceActions = z.infer<typeof invoiceActions>;

export const invoiceRow = z.object({
  id: int,
  kind: z.enum(INVOICE_KINDS),
  /** 'INV-7', 'CN-2'; null while a draft. */
  number: z.string().nullable(),
  sequence: int.nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** Issued or partially paid and due before today (the server's clock). */
  overdue: z.boolean(),
  account_id: int,
  account_name: z.string(),
  case_id: int.nullable(),
  case_title: z.string().nullable(),
  currency: invoiceCurrency,
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  subtotal_minor: int,
  tax_minor: int,
  total_minor: int,
  paid_minor: int,
  /** Σ of the credit notes against it (positive). */
  credited_minor: int,
  /** total − paid − credited (0 for drafts, void and credit notes). */
  balance_minor: int,
  credited_invoice_id: int.nullable(),
  created_at: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceDetail = invoiceRow.extend({
  notes: z.string(),
  account: z.object({
    name: z.string(),
    billing_address: z.string(),
    email: z.string(),
    tax_number: z.string(),
    ledes_client_id: z.string(),
  }),
  credited_invoice_number: z.string().nullable(),
  lines: z.array(invoiceLine),
  tax_by_rate: z.array(z.object({ tax_rate_milli: int, base_minor: int, tax_minor: int })),
  payments: z.array(invoicePayment),
  credit_notes: z.array(
    z.object({ id: int, number: z.string().nullable(), issue_date: z.string().nullable(), total_minor: int }),
  ),
  issued_at: z.string().nullable(),
  issued_by_name: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  updated_at: z.string(),
  /** The PDF stored at issue (downloads serve its bytes). */
  has_pdf: z.boolean(),
  actions: invoiceActions,
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;
export const invoiceSaved = z.object({ detail: z.string(), invoice: invoiceDetail });
export type InvoiceSaved = z.infer<typeof invoiceSaved>;

const invoiceFilters = {
  status: z.enum(INVOICE_STATUS_FILTERS).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  account_id: idParam.optional(),
  case_id: idParam.optional(),
  /** Issue date from / to (drafts have none and are left out when a date is given). */
  date_from: isoDay.optional(),
  date_to: isoDay.optional(),
  search_key: z.string().trim().max(L.searchKey).optional(),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || !isIsoDate(q.date_from) || !isIsoDate(q.date_to) || q.date_from <= q.date_to;
/** GET invoice/?page_no&limits&status&kind&account_id&case_id&date_from&date_to&search_key */
export const invoiceListQuery = pageQuery
  .extend(invoiceFilters)
  .refine(datesInOrder, { message: m.rangeOrder, path: ['date_from'] });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export type InvoiceListParams = z.input<typeof invoiceListQuery>;
export const invoiceList = paged(invoiceRow);
export type InvoiceList = z.infer<typeof invoiceList>;
/** GET invoice/export/?format + the list's filters: every matching invoice as a file. */
export const invoiceExportQuery = z
  .object({ format: z.enum(INVOICE_EXPORT_FORMATS).default('xlsx'), ...invoiceFilters })
  .refine(datesInOrder, { message: m.rangeOrder, path: ['date_from'] });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;
export type InvoiceExportParams = z.input<typeof invoiceExportQuery>;

/** GET invoice/{invoice_id}/download/?format= */
export const invoiceDownloadQuery = z.object({ format: z.enum(INVOICE_DOWNLOAD_FORMATS).default('pdf') });
export type InvoiceDownloadQuery = z.infer<typeof invoiceDownloadQuery>;

/** POST invoice/{invoice_id}/issue/: the issue date (default today); due = issue + the account's terms. */
export const issueBody = z.object({ issue_date: isoDay.nullable().default(null) }).default({ issue_date: null });
export type IssueBody = z.infer<typeof issueBody>;

/** POST invoice/{invoice_id}/payments/ */
export const paymentBody = z.object({
  date: isoDay,
  amount: positiveAmountText,
  method: z.enum(PAYMENT_METHODS, { error: m.selectMethod }).default('bank_transfer'),
  reference: text(L.reference).default(''),
});
export type PaymentBody = z.infer<typeof paymentBody>;
export type PaymentInput = z.input<typeof paymentBody>;

/** POST invoice/{invoice_id}/credit-note/: credit chosen lines (default all not yet credited), with a reason. */
export const creditNoteBody = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(L.reason, m.tooLong),
  line_ids: z
    .array(idParam)
    .max(L.timeEntries + L.expenses + L.manualLines)
    .optional(),
  issue_date: isoDay.nullable().default(null),
});
export type CreditNoteBody = z.infer<typeof creditNoteBody>;
export type CreditNoteInput = z.input<typeof creditNoteBody>;

/** POST invoice/{invoice_id}/send/: to the account's email unless `to` is given. */
export const sendInvoiceBody = z
  .object({
    to: z
      .string()
      .trim()
      .max(L.email, m.emailInvalid)
      .refine((v) => EMAIL_PATTERN.test(v), m.emailInvalid)
      .optional(),
    message: text(L.message).optional(),
  })
  .default({});
export type SendInvoiceBody = z.infer<typeof sendInvoiceBody>;

// ---- Dashboard ---------------------------------------------------------------------------------------------

export const ageingBucket = z.object({
  key: z.enum(AGEING_BUCKETS.map((b) => b.key) as [string, ...string[]]),
  label: z.string(),
  amount_minor: int,
  count: int,
});
/** GET invoice/summary/: per currency (amounts of different currencies never add up). */
export const invoiceSummary = z.object({
  today: z.string(),
  currencies: z.array(
    z.object({
      currency: invoiceCurrency,
      outstanding_minor: int,
      outstanding_count: int,
      overdue_minor: int,
      overdue_count: int,
      paid_this_month_minor: int,
      ageing: z.array(ageingBucket),
    }),
  ),
  recent: z.array(invoiceRow),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

// ---- Settings ----------------------------------------------------------------------------------------------

const prefix = z
  .string()
  .trim()
  .max(L.prefix, m.prefixInvalid)
  .regex(/^[A-Za-z0-9\-/.]*$/, m.prefixInvalid)
  // A number is the prefix and digits: a prefix ending in a digit makes INV-1 + 1 read like INV- + 11.
  .refine((value) => !/[0-9]$/.test(value), m.prefixEndsInDigit);
/**
 * Invoices and credit notes are numbered in their own series; when neither prefix begins the other (and none ends
 * in a digit), no invoice number can equal a credit note's. The unique (organisation, number) index holds it.
 */
const prefixesApart = (s: { invoice_prefix: string; credit_note_prefix: string }) =>
  !s.invoice_prefix.startsWith(s.credit_note_prefix) && !s.credit_note_prefix.startsWith(s.invoice_prefix);
/** PUT invoice/settings/ */
export const invoiceSettingsBody = z
  .object({
    firm_address: text(L.address).default(''),
    firm_tax_number: text(L.taxNumber).default(''),
    ledes_firm_id: text(L.ledesId).default(''),
    default_tax_rate: percentText.default('0'),
    default_currency: invoiceCurrency.default(D.default_currency),
    invoice_prefix: prefix.default(D.invoice_prefix),
    credit_note_prefix: prefix.default(D.credit_note_prefix),
  })
  .refine(prefixesApart, { message: m.prefixesOverlap, path: ['credit_note_prefix'] });
export type InvoiceSettingsBody = z.infer<typeof invoiceSettingsBody>;
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsBody>;
export const invoiceSettings = z.object({
  firm_name: z.string(),
  firm_address: z.string(),
  firm_tax_number: z.string(),
  ledes_firm_id: z.string(),
  default_tax_rate_milli: int,
  default_currency: invoiceCurrency,
  invoice_prefix: z.string(),
  credit_note_prefix: z.string(),
  /** The task tracker's billing increment (set on its settings), applied to time lines. */
  billing_increment_minutes: int,
});
export type InvoiceSettings = z.infer<typeof invoiceSettings>;
export const invoiceSettingsSaved = z.object({ detail: z.string(), settings: invoiceSettings });
export type InvoiceSettingsSaved = z.infer<typeof invoiceSettingsSaved>;
