import { sql } from 'kysely';
import { expect } from 'vitest';
import { migrationTest } from './migration-test.ts';

/**
 * Migration 0029 (issue 29 item 7): numbers that already repeat in an organisation keep the first document's
 * number, each later one gets its id appended, so the unique (organisation, number) index can be built.
 */
migrationTest(
  '0029_invoice_numbers_and_housekeeping',
  'keeps the first of repeated numbers and appends the id to the others',
  '0027_outbox_kinds',
  async (db, migrate) => {
    const at = '2026-01-01T00:00:00.000Z';
    const plan = await sql<{ id: number }>`select id from plans order by id limit 1`.execute(db);
    for (const name of ['Firm A', 'Firm B'])
      await sql`insert into organisations (name, plan_id, created_at, updated_at)
            values (${name}, ${plan.rows[0]!.id}, ${at}, ${at})`.execute(db);
    const orgs = (await sql<{ id: number }>`select id from organisations order by id`.execute(db)).rows;
    for (const org of orgs)
      await sql`insert into client_accounts (organisation_id, name, currency, created_at, updated_at)
            values (${org.id}, 'Client', 'USD', ${at}, ${at})`.execute(db);
    const accounts = (
      await sql<{ id: number; organisation_id: number }>`
          select id, organisation_id from client_accounts order by id`.execute(db)
    ).rows;
    const invoice = (account: { id: number; organisation_id: number }, kind: string, number: string | null) =>
      sql`insert into invoices (organisation_id, account_id, kind, number_text, status, currency, created_at,
              updated_at)
            values (${account.organisation_id}, ${account.id}, ${kind}, ${number}, ${number ? 'issued' : 'draft'},
              'USD', ${at}, ${at})`.execute(db);
    const [a, b] = [accounts[0]!, accounts[1]!];
    await invoice(a, 'invoice', 'INV-1');
    await invoice(a, 'credit_note', 'INV-1'); // credit_note_prefix was INV-
    await invoice(a, 'invoice', null);
    await invoice(a, 'invoice', null);
    await invoice(b, 'invoice', 'INV-1'); // another organisation's INV-1 is its own

    await migrate();

    const rows = await sql<{ id: number; number_text: string | null }>`
          select id, number_text from invoices order by id`.execute(db);
    const ids = rows.rows.map((row) => row.id);
    expect(rows.rows.map((row) => row.number_text)).toEqual(['INV-1', `INV-1-${ids[1]}`, null, null, 'INV-1']);
    await expect(sql`update invoices set number_text = 'INV-1' where id = ${ids[1]}`.execute(db)).rejects.toThrow();
  },
);
