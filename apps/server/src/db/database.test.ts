import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { DEMO_USERS, seedDemo, seedDemoIfEmpty } from './demo.seed.ts';
import type { Db } from './database.types.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared-query.ts';

describeEachDatabase('database', (h) => {
  it('has the plans of spec 01 §3 with their durations', async () => {
    const plans = await h().ctx.db.selectFrom('plans').select(['name', 'duration']).orderBy('id').execute();
    expect(plans).toEqual([
      { name: 'Trial', duration: 1 },
      { name: 'Associate', duration: 6 },
      { name: 'Associate', duration: 12 },
      { name: 'Membership', duration: 12 },
      { name: 'Bespoke', duration: null },
    ]);
  });

  it('runs a prepared query with fresh parameters each time, and refuses one that drops a parameter', async () => {
    const byEmail = preparedQuery((db: Db, email: string) =>
      db.selectFrom('users').select('role').where('email', '=', email),
    );
    const { db } = h().database;
    expect(await byEmail(db, 'super@example.com')).toEqual([{ role: 'super' }]);
    expect(await byEmail(db, 'user@example.com')).toEqual([{ role: 'user' }]);
    expect(await byEmail(db, 'nobody@example.com')).toEqual([]);
    const careless = preparedQuery((db: Db, _email: string) => db.selectFrom('users').select('role'));
    await expect(careless(db, 'x')).rejects.toThrow(/every parameter/);
  });

  it('migrates once: a second run applies nothing', async () => {
    expect(await migrateToLatest(h().database.db, h().database.dialect)).toEqual([]);
  });

  it('seeds idempotently and only into an empty database', async () => {
    expect(await seedDemo(h().ctx)).toEqual({ organisations: 0, users: 0, signIns: [] });
    expect(await seedDemoIfEmpty(h().ctx)).toBeNull();
    const users = await h()
      .database.db.selectFrom('users')
      .select(['email', 'role', 'is_active', 'case_permission'])
      .execute();
    for (const demo of DEMO_USERS) {
      expect(users).toContainEqual({ email: demo.email, role: demo.role, is_active: 1, case_permission: 1 });
    }
  });

  it('puts the demo organisation on Associate for 6 months from the first start', async () => {
    const org = await h()
      .ctx.db.selectFrom('organisations as o')
      .innerJoin('plans as p', 'p.id', 'o.plan_id')
      .select(['p.name', 'p.duration', 'o.plan_started_at', 'o.plan_expires_at'])
      .where('o.name', '=', 'Demo Law LLP')
      .executeTakeFirstOrThrow();
    expect(org).toEqual({
      name: 'Associate',
      duration: 6,
      plan_started_at: '2026-03-02T09:00:00.000Z',
      plan_expires_at: '2026-09-02T09:00:00.000Z',
    });
  });

  it('refuses a second user with the same email and upper-case emails', async () => {
    await expect(
      h()
        .ctx.db.insertInto('users')
        .values({
          organisation_id: h().ids.demoOrg,
          email: 'UPPER@example.com',
          role: 'user',
          first_name: '',
          last_name: '',
          phone: '',
          password_hash: null,
          is_active: 1,
          is_dark_theme: 0,
          profile_image: null,
          knowledge_permission: 0,
          case_permission: 0,
          precedent_permission: 0,
          doc_analyzer_permission: 0,
          my_playbooks_permission: 0,
          task_management_permission: 0,
          invoice_permission: 0,
          knowledge_role: null,
          knowledge_data_permission: 0,
          created_at: '',
          updated_at: '',
        })
        .execute(),
    ).rejects.toThrow();
  });
});
