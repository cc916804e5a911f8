import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/**
 * Organisations, users and plans administration (issue 3):
 * - audit_events outlives its organisation: the foreign key (with its cascade) is dropped, so deleting an
 *   organisation keeps its audit trail, as actor_user_id already outlives its user.
 * - plan_history: every plan an organisation had, with its duration, user limit and who changed it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table audit_events drop constraint if exists audit_events_organisation_id_fkey`.execute(db);
  } else {
    // SQLite cannot drop a foreign key: rebuild the table with the same columns and rows.
    await addIdColumn(db.schema.createTable('audit_events_next'), dialect)
      .addColumn('organisation_id', 'integer', (col) => col.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('entity', 'text', (col) => col.notNull())
      .addColumn('entity_id', 'integer')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('changes', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await sql`insert into audit_events_next (id, organisation_id, actor_user_id, entity, entity_id, action, changes, created_at)
      select id, organisation_id, actor_user_id, entity, entity_id, action, changes, created_at from audit_events`.execute(
      db,
    );
    await db.schema.dropTable('audit_events').execute();
    await db.schema.alterTable('audit_events_next').renameTo('audit_events').execute();
    await db.schema
      .createIndex('audit_events_entity')
      .on('audit_events')
      .columns(['organisation_id', 'entity', 'entity_id'])
      .execute();
  }

  await addIdColumn(db.schema.createTable('plan_history'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('plan_name', 'text', (col) => col.notNull())
    .addColumn('duration', 'integer')
    .addColumn('user_limit', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('plan_history_organisation')
    .on('plan_history')
    .columns(['organisation_id', 'id'])
    .execute();
}
