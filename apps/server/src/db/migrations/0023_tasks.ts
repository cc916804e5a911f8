import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/** `organisation_id`: every row goes with its organisation. */
const organisation = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');
const task = (col: ColumnDefinitionBuilder) => col.notNull().references('tasks.id').onDelete('cascade');

/**
 * The task tracker (issue 15, docs/tasks.md): tasks with assignees, checklist, comments and attachments;
 * time entries (a timer is an entry whose state is not 'stopped') with the spans a timer ran; the
 * organisation's task settings. A task goes with its case (cascade) and its parts with it; a user's own
 * assignments and time entries go with the user, what they made for others keeps the row ("created by",
 * comments, uploads, approvals: set null). One timer per user is the database's rule: a partial unique index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('tasks'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('case_id', 'integer', (col) => col.references('cases.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('due_date', 'text')
    .addColumn('priority', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tasks_organisation').on('tasks').columns(['organisation_id', 'created_at']).execute();
  await db.schema.createIndex('tasks_case').on('tasks').column('case_id').execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('task_id', 'integer', task)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema.createIndex('task_assignees_user').on('task_assignees').column('user_id').execute();

  await addFlagColumn(addIdColumn(db.schema.createTable('task_checklist_items'), dialect), 'done')
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('task_id', 'integer', task)
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('task_checklist_items_task')
    .on('task_checklist_items')
    .columns(['task_id', 'position'])
    .execute();

  await addIdColumn(db.schema.createTable('task_comments'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('task_id', 'integer', task)
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('task_comments_task').on('task_comments').column('task_id').execute();

  await addIdColumn(db.schema.createTable('task_attachments'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('task_id', 'integer', task)
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('task_attachments_task').on('task_attachments').column('task_id').execute();

  let entries = addIdColumn(db.schema.createTable('time_entries'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('task_id', 'integer', task)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.references('cases.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('seconds', 'integer', (col) => col.notNull().defaultTo(0));
  entries = addFlagColumn(entries, 'billable', 1)
    .addColumn('activity_type', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('last_activity_at', 'text');
  await addFlagColumn(entries, 'flagged')
    .addColumn('approved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('time_entries_organisation')
    .on('time_entries')
    .columns(['organisation_id', 'date'])
    .execute();
  await db.schema.createIndex('time_entries_task').on('time_entries').column('task_id').execute();
  await db.schema.createIndex('time_entries_user').on('time_entries').columns(['user_id', 'date']).execute();
  // One timer (running or paused entry) per user: the database decides between concurrent starts.
  await sql`create unique index time_entries_one_timer on time_entries (user_id) where state <> 'stopped'`.execute(db);

  await addIdColumn(db.schema.createTable('time_entry_spans'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('entry_id', 'integer', (col) => col.notNull().references('time_entries.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('time_entry_spans_entry').on('time_entry_spans').column('entry_id').execute();

  await db.schema
    .createTable('task_settings')
    .addColumn('organisation_id', 'integer', (col) =>
      col.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('idle_minutes', 'integer', (col) => col.notNull())
    .addColumn('billing_increment_minutes', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
