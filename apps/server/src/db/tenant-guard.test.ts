import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { ALL_ORGANISATIONS } from '../platform/access/actor.ts';
import { isGuarded, tenantTablesOf, UnscopedQueryError } from './tenant-guard.ts';
import { crossTenant, scoped } from './tenant-scope.ts';

/** The tenant guard (db/tenant-guard.ts) on the app's own database, and the ways through it (db/tenant-scope.ts). */
describeEachDatabase('the tenant guard', (h) => {
  const db = () => h().ctx.db;
  const refused = (table: string) =>
    expect.objectContaining({
      name: 'UnscopedQueryError',
      message: expect.stringMatching(new RegExp(`"${table}".*SQL: `, 's')),
    });

  it("guards the app's database, and knows the tenant tables from the schema", async () => {
    expect(isGuarded(db())).toBe(true);
    expect(isGuarded(h().database.db)).toBe(false);
    const tables = await tenantTablesOf(h().database.db);
    expect([...tables]).toEqual(expect.arrayContaining(['cases', 'documents', 'users', 'audit_events', 'sessions']));
    expect(tables.has('organisations')).toBe(false);
    expect(tables.has('plans')).toBe(false);
  });

  it('refuses an unscoped select, update and delete of a tenant table, naming the table and the SQL', async () => {
    await expect(db().selectFrom('cases').select('id').execute()).rejects.toThrow(UnscopedQueryError);
    await expect(db().selectFrom('cases').select('id').where('id', '=', 1).execute()).rejects.toEqual(refused('cases'));
    await expect(db().updateTable('users').set({ phone: '' }).where('id', '=', h().ids.user).execute()).rejects.toEqual(
      refused('users'),
    );
    await expect(db().deleteFrom('notifications').where('user_id', '=', h().ids.user).execute()).rejects.toEqual(
      refused('notifications'),
    );
    // Only a conjunct that compares organisation_id scopes: not an OR, not another comparison.
    await expect(
      db()
        .selectFrom('cases')
        .select('id')
        .where((eb) => eb.or([eb('organisation_id', '=', h().ids.demoOrg), eb('status', '=', 'open')]))
        .execute(),
    ).rejects.toEqual(refused('cases'));
    await expect(
      db().selectFrom('cases').select('id').where('organisation_id', '!=', h().ids.demoOrg).execute(),
    ).rejects.toEqual(refused('cases'));
    // Another table's organisation_id does not scope this one.
    await expect(
      db()
        .selectFrom(['cases as c', 'documents as d'])
        .select('c.id')
        .where('d.organisation_id', '=', h().ids.demoOrg)
        .execute(),
    ).rejects.toEqual(refused('cases'));
  });

  it("lets a scoped query through, and it sees only that organisation's rows", async () => {
    const { demoOrg, otherOrg, user } = h().ids;
    const demo = await scoped(db(), demoOrg).selectFrom('users').select('organisation_id').execute();
    expect(demo.length).toBeGreaterThan(0);
    expect(new Set(demo.map((row) => row.organisation_id))).toEqual(new Set([demoOrg]));
    const aliased = await scoped(db(), otherOrg)
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', '=', user)
      .execute();
    expect(aliased).toEqual([]);
    const updated = await scoped(db(), otherOrg)
      .updateTable('users')
      .set({ phone: 'x' })
      .where('id', '=', user)
      .execute();
    expect(Number(updated[0]?.numUpdatedRows)).toBe(0);
    const deleted = await scoped(db(), otherOrg).deleteFrom('users').where('id', '=', user).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    // A hand-written predicate passes too: the guard asks for organisation_id, not for the helper.
    await db().selectFrom('cases').select('id').where('organisation_id', '=', demoOrg).execute();
    await db()
      .selectFrom('cases as c')
      .select('c.id')
      .where('c.status', '=', 'open')
      .where((eb) => eb.and([eb('c.title', '!=', ''), eb(sql.ref('c.organisation_id'), 'in', [demoOrg])]))
      .execute();
  });

  it('lets a cross-tenant query through only with a reason, and ALL_ORGANISATIONS reads every organisation', async () => {
    const every = await crossTenant(db(), 'test: every organisation').selectFrom('users').select('id').execute();
    const all = await scoped(db(), ALL_ORGANISATIONS).selectFrom('users').select('organisation_id').execute();
    expect(all).toHaveLength(every.length);
    expect(new Set(all.map((row) => row.organisation_id))).toEqual(new Set([h().ids.demoOrg, h().ids.otherOrg]));
    expect(() => crossTenant(db(), '')).toThrow(/reason/);
    // Tables without organisation_id are not the guard's business.
    await db().selectFrom('plans').select('id').execute();
    await db().selectFrom('organisations').select('id').where('id', '=', h().ids.demoOrg).execute();
  });

  it('checks joined tenant tables: a join tied to the scoped row passes, a free-standing one does not', async () => {
    const { demoOrg } = h().ids;
    await scoped(db(), demoOrg)
      .selectFrom('cases as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .select(['c.id', 'u.email'])
      .execute();
    await expect(
      scoped(db(), demoOrg)
        .selectFrom('cases as c')
        .innerJoin('users as u', (join) => join.on('u.role', '=', 'super'))
        .select(['c.id', 'u.email'])
        .execute(),
    ).rejects.toEqual(expect.objectContaining({ message: expect.stringContaining('joined table "users"') }));
  });

  it('checks CTEs, unions and insert … select like queries of their own', async () => {
    await expect(
      db()
        .with('mine', (q) => q.selectFrom('cases').select('id'))
        .selectFrom('mine')
        .select('id')
        .execute(),
    ).rejects.toEqual(refused('cases'));
    await expect(
      scoped(db(), h().ids.demoOrg)
        .selectFrom('cases')
        .select('id')
        .union((eb) => eb.selectFrom('cases').select('id'))
        .execute(),
    ).rejects.toEqual(refused('cases'));
    // A query built on the guarded database is checked when it is embedded, before the outer query runs.
    expect(() =>
      scoped(db(), h().ids.demoOrg).selectFrom('cases').select('id').union(db().selectFrom('cases').select('id')),
    ).toThrow(UnscopedQueryError);
    await expect(
      db()
        .insertInto('case_parties')
        .columns(['organisation_id', 'case_id', 'name', 'position'])
        .expression((eb) => eb.selectFrom('case_parties').select(['organisation_id', 'case_id', 'name', 'position']))
        .execute(),
    ).rejects.toEqual(refused('case_parties'));
  });

  it('checks raw statements by their text', async () => {
    await expect(sql`select count(*) as n from cases`.execute(db())).rejects.toEqual(refused('cases'));
    await expect(sql`delete from ${sql.table('case_parties')} where case_id = ${-1}`.execute(db())).rejects.toEqual(
      expect.objectContaining({ message: expect.stringContaining('"case_parties"') }),
    );
    await sql`select count(*) as n from cases where organisation_id = ${h().ids.demoOrg}`.execute(db());
    await sql`select count(*) as n from plans`.execute(db());
  });

  it('guards a transaction and lets the scoped and cross-tenant queries run inside it', async () => {
    const { demoOrg } = h().ids;
    await db()
      .transaction()
      .execute(async (trx) => {
        await expect(trx.selectFrom('cases').select('id').execute()).rejects.toThrow(UnscopedQueryError);
        await scoped(trx, demoOrg).selectFrom('cases').select('id').execute();
        const unguarded = crossTenant(trx, 'test: inside a transaction');
        expect(unguarded.isTransaction).toBe(true);
        await unguarded.selectFrom('cases').select('id').execute();
      });
  });

  it('accepts only tenant tables in scoped() (checked by the compiler)', () => {
    const scope = scoped(db(), h().ids.demoOrg);
    // @ts-expect-error plans has no organisation_id: there is nothing to scope.
    expect(() => scope.selectFrom('plans')).not.toThrow();
    // @ts-expect-error nor has organisations (its own id is the organisation).
    expect(() => scope.deleteFrom('organisations')).not.toThrow();
  });
});
