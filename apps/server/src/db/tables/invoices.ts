import type { Generated } from 'kysely';

/** A bigint column (minor units): the pg pool parses int8 to a number (db/database.ts). */
type Big = number;

/**
 * Tables of migration 0024_invoices (docs/invoices.md, "Model"). Money in minor units (bigint), quantities
 * and rates in thousandths; days YYYY-MM-DD, timestamps ISO-8601 UTC text.
 */
export interface InvoiceTables {
  client_accounts: ClientAccountsTable;
  client_account_cases: ClientAccountCasesTable;
  expenses: ExpensesTable;
  invoice_series: InvoiceSeriesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  billed_time_entries: BilledTimeEntriesTable;
  billed_expenses: BilledExpensesTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_settings: InvoiceSettingsTable;
}

export interface ClientAccountsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  billing_address: string;
  email: string;
  tax_number: string;
  currency: string;
  hourly_rate_minor: Big;
  payment_terms_days: number;
  ledes_client_id: string;
  created_at: string;
  updated_at: string;
}

export interface ClientAccountCasesTable {
  organisation_id: number;
  account_id: number;
  case_id: number;
}

export interface ExpensesTable {
  id: Generated<number>;
  organisation_id: number;
  account_id: number;
  case_id: number | null;
  date: string;
  description: string;
  amount_minor: Big;
  quantity_milli: Big;
  tax_rate_milli: number;
  created_by: number | null;
  created_at: string;
}

export interface InvoiceSeriesTable {
  id: Generated<number>;
  organisation_id: number;
  kind: string;
  prefix: string;
  next_number: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  organisation_id: number;
  account_id: number;
  case_id: number | null;
  case_title: string | null;
  kind: string;
  credited_invoice_id: number | null;
  series_id: number | null;
  number: number | null;
  number_text: string | null;
  status: string;
  currency: string;
  issue_date: string | null;
  due_date: string | null;
  notes: string;
  /** JSON: the account's name, address, email, tax number and LEDES id as at issue (frozen with the invoice). */
  account_snapshot: string;
  subtotal_minor: Big;
  tax_minor: Big;
  total_minor: Big;
  pdf_storage_key: string | null;
  created_by: number | null;
  issued_by: number | null;
  issued_at: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  organisation_id: number;
  invoice_id: number;
  position: number;
  kind: string;
  description: string;
  date: string | null;
  quantity_milli: Big;
  unit_price_minor: Big;
  tax_rate_milli: number;
  discount_percent_milli: number | null;
  amount_minor: Big;
  tax_minor: Big;
  time_entry_id: number | null;
  expense_id: number | null;
  credited_line_id: number | null;
  raw_seconds: number | null;
  billed_minutes: number | null;
  user_name: string | null;
}

export interface BilledTimeEntriesTable {
  time_entry_id: number;
  organisation_id: number;
  invoice_id: number;
}

export interface BilledExpensesTable {
  expense_id: number;
  organisation_id: number;
  invoice_id: number;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  organisation_id: number;
  invoice_id: number;
  date: string;
  amount_minor: Big;
  method: string;
  reference: string;
  recorded_by: number | null;
  created_at: string;
}

export interface InvoiceSettingsTable {
  organisation_id: number;
  firm_address: string;
  firm_tax_number: string;
  ledes_firm_id: string;
  default_tax_rate_milli: number;
  default_currency: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  updated_at: string;
}
