import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';

/**
 * Sign-in protection (issue 10): second-step failures in a row per user (a new challenge does not reset
 * them); the addresses a user signed in from, so a throttle slows the owner there instead of refusing; and
 * an MFA policy that may name super users too (the role check is widened by rebuilding the small table,
 * the one way both dialects share).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('user_security')
    .addColumn('second_step_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('known_sign_in_addresses')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (col) => col.notNull())
    .addColumn('last_signed_in_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('known_sign_in_addresses_pk', ['user_id', 'address_hash'])
    .execute();

  await db.schema
    .createTable('mfa_role_policies_0009')
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('super', 'admin', 'user')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mfa_role_policies_0009_pk', ['organisation_id', 'role'])
    .execute();
  await sql`insert into mfa_role_policies_0009 (organisation_id, role, created_at)
    select organisation_id, role, created_at from mfa_role_policies`.execute(db);
  await db.schema.dropTable('mfa_role_policies').execute();
  await db.schema.alterTable('mfa_role_policies_0009').renameTo('mfa_role_policies').execute();
}
