import { sql, type Kysely } from 'kysely';

/**
 * Issue 29 items 4 and 7.
 *
 * 1. `housekeeping_runs`: when each housekeeping step last succeeded (one row per step, on every server), shown
 *    in Admin Setting; a step that keeps failing shows an old date while the others go on.
 * 2. An issued number is unique in its organisation (`invoices_organisation_number`; drafts have none). Numbers
 *    that already repeat (a credit note numbered like an invoice, `INV-1`+`1` beside `INV-`+`11`) keep the
 *    first document's number; each later one gets its id appended (`INV-1-42`), so the index can hold.
 * 3. `users.billing_permission`: the Billing grant (reading every invoice and client account of the firm) that
 *    the organisation's admin gives a plain user; admins hold it by role. No plain user holds it at first: the
 *    admin grants it to those who bill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('housekeeping_runs')
    .addColumn('step', 'text', (col) => col.primaryKey())
    .addColumn('succeeded_at', 'text', (col) => col.notNull())
    .execute();

  await sql`
    update invoices set number_text = number_text || '-' || cast(id as text)
    where number_text is not null and exists (
      select 1 from invoices first
      where first.organisation_id = invoices.organisation_id
        and first.number_text = invoices.number_text and first.id < invoices.id)`.execute(db);
  await db.schema
    .createIndex('invoices_organisation_number')
    .unique()
    .on('invoices')
    .columns(['organisation_id', 'number_text'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('billing_permission', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
