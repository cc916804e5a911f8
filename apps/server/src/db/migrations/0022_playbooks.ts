import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/** `organisation_id`: every row goes with its organisation. */
const organisation = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');

/**
 * Playbooks (issue 14, docs/playbooks.md): the draft (playbook, category links, entries), numbered immutable
 * versions, attachments (stored files, indexed as `playbook_attachment`), the organisation's categories,
 * assignments to other organisations and their users, and the playbooks a case follows at a pinned version.
 * A playbook goes with its organisation; its parts go with it; a user's name leaves "created by",
 * "published by", "uploaded by" and "added by" (set null); a case's pins go with the case.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('playbooks'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('playbook_type', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('playbooks_name_unique', ['organisation_id', 'name_key'])
    .execute();
  await db.schema.createIndex('playbooks_updated').on('playbooks').columns(['organisation_id', 'updated_at']).execute();

  await addIdColumn(db.schema.createTable('playbook_categories'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('playbook_categories_name_unique', ['organisation_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('playbook_category_links')
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('playbook_categories.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('playbook_category_links_pk', ['playbook_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('playbook_category_links_category')
    .on('playbook_category_links')
    .column('category_id')
    .execute();

  await addIdColumn(db.schema.createTable('playbook_entries'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.references('playbook_categories.id').onDelete('set null'))
    .addColumn('importance', 'text', (col) => col.notNull())
    .addColumn('standard_position', 'text', (col) => col.notNull())
    .addColumn('fallbacks', 'text', (col) => col.notNull())
    .addColumn('unacceptable', 'text', (col) => col.notNull())
    .addColumn('model_language', 'text', (col) => col.notNull())
    .addColumn('concept_head_ids', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('playbook_entries_order')
    .on('playbook_entries')
    .columns(['playbook_id', 'position'])
    .execute();

  await addIdColumn(db.schema.createTable('playbook_versions'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('playbook_versions_unique', ['playbook_id', 'version'])
    .execute();

  await addIdColumn(db.schema.createTable('playbook_attachments'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('extension', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('playbook_attachments_playbook')
    .on('playbook_attachments')
    .column('playbook_id')
    .execute();

  await addIdColumn(db.schema.createTable('playbook_assignments'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('playbook_assignments_playbook')
    .on('playbook_assignments')
    .columns(['playbook_id', 'organisation_id'])
    .execute();
  await db.schema
    .createIndex('playbook_assignments_organisation')
    .on('playbook_assignments')
    .columns(['organisation_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('case_playbooks')
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('playbook_id', 'integer', (col) => col.notNull().references('playbooks.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('added_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('case_playbooks_pk', ['case_id', 'playbook_id'])
    .execute();
  await db.schema.createIndex('case_playbooks_playbook').on('case_playbooks').column('playbook_id').execute();
}
