import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { CaseEmailAttachmentsTable, CaseEmailsTable } from '../../db/tables/case-records.ts';
import { likePattern } from '../../db/like.ts';
import { personName } from '../case-records/index.ts';
import { sql } from 'kysely';
import { scoped } from '../../db/tenant-scope.ts';

export interface EmailListFilter {
  caseId: number;
  deleted: boolean;
  search?: string | undefined;
  offset: number;
  limit: number;
}

function emailsOf(db: Db, organisationId: number, filter: Omit<EmailListFilter, 'offset' | 'limit'>) {
  let query = scoped(db, organisationId)
    .selectFrom('case_emails as e')
    .where('e.case_id', '=', filter.caseId)
    .where('e.deleted_at', filter.deleted ? 'is not' : 'is', null);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) =>
      eb.or(
        ['e.subject', 'e.from_address', 'e.to_addresses'].map((column) =>
          eb(eb.fn('lower', [column as 'e.subject']), 'like', sql<string>`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return query;
}

const EMAIL_COLUMNS = [
  'e.id',
  'e.case_id',
  'e.subject',
  'e.from_address',
  'e.to_addresses',
  'e.cc_addresses',
  'e.sent_at',
  'e.file_name',
  'e.format',
  'e.size_bytes',
  'e.deleted_at',
  'e.created_at',
] as const;

export async function listEmails(db: Db, organisationId: number, filter: EmailListFilter) {
  const [rows, total] = await Promise.all([
    emailsOf(db, organisationId, filter)
      .leftJoin('users as u', 'u.id', 'e.created_by_id')
      .select([...EMAIL_COLUMNS, personName('u').as('created_by')])
      .select((eb) =>
        eb
          .selectFrom('case_email_attachments as a')
          .whereRef('a.email_id', '=', 'e.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('attachment_count'),
      )
      .orderBy(filter.deleted ? 'e.deleted_at' : 'e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    emailsOf(db, organisationId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findEmail(db: Db, organisationId: number, emailId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_emails as e')
    .leftJoin('users as u', 'u.id', 'e.created_by_id')
    .select([...EMAIL_COLUMNS, 'e.body_text', 'e.storage_key', personName('u').as('created_by')])
    .select((eb) =>
      eb
        .selectFrom('case_email_attachments as a')
        .whereRef('a.email_id', '=', 'e.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('attachment_count'),
    )
    .where('e.id', '=', emailId)
    .executeTakeFirst();
}
export type EmailRow = NonNullable<Awaited<ReturnType<typeof findEmail>>>;

export async function listAttachments(db: Db, organisationId: number, emailId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_email_attachments')
    .select(['id', 'file_name', 'content_type', 'size_bytes', 'document_id', 'note'])
    .where('email_id', '=', emailId)
    .orderBy('id')
    .execute();
}

export async function insertEmail(db: Db, values: Insertable<CaseEmailsTable>): Promise<number> {
  const row = await db.insertInto('case_emails').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttachment(db: Db, values: Insertable<CaseEmailAttachmentsTable>): Promise<void> {
  await db.insertInto('case_email_attachments').values(values).execute();
}

/** Moves the email into (deletedAt set) or out of (null) the recycle bin; false when nothing changed. */
export async function setDeleted(
  db: Db,
  organisationId: number,
  emailId: number,
  deletedAt: string | null,
  byUserId: number | null,
): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('case_emails')
    .set({ deleted_at: deletedAt, deleted_by_id: byUserId })
    .where('id', '=', emailId)
    .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEmail(db: Db, organisationId: number, emailId: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_emails').where('id', '=', emailId).execute();
}
