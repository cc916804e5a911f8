import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * Templates (issue 5): uploaded .docx precedents and their versions, the template's category list with the
 * active flag, who it is assigned to, executions (answers, version, generated document, who, when),
 * per-user drafts, and the export/import packages of the super user. See docs/precedents.md "Templates".
 * Files live in blob storage; rows hold their keys.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');
  const template = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('document_templates.id').onDelete('cascade');
  const user = (col: ColumnDefinitionBuilder) => col.references('users.id').onDelete('set null');

  await addFlagColumn(
    addIdColumn(db.schema.createTable('document_templates'), dialect)
      .addColumn('organisation_id', 'integer', org)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('file_key', 'text', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('file_size', 'integer', (col) => col.notNull())
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('created_by', 'integer', user)
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull()),
    'everyone',
    0,
  ).execute();
  await db.schema
    .createIndex('document_templates_organisation')
    .on('document_templates')
    .columns(['organisation_id', 'updated_at'])
    .execute();

  await addIdColumn(db.schema.createTable('document_template_versions'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('template_id', 'integer', template)
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('file_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', user)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('document_template_versions_unique')
    .on('document_template_versions')
    .columns(['template_id', 'version'])
    .unique()
    .execute();

  await addFlagColumn(
    addIdColumn(db.schema.createTable('document_template_categories'), dialect)
      .addColumn('organisation_id', 'integer', org)
      .addColumn('template_id', 'integer', template)
      .addColumn('category_id', 'integer', (col) =>
        col.notNull().references('question_categories.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull()),
    'is_active',
    1,
  ).execute();
  await db.schema
    .createIndex('document_template_categories_unique')
    .on('document_template_categories')
    .columns(['template_id', 'category_id'])
    .unique()
    .execute();

  await addIdColumn(db.schema.createTable('document_template_users'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('template_id', 'integer', template)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('document_template_users_unique')
    .on('document_template_users')
    .columns(['template_id', 'user_id'])
    .unique()
    .execute();

  await addIdColumn(db.schema.createTable('template_executions'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('template_id', 'integer', template)
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('document_name', 'text', (col) => col.notNull())
    .addColumn('file_key', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('created_by', 'integer', user)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('template_executions_template')
    .on('template_executions')
    .columns(['organisation_id', 'template_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('template_executions_user')
    .on('template_executions')
    .columns(['organisation_id', 'created_by', 'created_at'])
    .execute();

  await addIdColumn(db.schema.createTable('template_drafts'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('template_id', 'integer', template)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('template_drafts_unique')
    .on('template_drafts')
    .columns(['template_id', 'user_id'])
    .unique()
    .execute();

  await addIdColumn(db.schema.createTable('template_packages'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('file_key', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('target_organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('set null'))
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', user)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('template_packages_organisation')
    .on('template_packages')
    .columns(['organisation_id', 'created_at'])
    .execute();
}
