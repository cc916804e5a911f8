import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/** `organisation_id`: every row goes with its organisation. */
const organisation = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');
const userSetNull = (col: ColumnDefinitionBuilder) => col.references('users.id').onDelete('set null');

/**
 * Invoices and client accounts (issue 16, docs/invoices.md "Model"). Amounts are integers in minor units,
 * quantities and tax rates integers in thousandths. Issued invoices are accounting records: deleting a case
 * keeps them (case_id set null, the title copied at draft time); deleting a user keeps them (set null); only
 * the organisation's deletion removes them, with their stored PDFs. "Billed once" is the primary key of
 * billed_time_entries / billed_expenses; "no gap, no duplicate" is the series row's counter, taken in the
 * issuing transaction, and unique(series_id, number). The outbox gains the names and storage keys of a
 * message's attachments (JSON), which the delivery reads from storage.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('client_accounts'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('billing_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tax_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('hourly_rate_minor', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('payment_terms_days', 'integer', (col) => col.notNull().defaultTo(30))
    .addColumn('ledes_client_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('client_accounts_name', ['organisation_id', 'name'])
    .execute();

  await db.schema
    .createTable('client_account_cases')
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('account_id', 'integer', (col) => col.notNull().references('client_accounts.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().primaryKey().references('cases.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('client_account_cases_account').on('client_account_cases').column('account_id').execute();

  await addIdColumn(db.schema.createTable('expenses'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('account_id', 'integer', (col) => col.notNull().references('client_accounts.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.references('cases.id').onDelete('set null'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_minor', 'bigint', (col) => col.notNull())
    .addColumn('quantity_milli', 'bigint', (col) => col.notNull())
    .addColumn('tax_rate_milli', 'integer', (col) => col.notNull())
    .addColumn('created_by', 'integer', userSetNull)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('expenses_account').on('expenses').columns(['account_id', 'date']).execute();

  await addIdColumn(db.schema.createTable('invoice_series'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('next_number', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('invoice_series_prefix', ['organisation_id', 'kind', 'prefix'])
    .execute();

  await addIdColumn(db.schema.createTable('invoices'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('account_id', 'integer', (col) => col.notNull().references('client_accounts.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.references('cases.id').onDelete('set null'))
    .addColumn('case_title', 'text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('credited_invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (col) => col.references('invoice_series.id').onDelete('cascade'))
    .addColumn('number', 'integer')
    .addColumn('number_text', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('issue_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('account_snapshot', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('subtotal_minor', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('tax_minor', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_minor', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('pdf_storage_key', 'text')
    .addColumn('created_by', 'integer', userSetNull)
    .addColumn('issued_by', 'integer', userSetNull)
    .addColumn('issued_at', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('invoices_number', ['series_id', 'number'])
    .execute();
  await db.schema.createIndex('invoices_organisation').on('invoices').columns(['organisation_id', 'status']).execute();
  await db.schema.createIndex('invoices_account').on('invoices').column('account_id').execute();
  await db.schema.createIndex('invoices_credited').on('invoices').column('credited_invoice_id').execute();

  await addIdColumn(db.schema.createTable('invoice_lines'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('date', 'text')
    .addColumn('quantity_milli', 'bigint', (col) => col.notNull())
    .addColumn('unit_price_minor', 'bigint', (col) => col.notNull())
    .addColumn('tax_rate_milli', 'integer', (col) => col.notNull())
    .addColumn('discount_percent_milli', 'integer')
    .addColumn('amount_minor', 'bigint', (col) => col.notNull())
    .addColumn('tax_minor', 'bigint', (col) => col.notNull())
    .addColumn('time_entry_id', 'integer', (col) => col.references('time_entries.id').onDelete('set null'))
    .addColumn('expense_id', 'integer', (col) => col.references('expenses.id').onDelete('set null'))
    .addColumn('credited_line_id', 'integer', (col) => col.references('invoice_lines.id').onDelete('set null'))
    .addColumn('raw_seconds', 'integer')
    .addColumn('billed_minutes', 'integer')
    .addColumn('user_name', 'text')
    .execute();
  await db.schema
    .createIndex('invoice_lines_invoice')
    .on('invoice_lines')
    .columns(['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('billed_time_entries')
    .addColumn('time_entry_id', 'integer', (col) => col.primaryKey().references('time_entries.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('billed_time_entries_invoice').on('billed_time_entries').column('invoice_id').execute();
  await db.schema
    .createTable('billed_expenses')
    .addColumn('expense_id', 'integer', (col) => col.primaryKey().references('expenses.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('billed_expenses_invoice').on('billed_expenses').column('invoice_id').execute();

  await addIdColumn(db.schema.createTable('invoice_payments'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('amount_minor', 'bigint', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('recorded_by', 'integer', userSetNull)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').column('invoice_id').execute();

  await db.schema
    .createTable('invoice_settings')
    .addColumn('organisation_id', 'integer', (col) =>
      col.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('firm_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('firm_tax_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ledes_firm_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('default_tax_rate_milli', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('default_currency', 'text', (col) => col.notNull())
    .addColumn('invoice_prefix', 'text', (col) => col.notNull())
    .addColumn('credit_note_prefix', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}
