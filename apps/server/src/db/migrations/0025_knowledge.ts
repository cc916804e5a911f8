import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

const organisation = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');
const node = (col: ColumnDefinitionBuilder) => col.notNull().references('knowledge_nodes.id').onDelete('cascade');
const userSetNull = (col: ColumnDefinitionBuilder) => col.references('users.id').onDelete('set null');
const userCascade = (col: ColumnDefinitionBuilder) => col.notNull().references('users.id').onDelete('cascade');

/**
 * Knowledge (issue 17, docs/knowledge.md): the tree of domains, classes and articles (`organisation_id` NULL =
 * a shared domain curated by the provider; `home_organisation_id` = the organisation whose index holds its
 * text), revisions, links between articles, attachments (stored files, indexed as `knowledge_attachment` in
 * the index of their `organisation_id`, the node's home organisation),
 * each organisation's access rules, API keys of the service calls, and the hand-over codes and knowledge
 * tokens (only SHA-256 hashes stored; a token dies with the main session it came from).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('knowledge_nodes'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('cascade'))
    .addColumn('home_organisation_id', 'integer', organisation)
    .addColumn('parent_id', 'integer', (col) => col.references('knowledge_nodes.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text')
    .addColumn('keywords', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', userSetNull)
    .addColumn('updated_by', 'integer', userSetNull)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_nodes_parent').on('knowledge_nodes').column('parent_id').execute();
  await db.schema.createIndex('knowledge_nodes_org').on('knowledge_nodes').column('organisation_id').execute();
  await db.schema.createIndex('knowledge_nodes_home').on('knowledge_nodes').column('home_organisation_id').execute();

  await addIdColumn(db.schema.createTable('knowledge_revisions'), dialect)
    .addColumn('node_id', 'integer', node)
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text')
    .addColumn('keywords', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('author_id', 'integer', userSetNull)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('knowledge_revisions_unique', ['node_id', 'revision'])
    .execute();

  await db.schema
    .createTable('knowledge_links')
    .addColumn('from_node_id', 'integer', node)
    .addColumn('to_node_id', 'integer', node)
    .addPrimaryKeyConstraint('knowledge_links_pk', ['from_node_id', 'to_node_id'])
    .execute();
  await db.schema.createIndex('knowledge_links_to').on('knowledge_links').column('to_node_id').execute();

  await addIdColumn(db.schema.createTable('knowledge_attachments'), dialect)
    .addColumn('node_id', 'integer', node)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('extension', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', userSetNull)
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_attachments_node').on('knowledge_attachments').column('node_id').execute();

  await addIdColumn(db.schema.createTable('knowledge_rules'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('node_id', 'integer', node)
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', userSetNull)
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('knowledge_rules_unique', ['organisation_id', 'node_id'])
    .execute();

  await addIdColumn(db.schema.createTable('knowledge_api_keys'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', userSetNull)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('knowledge_handover_codes'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('user_id', 'integer', userCascade)
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('knowledge_sessions'), dialect)
    .addColumn('organisation_id', 'integer', organisation)
    .addColumn('user_id', 'integer', userCascade)
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
}
