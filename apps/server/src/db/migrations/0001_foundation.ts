import { sql, type Kysely } from 'kysely';
import { MODULE_FLAGS } from '@lexdesk/contract';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/** Plans of spec 01 §3 (plan_type: id, name, duration in months; Bespoke has none). */
const PLAN_ROWS = [
  { name: 'Trial', duration: 1 },
  { name: 'Associate', duration: 6 },
  { name: 'Associate', duration: 12 },
  { name: 'Membership', duration: 12 },
  { name: 'Bespoke', duration: null },
];

// Landed: never edit; add a new migration instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('plans'), dialect)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('duration', 'integer')
    .execute();
  await (db as Kysely<{ plans: { name: string; duration: number | null } }>)
    .insertInto('plans')
    .values(PLAN_ROWS)
    .execute();

  let organisations = addIdColumn(db.schema.createTable('organisations'), dialect)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('plans.id'))
    .addColumn('plan_started_at', 'text')
    .addColumn('plan_expires_at', 'text')
    .addColumn('user_limit', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('contact_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (col) => col.notNull().defaultTo(''));
  for (const flag of MODULE_FLAGS) organisations = addFlagColumn(organisations, flag, 1);
  await organisations
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  let users = addIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('super', 'admin', 'user')`))
    .addColumn('password_hash', 'text');
  users = addFlagColumn(users, 'is_active', 1);
  users = addFlagColumn(users, 'is_dark_theme', 0);
  users = users.addColumn('profile_image', 'text');
  for (const flag of MODULE_FLAGS) users = addFlagColumn(users, flag, 0);
  users = users.addColumn('knowledge_role', 'text');
  users = addFlagColumn(users, 'knowledge_data_permission', 0);
  await users
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_organisation_id').on('users').column('organisation_id').execute();

  await addIdColumn(db.schema.createTable('sessions'), dialect)
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sessions_token_hash_unique').on('sessions').column('token_hash').unique().execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await addIdColumn(db.schema.createTable('link_tokens'), dialect)
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('set_password', 'reset_password', 'create_admin')`),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('link_tokens_token_hash_unique')
    .on('link_tokens')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('link_tokens_user_id').on('link_tokens').column('user_id').execute();

  await addIdColumn(db.schema.createTable('notifications'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('case_id', 'integer')
    .addColumn('task_id', 'integer')
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_recipient')
    .on('notifications')
    .columns(['organisation_id', 'user_id', 'id'])
    .execute();

  // actor_user_id has no foreign key: the history outlives the user.
  await addIdColumn(db.schema.createTable('audit_events'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer')
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_entity')
    .on('audit_events')
    .columns(['organisation_id', 'entity', 'entity_id'])
    .execute();

  await addIdColumn(db.schema.createTable('outbox'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('set null'))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .execute();
}
