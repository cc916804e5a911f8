import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { containsText } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type {
  InvoiceLinesTable,
  InvoicePaymentsTable,
  InvoiceSettingsTable,
  InvoicesTable,
} from '../../db/tables/invoices.ts';
import { personName } from '../case-records/index.ts';

/**
 * Invoices, their lines, payments, numbering and settings, and what is billed: the SQL (accounts.repo.ts holds
 * the client accounts' and the expenses').
 */

export type InvoiceRecord = Selectable<InvoicesTable>;
export type LineRecord = Selectable<InvoiceLinesTable>;
export type PaymentRecord = Selectable<InvoicePaymentsTable>;

// ---- Billed once -------------------------------------------------------------------------------------------

/** Which of `timeEntryIds` are on an invoice (with its number text, null on a draft). */
export async function billedTime(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('billed_time_entries as b')
    .innerJoin('invoices as i', 'i.id', 'b.invoice_id')
    .select(['b.time_entry_id as id', 'b.invoice_id', 'i.number_text'])
    .where(idsIn(dialect, 'b.time_entry_id', ids))
    .execute();
}
export async function billedExpenseRows(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('billed_expenses as b')
    .innerJoin('invoices as i', 'i.id', 'b.invoice_id')
    .select(['b.expense_id as id', 'b.invoice_id', 'i.number_text'])
    .where(idsIn(dialect, 'b.expense_id', ids))
    .execute();
}
/** Claims time entries and expenses for an invoice: the primary keys refuse a second claim. */
export async function claimBilled(
  db: Db,
  organisationId: number,
  invoiceId: number,
  timeEntryIds: readonly number[],
  expenseIds: readonly number[],
) {
  if (timeEntryIds.length > 0)
    await db
      .insertInto('billed_time_entries')
      .values(timeEntryIds.map((id) => ({ time_entry_id: id, organisation_id: organisationId, invoice_id: invoiceId })))
      .execute();
  if (expenseIds.length > 0)
    await db
      .insertInto('billed_expenses')
      .values(expenseIds.map((id) => ({ expense_id: id, organisation_id: organisationId, invoice_id: invoiceId })))
      .execute();
}
export async function releaseBilled(db: Db, organisationId: number, invoiceId: number) {
  await scoped(db, organisationId).deleteFrom('billed_time_entries').where('invoice_id', '=', invoiceId).execute();
  await scoped(db, organisationId).deleteFrom('billed_expenses').where('invoice_id', '=', invoiceId).execute();
}

// ---- Invoices ----------------------------------------------------------------------------------------------

export async function findInvoice(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertInvoice(db: Db, row: Insertable<InvoicesTable>): Promise<number> {
  return (await db.insertInto('invoices').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateInvoice(db: Db, organisationId: number, id: number, changes: Updateable<InvoicesTable>) {
  await scoped(db, organisationId).updateTable('invoices').set(changes).where('id', '=', id).execute();
}
/**
 * Moves a draft on (to issued) only if it is still a draft: on PostgreSQL the update takes the row's lock, so
 * of two concurrent issues of one draft the second waits and then finds it no longer a draft (0 rows).
 */
export async function claimDraft(db: Db, organisationId: number, id: number, at: string): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('invoices')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
export async function deleteInvoice(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('invoices').where('id', '=', id).execute();
}

export async function linesOf(db: Db, organisationId: number, invoiceId: number) {
  return scoped(db, organisationId)
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export async function replaceLines(
  db: Db,
  organisationId: number,
  invoiceId: number,
  lines: Insertable<InvoiceLinesTable>[],
) {
  await scoped(db, organisationId).deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (lines.length > 0) await db.insertInto('invoice_lines').values(lines).execute();
}
/** Lines of the issued credit notes of `invoiceId` that credit one of its lines. */
export async function creditedLineIds(db: Db, organisationId: number, invoiceId: number) {
  const rows = await scoped(db, organisationId)
    .selectFrom('invoice_lines as l')
    .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
    .select('l.credited_line_id')
    .where('i.credited_invoice_id', '=', invoiceId)
    .where('l.credited_line_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.credited_line_id!));
}

export async function paymentsOf(db: Db, organisationId: number, invoiceId: number) {
  return scoped(db, organisationId)
    .selectFrom('invoice_payments as p')
    .leftJoin('users as u', 'u.id', 'p.recorded_by')
    .select([
      'p.id',
      'p.date',
      'p.amount_minor',
      'p.method',
      'p.reference',
      'p.created_at',
      personName('u').as('recorded_by_name'),
    ])
    .where('p.invoice_id', '=', invoiceId)
    .orderBy('p.date')
    .orderBy('p.id')
    .execute();
}
export async function insertPayment(db: Db, row: Insertable<InvoicePaymentsTable>): Promise<number> {
  return (await db.insertInto('invoice_payments').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function findPayment(db: Db, organisationId: number, invoiceId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('invoice_payments')
    .selectAll()
    .where('id', '=', id)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}
export async function deletePayment(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('invoice_payments').where('id', '=', id).execute();
}

export async function creditNotesOf(db: Db, organisationId: number, invoiceId: number) {
  return scoped(db, organisationId)
    .selectFrom('invoices')
    .select(['id', 'number_text', 'issue_date', 'total_minor'])
    .where('credited_invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

/** Lock (PostgreSQL) the invoice row for a payment or a credit note: one balance change at a time. */
export async function lockInvoice(db: Db, dialect: Dialect, organisationId: number, id: number) {
  if (dialect !== 'postgres') return;
  await scoped(db, organisationId).selectFrom('invoices').select('id').where('id', '=', id).forUpdate().execute();
}

export interface InvoiceFilter {
  status?: string;
  kind?: string;
  accountId?: number;
  caseId?: number;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  today: string;
}

/** Paid per invoice (Σ payments) and credited per invoice (−Σ its credit notes' totals) as subqueries. */
function listQuery(db: Db, organisationId: number, filter: InvoiceFilter) {
  let query = scoped(db, organisationId)
    .selectFrom('invoices as i')
    .innerJoin('client_accounts as a', 'a.id', 'i.account_id')
    .leftJoin('users as cb', 'cb.id', 'i.created_by')
    .leftJoin('users as ib', 'ib.id', 'i.issued_by');
  if (filter.kind) query = query.where('i.kind', '=', filter.kind);
  if (filter.status === 'overdue')
    query = query.where('i.status', 'in', ['issued', 'partially_paid']).where('i.due_date', '<', filter.today);
  else if (filter.status) query = query.where('i.status', '=', filter.status);
  if (filter.accountId) query = query.where('i.account_id', '=', filter.accountId);
  if (filter.caseId) query = query.where('i.case_id', '=', filter.caseId);
  if (filter.dateFrom) query = query.where('i.issue_date', '>=', filter.dateFrom);
  if (filter.dateTo) query = query.where('i.issue_date', '<=', filter.dateTo);
  if (filter.search)
    query = query.where((eb) =>
      eb.or([
        containsText('i.number_text', filter.search!),
        containsText('a.name', filter.search!),
        containsText('i.case_title', filter.search!),
      ]),
    );
  return query;
}

const invoiceListColumns = (organisationId: number) =>
  [
    'i.id',
    'i.kind',
    'i.number_text',
    'i.number',
    'i.status',
    'i.account_id',
    'a.name as account_name',
    'i.case_id',
    'i.case_title',
    'i.currency',
    'i.issue_date',
    'i.due_date',
    'i.subtotal_minor',
    'i.tax_minor',
    'i.total_minor',
    'i.credited_invoice_id',
    'i.created_at',
    sql<number>`coalesce((select sum(p.amount_minor) from invoice_payments p where p.invoice_id = i.id and p.organisation_id = ${organisationId}), 0)`.as(
      'paid_minor',
    ),
    sql<number>`coalesce((select -sum(n.total_minor) from invoices n where n.credited_invoice_id = i.id and n.organisation_id = ${organisationId} and n.status <> 'void'), 0)`.as(
      'credited_minor',
    ),
  ] as const;

export async function listInvoices(
  db: Db,
  organisationId: number,
  filter: InvoiceFilter,
  limit: number,
  offset: number,
) {
  const query = listQuery(db, organisationId, filter);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(invoiceListColumns(organisationId))
    .orderBy(sql`case when i.status = 'draft' then 0 else 1 end`)
    .orderBy('i.issue_date', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}
export type InvoiceListRow = Awaited<ReturnType<typeof listInvoices>>['rows'][number];

/** One invoice's list row plus the names of who made and issued it. */
export async function invoiceRowOf(db: Db, organisationId: number, id: number) {
  return listQuery(db, organisationId, { today: '' })
    .select([
      ...invoiceListColumns(organisationId),
      personName('cb').as('created_by_name'),
      personName('ib').as('issued_by_name'),
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** Every issued invoice (not credit notes, not void) with its paid and credited sums: the dashboard. */
export async function openInvoices(db: Db, organisationId: number) {
  return listQuery(db, organisationId, { today: '', kind: 'invoice' })
    .select(invoiceListColumns(organisationId))
    .where('i.status', 'in', ['issued', 'partially_paid'])
    .execute();
}

/** Σ payments dated in [from, to] per currency. */
export async function paymentsBetween(db: Db, organisationId: number, from: string, to: string) {
  return scoped(db, organisationId)
    .selectFrom('invoice_payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .select(['i.currency', sql<number>`sum(p.amount_minor)`.as('total')])
    .where('p.date', '>=', from)
    .where('p.date', '<=', to)
    .groupBy('i.currency')
    .execute();
}

// ---- Numbering ---------------------------------------------------------------------------------------------

/**
 * The next number of the series (organisation, kind, prefix), inside the issuing transaction: the series row
 * is created when missing, then `next_number` is incremented. On PostgreSQL the update holds the row's lock
 * until the transaction ends, so concurrent issues take 1, 2, 3… one after the other; SQLite has one writer.
 * A rolled-back issue gives its number back (the increment rolls back with it): no gap, no duplicate.
 */
export async function takeNumber(db: Db, organisationId: number, kind: string, prefix: string) {
  await db
    .insertInto('invoice_series')
    .values({ organisation_id: organisationId, kind, prefix, next_number: 1 })
    .onConflict((oc) => oc.columns(['organisation_id', 'kind', 'prefix']).doNothing())
    .execute();
  const row = await scoped(db, organisationId)
    .updateTable('invoice_series')
    .set({ next_number: sql`next_number + 1` })
    .where('kind', '=', kind)
    .where('prefix', '=', prefix)
    .returning(['id', 'next_number'])
    .executeTakeFirstOrThrow();
  return { seriesId: row.id, number: row.next_number - 1 };
}

// ---- Settings ----------------------------------------------------------------------------------------------

export async function findInvoiceSettings(db: Db, organisationId: number) {
  return scoped(db, organisationId).selectFrom('invoice_settings').selectAll().executeTakeFirst();
}
export async function saveInvoiceSettings(db: Db, row: Insertable<InvoiceSettingsTable>) {
  const { organisation_id: _id, ...changes } = row;
  await db
    .insertInto('invoice_settings')
    .values(row)
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(changes))
    .execute();
}

export async function organisationName(db: Db, organisationId: number): Promise<string> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirst();
  return row?.name ?? '';
}
