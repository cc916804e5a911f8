import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * Settings, self-registration, multi-factor sign-in and account lock (issue 3, items 4, 6, 7).
 * Secrets (TOTP) are stored encrypted; OTPs, bypass codes and challenge tokens only as hashes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by_user_id', 'integer')
    .execute();

  await addIdColumn(db.schema.createTable('registrations'), dialect)
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('organisation_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('plan_name', 'text', (col) => col.notNull())
    .addColumn('duration', 'integer')
    .addColumn('user_limit', 'integer', (col) => col.notNull())
    .addColumn('otp_hash', 'text', (col) => col.notNull())
    .addColumn('otp_channel', 'text', (col) => col.notNull().check(sql`otp_channel in ('sms', 'email')`))
    .addColumn('otp_sent_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('resends', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_checks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('registrations_token_hash_unique')
    .on('registrations')
    .column('token_hash')
    .unique()
    .execute();

  await db.schema
    .createTable('user_security')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('verified_phone', 'text')
    .addColumn('phone_verified_at', 'text')
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_security_organisation')
    .on('user_security')
    .columns(['organisation_id', 'locked_at'])
    .execute();

  await addIdColumn(db.schema.createTable('mfa_bypass_codes'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('mfa_bypass_codes_user')
    .on('mfa_bypass_codes')
    .columns(['organisation_id', 'user_id'])
    .execute();

  const codes = addIdColumn(db.schema.createTable('verification_codes'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('login', 'phone')`))
    .addColumn('token_hash', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('target', 'text', (col) => col.notNull().defaultTo(''));
  await addFlagColumn(codes, 'remember', 0)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_codes_token_hash_unique')
    .on('verification_codes')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('verification_codes_user')
    .on('verification_codes')
    .columns(['organisation_id', 'user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('mfa_role_policies')
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'user')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mfa_role_policies_pk', ['organisation_id', 'role'])
    .execute();
}
