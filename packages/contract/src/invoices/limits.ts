/** Invoices and client accounts: fixed lists and our own caps (the spec is silent; docs/invoices.md). */

/** The currencies an account or an invoice may use (ISO 4217; JPY has no minor unit). */
export const INVOICE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'INR', 'JPY'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];

export const INVOICE_LINE_KINDS = ['time', 'expense', 'fixed_fee', 'discount'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** Lines typed on the invoice itself (time and expense lines come from time entries and expenses). */
export const INVOICE_MANUAL_LINE_KINDS = ['fixed_fee', 'discount'] as const;
export type InvoiceManualLineKind = (typeof INVOICE_MANUAL_LINE_KINDS)[number];
export const INVOICE_LINE_KIND_LABELS: Record<InvoiceLineKind, string> = {
  time: 'Time',
  expense: 'Expense',
  fixed_fee: 'Fixed fee',
  discount: 'Discount',
};

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Stored statuses. Overdue is derived (issued or partially paid, due date before today): `overdue` flag. */
export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | 'overdue', string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
  overdue: 'Overdue',
};
/** The list's status filter: a stored status, or 'overdue'. */
export const INVOICE_STATUS_FILTERS = [...INVOICE_STATUSES, 'overdue'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  other: 'Other',
};

/** GET invoice/{invoice_id}/download/?format= */
export const INVOICE_DOWNLOAD_FORMATS = ['pdf', 'docx', 'xlsx', 'csv', 'ledes'] as const;
export type InvoiceDownloadFormat = (typeof INVOICE_DOWNLOAD_FORMATS)[number];
/** GET invoice/export/?format= (the list) */
export const INVOICE_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];

/** Ageing of what is due, by days past the due date (GET invoice/summary/). */
export const AGEING_BUCKETS = [
  { key: 'current', label: 'Current', from: null, to: 0 },
  { key: '1_30', label: '1–30 days', from: 1, to: 30 },
  { key: '31_60', label: '31–60 days', from: 31, to: 60 },
  { key: '61_90', label: '61–90 days', from: 61, to: 90 },
  { key: '90_plus', label: '90+ days', from: 91, to: null },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]['key'];

export const INVOICE_LIMITS = {
  accountName: 200,
  address: 1_000,
  email: 254,
  taxNumber: 64,
  ledesId: 64,
  description: 1_000,
  notes: 5_000,
  reference: 200,
  reason: 500,
  message: 5_000,
  prefix: 16,
  searchKey: 200,
  /** Days of payment terms, at most. */
  paymentTermsDays: 365,
  /** Typed (fixed fee, discount) lines on one invoice. */
  manualLines: 100,
  /** Time entries on one invoice. */
  timeEntries: 1_000,
  /** Expenses on one invoice. */
  expenses: 500,
  /** Cases one account bills. */
  casesPerAccount: 200,
  /** Integer digits of a typed amount (a unit price, a rate, a payment). */
  amountDigits: 9,
  /** Integer digits of a typed quantity. */
  quantityDigits: 6,
} as const;

export const INVOICE_SETTINGS_DEFAULTS = {
  default_tax_rate_milli: 0,
  default_currency: 'USD' as InvoiceCurrency,
  invoice_prefix: 'INV-',
  credit_note_prefix: 'CN-',
  payment_terms_days: 30,
} as const;
