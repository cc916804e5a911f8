import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { containsText } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { ClientAccountsTable, ExpensesTable } from '../../db/tables/invoices.ts';
import { personName } from '../case-records/index.ts';

/** Client accounts, the cases they bill, and expenses: the SQL (invoices.repo.ts holds the invoices'). */

export type AccountRecord = Selectable<ClientAccountsTable>;
export type ExpenseRecord = Selectable<ExpensesTable>;

// ---- Accounts ----------------------------------------------------------------------------------------------

export async function listAccounts(
  db: Db,
  organisationId: number,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  let query = scoped(db, organisationId).selectFrom('client_accounts');
  if (search) query = query.where(containsText('name', search));
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute();
  return { rows, total: Number(total.n) };
}

export async function findAccount(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('client_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAccountByName(db: Db, organisationId: number, name: string) {
  return scoped(db, organisationId)
    .selectFrom('client_accounts')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertAccount(db: Db, row: Insertable<ClientAccountsTable>): Promise<number> {
  return (await db.insertInto('client_accounts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateAccount(
  db: Db,
  organisationId: number,
  id: number,
  changes: Updateable<ClientAccountsTable>,
) {
  await scoped(db, organisationId).updateTable('client_accounts').set(changes).where('id', '=', id).execute();
}

export async function deleteAccount(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('client_accounts').where('id', '=', id).execute();
}

/** Cases (id, title) billed to each account of `accountIds`. */
export async function casesOfAccounts(db: Db, dialect: Dialect, organisationId: number, accountIds: readonly number[]) {
  const map = new Map<number, { id: number; title: string }[]>();
  if (accountIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('client_account_cases as ac')
    .innerJoin('cases as c', 'c.id', 'ac.case_id')
    .select(['ac.account_id', 'c.id', 'c.title'])
    .where(idsIn(dialect, 'ac.account_id', accountIds))
    .orderBy('c.title')
    .orderBy('c.id')
    .execute();
  for (const row of rows)
    map.set(row.account_id, [...(map.get(row.account_id) ?? []), { id: row.id, title: row.title }]);
  return map;
}

/** The account each of `caseIds` bills to now (with its name). */
export async function accountsOfCases(db: Db, dialect: Dialect, organisationId: number, caseIds: readonly number[]) {
  if (caseIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('client_account_cases as ac')
    .innerJoin('client_accounts as a', 'a.id', 'ac.account_id')
    .innerJoin('cases as c', 'c.id', 'ac.case_id')
    .select(['ac.case_id', 'ac.account_id', 'a.name', 'c.title'])
    .where(idsIn(dialect, 'ac.case_id', caseIds))
    .execute();
}

/** The organisation's cases among `ids` (id, title). */
export async function casesByIds(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('cases')
    .select(['id', 'title'])
    .where(idsIn(dialect, 'id', ids))
    .execute();
}

export async function replaceAccountCases(
  db: Db,
  organisationId: number,
  accountId: number,
  caseIds: readonly number[],
) {
  await scoped(db, organisationId).deleteFrom('client_account_cases').where('account_id', '=', accountId).execute();
  if (caseIds.length === 0) return;
  await db
    .insertInto('client_account_cases')
    .values(caseIds.map((case_id) => ({ organisation_id: organisationId, account_id: accountId, case_id })))
    .execute();
}

/** Per account: Σ issued invoice totals (credit notes negative, void left out) and Σ payments. */
export async function accountMoney(db: Db, dialect: Dialect, organisationId: number, accountIds: readonly number[]) {
  const map = new Map<number, { invoiced: number; paid: number }>();
  if (accountIds.length === 0) return map;
  const invoiced = await scoped(db, organisationId)
    .selectFrom('invoices')
    .select(['account_id', sql<number>`coalesce(sum(total_minor), 0)`.as('total')])
    .where(idsIn(dialect, 'account_id', accountIds))
    .where('status', 'not in', ['draft', 'void'])
    .groupBy('account_id')
    .execute();
  const paid = await scoped(db, organisationId)
    .selectFrom('invoice_payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .select(['i.account_id', sql<number>`coalesce(sum(p.amount_minor), 0)`.as('total')])
    .where(idsIn(dialect, 'i.account_id', accountIds))
    .groupBy('i.account_id')
    .execute();
  for (const id of accountIds) map.set(id, { invoiced: 0, paid: 0 });
  for (const row of invoiced) map.get(row.account_id)!.invoiced = Number(row.total);
  for (const row of paid) map.get(row.account_id)!.paid = Number(row.total);
  return map;
}

export async function countInvoicesOfAccount(db: Db, organisationId: number, accountId: number, issuedOnly: boolean) {
  let query = scoped(db, organisationId).selectFrom('invoices').where('account_id', '=', accountId);
  if (issuedOnly) query = query.where('status', '!=', 'draft');
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Expenses ----------------------------------------------------------------------------------------------

const expenseColumns = [
  'x.id',
  'x.account_id',
  'a.name as account_name',
  'a.currency',
  'x.case_id',
  'c.title as case_title',
  'x.date',
  'x.description',
  'x.amount_minor',
  'x.quantity_milli',
  'x.tax_rate_milli',
  'x.created_at',
  'b.invoice_id',
  'i.number_text as invoice_number',
] as const;

function expensesQuery(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('expenses as x')
    .innerJoin('client_accounts as a', 'a.id', 'x.account_id')
    .leftJoin('cases as c', 'c.id', 'x.case_id')
    .leftJoin('billed_expenses as b', 'b.expense_id', 'x.id')
    .leftJoin('invoices as i', 'i.id', 'b.invoice_id')
    .leftJoin('users as u', 'u.id', 'x.created_by');
}

export type ExpenseRow = Awaited<ReturnType<typeof listExpenses>>['rows'][number];

export async function listExpenses(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  filter: { accountId?: number; caseId?: number; billed?: boolean; ids?: readonly number[] },
  limit: number,
  offset: number,
) {
  let query = expensesQuery(db, organisationId);
  if (filter.accountId) query = query.where('x.account_id', '=', filter.accountId);
  if (filter.caseId) query = query.where('x.case_id', '=', filter.caseId);
  if (filter.billed !== undefined) query = query.where('b.invoice_id', filter.billed ? 'is not' : 'is', null);
  if (filter.ids) query = query.where(idsIn(dialect, 'x.id', filter.ids));
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...expenseColumns, personName('u').as('created_by_name')])
    .orderBy('x.date', 'desc')
    .orderBy('x.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findExpense(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('expenses').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertExpense(db: Db, row: Insertable<ExpensesTable>): Promise<number> {
  return (await db.insertInto('expenses').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateExpense(db: Db, organisationId: number, id: number, changes: Updateable<ExpensesTable>) {
  await scoped(db, organisationId).updateTable('expenses').set(changes).where('id', '=', id).execute();
}
export async function deleteExpense(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('expenses').where('id', '=', id).execute();
}
