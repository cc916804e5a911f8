import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';

/** `column IN (ids)` with one parameter, however many ids: json_each on SQLite, = ANY on PostgreSQL. */
export function idsIn(dialect: Dialect, column: string, ids: readonly number[]): Expression<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${ids}::int[])`;
}

/** A list as one parameter: a JSON array for SQLite's json_each, a PostgreSQL array otherwise. */
const listParam = (dialect: Dialect, values: readonly (string | number)[], type: 'text' | 'int') =>
  dialect === 'sqlite'
    ? sql`(select value from json_each(${JSON.stringify(values)}))`
    : sql`(select unnest(${values}::${sql.raw(type)}[]))`;

/** Ids of `words` in the vocabulary; with `create`, missing words are added first. */
export async function wordIds(
  db: Db,
  dialect: Dialect,
  words: readonly string[],
  create: boolean,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (words.length === 0) return found;
  // Sorted, so concurrent indexers insert (and lock) new words in one order and cannot deadlock.
  const sorted = [...words].sort();
  if (create) {
    await sql`insert into search_vocabulary (word) select * from ${listParam(dialect, sorted, 'text')} as w
      where true on conflict (word) do nothing`.execute(db);
  }
  const rows = await sql<{ id: number; word: string }>`select id, word from search_vocabulary
    where word in ${listParam(dialect, sorted, 'text')}`.execute(db);
  for (const row of rows.rows) found.set(row.word, row.id);
  return found;
}

export async function adjustDocumentCounts(
  db: Db,
  dialect: Dialect,
  ids: readonly number[],
  delta: 1 | -1,
): Promise<void> {
  if (ids.length === 0) return;
  const sorted = [...ids].sort((a, b) => a - b);
  // PostgreSQL: lock the rows in id order first, so two indexers sharing words cannot deadlock.
  const rows =
    dialect === 'postgres'
      ? sql`(select id from search_vocabulary where id = any(${sorted}::int[]) order by id for update)`
      : listParam(dialect, sorted, 'int');
  await sql`update search_vocabulary set doc_count = doc_count + ${delta} where id in ${rows}`.execute(db);
}

export interface SearchDocumentInsert {
  doc_id: number;
  organisation_id: number;
  text: string;
  word_ids: Buffer;
  offsets: Buffer;
  word_count: number;
  indexed_at: string;
}

/** Inserts the document's row and its full-text entry (`tokens`: the normalised words joined by spaces). */
export async function insertSearchDocument(
  db: Db,
  dialect: Dialect,
  row: SearchDocumentInsert,
  tokens: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    await db.insertInto('search_documents').values(row).execute();
    await sql`insert into search_fts (rowid, tokens) values (${row.doc_id}, ${tokens})`.execute(db);
  } else {
    await sql`insert into search_documents (doc_id, organisation_id, text, word_ids, offsets, word_count, indexed_at, tsv)
      values (${row.doc_id}, ${row.organisation_id}, ${row.text}, ${row.word_ids}, ${row.offsets}, ${row.word_count},
        ${row.indexed_at}, strip(to_tsvector('simple', ${tokens})))`.execute(db);
  }
}

/** Word ids of indexed documents (to lower the vocabulary counts when they go). */
export async function storedWordIds(
  db: Db,
  organisationId: number,
  docIds: readonly number[],
  dialect: Dialect,
): Promise<{ doc_id: number; word_ids: Uint8Array }[]> {
  if (docIds.length === 0) return [];
  return db
    .selectFrom('search_documents')
    .select(['doc_id', 'word_ids'])
    .where('organisation_id', '=', organisationId)
    .where(idsIn(dialect, 'doc_id', docIds))
    .execute();
}

/** Removes index rows (FTS5 rows go with them through the delete trigger; the tsvector is a column). */
export async function deleteSearchDocuments(
  db: Db,
  organisationId: number,
  docIds: readonly number[],
  dialect: Dialect,
): Promise<void> {
  if (docIds.length === 0) return;
  await db
    .deleteFrom('search_documents')
    .where('organisation_id', '=', organisationId)
    .where(idsIn(dialect, 'doc_id', docIds))
    .execute();
}

/**
 * Documents of the organisation whose full-text entry holds every clause: FTS5 matches phrases exactly
 * (the tokens are ours); the stripped tsvector only says that every word occurs, so PostgreSQL's
 * multi-word clauses are verified on the word arrays by the service.
 */
export async function candidateDocIds(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  clauses: readonly string[][],
): Promise<number[]> {
  if (clauses.length === 0) return [];
  if (dialect === 'sqlite') {
    const match = clauses.map((words) => `"${words.join(' ')}"`).join(' AND ');
    const rows = await sql<{ doc_id: number }>`select f.rowid as doc_id from search_fts f
      join search_documents s on s.doc_id = f.rowid
      where search_fts match ${match} and s.organisation_id = ${organisationId}`.execute(db);
    return rows.rows.map((r) => r.doc_id);
  }
  const words = [...new Set(clauses.flat())].join(' ');
  const rows = await sql<{ doc_id: number }>`select doc_id from search_documents
    where organisation_id = ${organisationId} and tsv @@ plainto_tsquery('simple', ${words})`.execute(db);
  return rows.rows.map((r) => r.doc_id);
}

export async function loadWordArrays(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  docIds: readonly number[],
  withText: boolean,
): Promise<{ doc_id: number; word_ids: Uint8Array; offsets: Uint8Array; text: string }[]> {
  if (docIds.length === 0) return [];
  const rows = await db
    .selectFrom('search_documents')
    .select(['doc_id', 'word_ids', 'offsets'])
    .$if(withText, (q) => q.select('text'))
    .where('organisation_id', '=', organisationId)
    .where(idsIn(dialect, 'doc_id', docIds))
    .execute();
  return rows.map((row) => ({ ...row, text: 'text' in row ? String(row.text) : '' }));
}

export async function findSearchDocument(
  db: Db,
  organisationId: number,
  docId: number,
): Promise<{ text: string; word_count: number; indexed_at: string } | undefined> {
  return db
    .selectFrom('search_documents')
    .select(['text', 'word_count', 'indexed_at'])
    .where('organisation_id', '=', organisationId)
    .where('doc_id', '=', docId)
    .executeTakeFirst();
}
