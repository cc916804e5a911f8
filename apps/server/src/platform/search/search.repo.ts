import { sql, type Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import type { SearchSourcesTable } from '../../db/tables/search.ts';
import { scoped } from '../../db/tenant-scope.ts';

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

/** Moves the vocabulary's source counts of `ids` by one (a source indexed or removed). */
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

/** Which sources a query reads: one organisation's sources of one kind. */
export interface SourceScope {
  organisationId: number;
  kind: string;
}

export type SearchSourceInsert = Insertable<SearchSourcesTable>;

/** Inserts the source's row and its full-text entry (`tokens`: the normalised words joined by spaces). */
export async function insertSearchSource(
  db: Db,
  dialect: Dialect,
  row: SearchSourceInsert,
  tokens: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    const { id } = await db.insertInto('search_sources').values(row).returning('id').executeTakeFirstOrThrow();
    await sql`insert into search_fts (rowid, tokens) values (${id}, ${tokens})`.execute(db);
  } else {
    await sql`insert into search_sources (source_kind, source_id, organisation_id, case_id, text, word_ids, offsets,
        gaps, word_count, indexed_at, tsv)
      values (${row.source_kind}, ${row.source_id}, ${row.organisation_id}, ${row.case_id}, ${row.text},
        ${row.word_ids}, ${row.offsets}, ${row.gaps}, ${row.word_count}, ${row.indexed_at},
        strip(to_tsvector('simple', ${tokens})))`.execute(db);
  }
}

/** An index row's own id and the vocabulary ids it holds (words and separators). */
export interface StoredIds {
  id: number;
  word_ids: Uint8Array;
  gaps: Uint8Array;
}

/** Index rows (id, word and separator ids) of the scope's sources (to lower the vocabulary counts). */
export async function storedWordIds(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  sourceIds: readonly number[],
): Promise<StoredIds[]> {
  if (sourceIds.length === 0) return [];
  return scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['id', 'word_ids', 'gaps'])
    .where('source_kind', '=', scope.kind)
    .where(idsIn(dialect, 'source_id', sourceIds))
    .execute();
}

/** Up to `limit` index rows of an organisation (every kind), lowest id first. */
export async function organisationWordIds(db: Db, organisationId: number, limit: number): Promise<StoredIds[]> {
  return scoped(db, organisationId)
    .selectFrom('search_sources')
    .select(['id', 'word_ids', 'gaps'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Removes index rows by their own ids (FTS5 rows go with them through the delete trigger). */
export async function deleteSearchRows(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  rowIds: readonly number[],
): Promise<void> {
  if (rowIds.length === 0) return;
  await scoped(db, organisationId)
    .deleteFrom('search_sources')
    .where(idsIn(dialect, 'id', rowIds))
    .execute();
}

/**
 * Sources in scope whose full-text entry holds every clause: FTS5 matches phrases exactly (the tokens are
 * ours); the stripped tsvector only says that every word occurs, so PostgreSQL's multi-word clauses are
 * verified on the word arrays by the service.
 */
export async function candidateSourceIds(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  clauses: readonly string[][],
): Promise<number[]> {
  if (clauses.length === 0) return [];
  if (dialect === 'sqlite') {
    const match = clauses.map((words) => `"${words.join(' ')}"`).join(' AND ');
    const rows = await sql<{ source_id: number }>`select s.source_id from search_fts f
      join search_sources s on s.id = f.rowid
      where search_fts match ${match} and s.organisation_id = ${scope.organisationId}
        and s.source_kind = ${scope.kind}`.execute(db);
    return rows.rows.map((r) => r.source_id);
  }
  const words = [...new Set(clauses.flat())].join(' ');
  const rows = await sql<{ source_id: number }>`select source_id from search_sources
    where organisation_id = ${scope.organisationId} and source_kind = ${scope.kind}
      and tsv @@ plainto_tsquery('simple', ${words})`.execute(db);
  return rows.rows.map((r) => r.source_id);
}

export interface WordArrayRow {
  source_id: number;
  word_ids: Uint8Array;
  gaps: Uint8Array;
  offsets: Uint8Array;
  text: string;
}

/** Word arrays (with `withText`, the text and offsets too) of the scope's sources among `sourceIds`. */
export async function loadWordArrays(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  sourceIds: readonly number[],
  withText: boolean,
): Promise<WordArrayRow[]> {
  if (sourceIds.length === 0) return [];
  const rows = await scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['source_id', 'word_ids', 'gaps'])
    .$if(withText, (q) => q.select(['text', 'offsets']))
    .where('source_kind', '=', scope.kind)
    .where(idsIn(dialect, 'source_id', sourceIds))
    .execute();
  return rows.map((row) => ({
    source_id: row.source_id,
    word_ids: row.word_ids,
    gaps: row.gaps,
    offsets: 'offsets' in row ? (row.offsets as Uint8Array) : new Uint8Array(0),
    text: 'text' in row ? String(row.text) : '',
  }));
}

export async function findSearchSource(
  db: Db,
  scope: SourceScope,
  sourceId: number,
): Promise<{ text: string; word_count: number; indexed_at: string } | undefined> {
  return scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['text', 'word_count', 'indexed_at'])
    .where('source_kind', '=', scope.kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/** The index rows (their own ids) of the scope's sources among `sourceIds`: what the engine counts. */
export async function indexRowsOf(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  sourceIds: readonly number[],
): Promise<{ id: number; source_id: number }[]> {
  if (sourceIds.length === 0) return [];
  return scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['id', 'source_id'])
    .where('source_kind', '=', scope.kind)
    .where(idsIn(dialect, 'source_id', sourceIds))
    .orderBy('id')
    .execute();
}

/** Word and separator arrays of index rows by their own ids (the engine's cache fills from here). */
export async function engineArrays(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  rowIds: readonly number[],
): Promise<{ id: number; word_ids: Uint8Array; gaps: Uint8Array }[]> {
  if (rowIds.length === 0) return [];
  return scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['id', 'word_ids', 'gaps'])
    .where('source_kind', '=', scope.kind)
    .where(idsIn(dialect, 'id', rowIds))
    .execute();
}

/** Stored texts of index rows by their own ids (terms the index cannot answer are counted on the text). */
export async function rowTexts(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  rowIds: readonly number[],
): Promise<{ id: number; text: string }[]> {
  if (rowIds.length === 0) return [];
  return scoped(db, scope.organisationId)
    .selectFrom('search_sources')
    .select(['id', 'text'])
    .where('source_kind', '=', scope.kind)
    .where(idsIn(dialect, 'id', rowIds))
    .execute();
}
