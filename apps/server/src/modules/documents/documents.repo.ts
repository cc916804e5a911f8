import type { Insertable, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import type { DocumentsTable, IndexingState } from '../../db/tables/cases.ts';
import { idsIn } from '../../db/dialect.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type DocumentRowData = Selectable<DocumentsTable> & {
  uploader_first: string | null;
  uploader_last: string | null;
};

export async function caseExists(
  db: Db,
  organisationId: number,
  caseId: number,
): Promise<{ title: string } | undefined> {
  return scoped(db, organisationId).selectFrom('cases').select('title').where('id', '=', caseId).executeTakeFirst();
}

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const inserted = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

function documentsWithUploader(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .selectAll('d')
    .select(['u.first_name as uploader_first', 'u.last_name as uploader_last']);
}

/** One page of a case's documents; `documentIds` (when given) keeps only those. */
export async function listCaseDocuments(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  caseId: number,
  page: { page_no: number; limits: number },
  documentIds: readonly number[] | null = null,
): Promise<{ rows: DocumentRowData[]; total: number }> {
  if (documentIds && documentIds.length === 0) return { rows: [], total: 0 };
  let counted = scoped(db, organisationId)
    .selectFrom('documents as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.case_id', '=', caseId);
  let listed = documentsWithUploader(db, organisationId).where('d.case_id', '=', caseId);
  if (documentIds) {
    counted = counted.where(idsIn(dialect, 'd.id', documentIds));
    listed = listed.where(idsIn(dialect, 'd.id', documentIds));
  }
  const count = await counted.executeTakeFirstOrThrow();
  const rows = await listed
    .orderBy('d.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(count.n) };
}

export async function findDocument(
  db: Db,
  organisationId: number,
  documentId: number,
): Promise<DocumentRowData | undefined> {
  return documentsWithUploader(db, organisationId).where('d.id', '=', documentId).executeTakeFirst();
}

/** For the indexing job: the document of the job's organisation. */
export async function findDocumentForIndexing(db: Db, organisationId: number, documentId: number) {
  return scoped(db, organisationId)
    .selectFrom('documents')
    .select(['id', 'organisation_id', 'case_id', 'storage_key', 'extension'])
    .where('id', '=', documentId)
    .executeTakeFirst();
}

export async function setIndexingState(
  db: Db,
  organisationId: number,
  documentId: number,
  state: IndexingState,
  error: string | null,
  indexedAt: string | null,
): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('documents')
    .set({ indexing_state: state, indexing_error: error, indexed_at: indexedAt })
    .where('id', '=', documentId)
    .execute();
}

export async function documentKeys(
  db: Db,
  organisationId: number,
  where: { caseId?: number; documentIds?: readonly number[] },
): Promise<{ id: number; storage_key: string }[]> {
  let query = scoped(db, organisationId).selectFrom('documents').select(['id', 'storage_key']);
  if (where.caseId !== undefined) query = query.where('case_id', '=', where.caseId);
  if (where.documentIds) {
    if (where.documentIds.length === 0) return [];
    query = query.where('id', 'in', where.documentIds);
  }
  return query.execute();
}

export async function deleteDocumentRows(db: Db, organisationId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await scoped(db, organisationId).deleteFrom('documents').where('id', 'in', ids).execute();
}
