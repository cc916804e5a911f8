import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * Questionnaires (issue 5): categories, forms, questions with their tags, options and conditional branches,
 * and document types. See docs/precedents.md "Questionnaires".
 * - A questionnaire ("form") holds questions of one category; deleting a category keeps its questions
 *   (category_id set null, spec 02 §7).
 * - A question's children hang under a branch (parent_branch_id, no foreign key: questions and branches
 *   refer to each other); every question of a form carries its questionnaire_id, so deleting the form
 *   removes them all.
 * - question_tags holds every tag a question writes (yes, no, option values, the short answer's tag).
 * - name_key (lower-case name) makes names unique per organisation without expression indexes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organisations.id').onDelete('cascade');

  await addIdColumn(db.schema.createTable('question_categories'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('question_categories_name_unique')
    .on('question_categories')
    .columns(['organisation_id', 'name_key'])
    .unique()
    .execute();

  await addIdColumn(db.schema.createTable('questionnaires'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('category_id', 'integer', (col) => col.references('question_categories.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('questionnaires_organisation')
    .on('questionnaires')
    .columns(['organisation_id', 'updated_at'])
    .execute();

  let questions = addIdColumn(db.schema.createTable('questions'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('questionnaire_id', 'integer', (col) =>
      col.notNull().references('questionnaires.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) => col.references('question_categories.id').onDelete('set null'))
    .addColumn('parent_branch_id', 'integer')
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('depth', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('question_type', 'text', (col) =>
      col.notNull().check(sql`question_type in ('Yes/No', 'short', 'Multiple')`),
    )
    .addColumn('question_text', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('associated_tag', 'text', (col) => col.notNull().defaultTo(''));
  questions = addFlagColumn(questions, 'is_conditional', 0);
  await questions
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('questions_form')
    .on('questions')
    .columns(['organisation_id', 'questionnaire_id', 'position'])
    .execute();
  await db.schema
    .createIndex('questions_category')
    .on('questions')
    .columns(['organisation_id', 'category_id'])
    .execute();
  await db.schema.createIndex('questions_parent_branch').on('questions').column('parent_branch_id').execute();

  await addIdColumn(db.schema.createTable('question_options'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('option', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('question_options_question')
    .on('question_options')
    .columns(['question_id', 'position'])
    .execute();

  await addIdColumn(db.schema.createTable('question_tags'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (col) => col.references('question_options.id').onDelete('cascade'))
    .addColumn('list', 'text', (col) => col.notNull().check(sql`list in ('yes', 'no', 'option', 'short')`))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('question_tags_question')
    .on('question_tags')
    .columns(['question_id', 'position'])
    .execute();
  await db.schema.createIndex('question_tags_tag').on('question_tags').columns(['organisation_id', 'tag']).execute();

  await addIdColumn(db.schema.createTable('question_branches'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('selected_option', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('new', 'edit')`))
    .addColumn('selected_category_id', 'integer', (col) =>
      col.references('question_categories.id').onDelete('set null'),
    )
    .addColumn('selected_question_id', 'integer', (col) => col.references('questions.id').onDelete('set null'))
    .addColumn('selected_type', 'text')
    .execute();
  await db.schema
    .createIndex('question_branches_question')
    .on('question_branches')
    .columns(['question_id', 'position'])
    .execute();
  await db.schema
    .createIndex('question_branches_reused')
    .on('question_branches')
    .column('selected_question_id')
    .execute();

  await addIdColumn(db.schema.createTable('document_types'), dialect)
    .addColumn('organisation_id', 'integer', org)
    .addColumn('type_name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('document_types_name_unique')
    .on('document_types')
    .columns(['organisation_id', 'name_key'])
    .unique()
    .execute();
}
