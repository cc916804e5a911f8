import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * Case records (issue 4, items 5-7): imported emails and their attachments, report questions, reports
 * with their answers, alerts with linked documents and comments. Every row carries organisation_id;
 * rows of a case go with it (on delete cascade), so deleting a case removes them in the same transaction.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const organisation = 'organisation_id';

  await addIdColumn(db.schema.createTable('case_emails'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('from_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('to_addresses', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cc_addresses', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sent_at', 'text')
    .addColumn('message_id', 'text')
    .addColumn('body_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_emails_case')
    .on('case_emails')
    .columns([organisation, 'case_id', 'deleted_at'])
    .execute();

  await addIdColumn(db.schema.createTable('case_email_attachments'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('email_id', 'integer', (col) => col.notNull().references('case_emails.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (col) => col.references('documents.id').onDelete('set null'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('case_email_attachments_email')
    .on('case_email_attachments')
    .columns(['email_id'])
    .execute();

  await addIdColumn(db.schema.createTable('report_questions'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer_type', 'text', (col) => col.notNull())
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('report_questions_org').on('report_questions').columns([organisation, 'id']).execute();

  await addIdColumn(db.schema.createTable('case_reports'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('case_reports_case').on('case_reports').columns([organisation, 'case_id']).execute();

  // The question's text and type are copied: a report reads the same after its question is edited or deleted.
  await addIdColumn(db.schema.createTable('case_report_answers'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (col) => col.notNull().references('case_reports.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.references('report_questions.id').onDelete('set null'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer_type', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_report_answers_report')
    .on('case_report_answers')
    .columns(['report_id', 'position'])
    .execute();

  let alerts = addIdColumn(db.schema.createTable('case_alerts'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('alert_type', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull());
  alerts = addFlagColumn(alerts, 'is_done', 0);
  await alerts
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_alerts_due')
    .on('case_alerts')
    .columns([organisation, 'is_done', 'due_date'])
    .execute();
  await db.schema.createIndex('case_alerts_case').on('case_alerts').columns([organisation, 'case_id']).execute();

  await db.schema
    .createTable('case_alert_documents')
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('alert_id', 'integer', (col) => col.notNull().references('case_alerts.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('case_alert_documents_pk', ['alert_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('case_alert_documents_document')
    .on('case_alert_documents')
    .columns(['document_id'])
    .execute();

  await addIdColumn(db.schema.createTable('case_alert_comments'), dialect)
    .addColumn(organisation, 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('alert_id', 'integer', (col) => col.notNull().references('case_alerts.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_alert_comments_alert')
    .on('case_alert_comments')
    .columns(['alert_id', 'id'])
    .execute();
}
