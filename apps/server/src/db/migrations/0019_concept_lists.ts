import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * The document analyser's concept lists (issue 12, spec 03 §3; docs/analyser.md). Every table carries the
 * organisation that owns its rows, so the tenant guard and organisation deletion treat them like any other:
 * - a list, its heads and the heads' parts belong to the list's owner organisation;
 * - an assignment row belongs to the organisation it makes the list visible to;
 * - a vote in the response log belongs to the voter's organisation (another organisation never reads it).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const owned = <T extends string>(table: CreateTableBuilder<T, never>) =>
    addIdColumn(table, dialect).addColumn('organisation_id', 'integer', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    );
  const byUser = (name: string) => (table: CreateTableBuilder<string, never>) =>
    table.addColumn(name, 'integer', (col) => col.references('users.id').onDelete('set null'));

  let lists = owned(db.schema.createTable('concept_lists'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('document_type_id', 'integer', (col) => col.references('document_types.id').onDelete('set null'))
    .addColumn('forked_from_id', 'integer', (col) => col.references('concept_lists.id').onDelete('set null'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  lists = addFlagColumn(lists, 'assigned_to_all');
  lists = addFlagColumn(lists, 'created_by_super');
  await byUser('created_by')(lists)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('concept_lists_name_unique', ['organisation_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('concept_list_organisations')
    .addColumn('concept_list_id', 'integer', (col) => col.notNull().references('concept_lists.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    // hidden = 1: the organisation removed the list from its own repository (or replaced it with its own copy).
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('concept_list_organisations_pk', ['organisation_id', 'concept_list_id'])
    .execute();
  await db.schema
    .createTable('concept_list_users')
    .addColumn('concept_list_id', 'integer', (col) => col.notNull().references('concept_lists.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('concept_list_users_pk', ['concept_list_id', 'user_id'])
    .execute();
  await db.schema.createIndex('concept_list_users_user').on('concept_list_users').columns(['user_id']).execute();

  await byUser('created_by')(
    owned(db.schema.createTable('concept_heads'))
      .addColumn('concept_list_id', 'integer', (col) =>
        col.notNull().references('concept_lists.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('head', 'text', (col) => col.notNull())
      .addColumn('definition', 'text', (col) => col.notNull())
      .addColumn('terms', 'text', (col) => col.notNull())
      .addColumn('phrases', 'text', (col) => col.notNull()),
  )
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('concept_heads_head_unique', ['concept_list_id', 'head'])
    .execute();
  await db.schema
    .createIndex('concept_heads_list')
    .on('concept_heads')
    .columns(['concept_list_id', 'position'])
    .execute();

  const headPart = (name: string) =>
    owned(db.schema.createTable(name))
      .addColumn('head_id', 'integer', (col) => col.notNull().references('concept_heads.id').onDelete('cascade'))
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull());
  const child = (name: string, parent: string, parentColumn: string) =>
    owned(db.schema.createTable(name))
      .addColumn(parentColumn, 'integer', (col) => col.notNull().references(`${parent}.id`).onDelete('cascade'))
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull());
  await headPart('concept_clauses').execute();
  await headPart('concept_scopes').execute();
  await child('concept_scope_examples', 'concept_scopes', 'scope_id').execute();
  await headPart('concept_rules').execute();
  await child('concept_rule_suggestions', 'concept_rules', 'rule_id').execute();
  for (const table of ['concept_clauses', 'concept_scopes', 'concept_rules']) {
    await db.schema.createIndex(`${table}_head`).on(table).columns(['head_id', 'position']).execute();
  }
  await db.schema.createIndex('concept_scope_examples_scope').on('concept_scope_examples').column('scope_id').execute();
  await db.schema
    .createIndex('concept_rule_suggestions_rule')
    .on('concept_rule_suggestions')
    .column('rule_id')
    .execute();

  await byUser('created_by')(
    owned(db.schema.createTable('concept_amendments'))
      .addColumn('head_id', 'integer', (col) => col.notNull().references('concept_heads.id').onDelete('cascade'))
      .addColumn('amendment_type', 'text', (col) => col.notNull())
      .addColumn('amendment', 'text', (col) => col.notNull())
      // Amendments added to the whole repository at once share a group: an edit with updateAll edits them all.
      .addColumn('group_key', 'text', (col) => col.notNull()),
  )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('concept_amendments_head').on('concept_amendments').column('head_id').execute();
  await db.schema.createIndex('concept_amendments_group').on('concept_amendments').column('group_key').execute();

  await byUser('user_id')(
    owned(db.schema.createTable('concept_feedback'))
      .addColumn('head_id', 'integer', (col) => col.notNull().references('concept_heads.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (col) => col.references('documents.id').onDelete('set null'))
      .addColumn('thumbs_up', 'integer')
      .addColumn('comments', 'text', (col) => col.notNull())
      .addColumn('term', 'text', (col) => col.notNull()),
  )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('concept_feedback_head')
    .on('concept_feedback')
    .columns(['head_id', 'organisation_id', 'id'])
    .execute();

  await byUser('changed_by')(
    owned(db.schema.createTable('concept_list_versions'))
      .addColumn('concept_list_id', 'integer', (col) =>
        col.notNull().references('concept_lists.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (col) => col.notNull())
      // JSON: [{ head, change: 'added' | 'changed' | 'removed' }].
      .addColumn('changes', 'text', (col) => col.notNull())
      .addColumn('renamed_to', 'text'),
  )
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('concept_list_versions_unique', ['concept_list_id', 'version'])
    .execute();
}
