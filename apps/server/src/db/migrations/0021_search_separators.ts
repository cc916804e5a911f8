import { sql, type Kysely } from 'kysely';
import { encodeUint32 } from '../../platform/search/word-arrays.ts';
import { tokenize } from '../../platform/search/tokenizer.ts';
import { isStoredSeparator } from '../../platform/search/term-plan.ts';
import type { Db, Dialect } from '../database.types.ts';
import { wordIds } from '../../platform/search/search.repo.ts';

/**
 * Exact counts (issue 13, docs/analyser.md "The engine and its counting rules"): words are ripgrep's `\w`
 * runs, case-folded, and the separators between them are kept, so a phrase matches only where the text
 * between its words is its own. Adds `gaps` (separator ids per position; separators join the vocabulary)
 * and re-tokenises every existing row with the tokenizer of this change: word ids, offsets, word counts,
 * full-text entries and the vocabulary's source counts are rebuilt. Rows are read in batches by id.
 */
const BATCH = 100;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
  const empty = dialect === 'sqlite' ? sql`x''` : sql`'\\x'::bytea`;
  await db.schema
    .alterTable('search_sources')
    .addColumn('gaps', blob, (col) => col.notNull().defaultTo(empty))
    .execute();

  const typed = db as unknown as Db;
  await sql`update search_vocabulary set doc_count = 0`.execute(db);
  const sources = new Map<number, number>();
  let after = 0;
  for (;;) {
    const rows = await sql<{ id: number; text: string }>`select id, text from search_sources where id > ${after}
      order by id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      after = row.id;
      const { words, offsets, separators, text } = tokenize(row.text);
      const unique = [...new Set(words)];
      const storedSeparators = [...new Set(separators)].filter(isStoredSeparator);
      const ids = await wordIds(typed, dialect, [...unique, ...storedSeparators], true);
      const wordIdList = encodeUint32(words.map((word) => ids.get(word) ?? 0));
      const gaps = encodeUint32(separators.map((s) => (isStoredSeparator(s) ? (ids.get(s) ?? 0) : 0)));
      for (const id of ids.values()) sources.set(id, (sources.get(id) ?? 0) + 1);
      if (dialect === 'sqlite') {
        await sql`update search_sources set text = ${text}, word_ids = ${wordIdList}, offsets = ${encodeUint32(offsets)},
          gaps = ${gaps}, word_count = ${words.length} where id = ${row.id}`.execute(db);
        await sql`delete from search_fts where rowid = ${row.id}`.execute(db);
        await sql`insert into search_fts (rowid, tokens) values (${row.id}, ${words.join(' ')})`.execute(db);
      } else {
        await sql`update search_sources set text = ${text}, word_ids = ${wordIdList}, offsets = ${encodeUint32(offsets)},
          gaps = ${gaps}, word_count = ${words.length}, tsv = strip(to_tsvector('simple', ${unique.join(' ')}))
          where id = ${row.id}`.execute(db);
      }
    }
  }
  // The vocabulary's source counts, rebuilt from the re-tokenised rows (grouped by count: few statements).
  const byCount = new Map<number, number[]>();
  for (const [id, count] of sources) {
    const ids = byCount.get(count) ?? [];
    ids.push(id);
    byCount.set(count, ids);
  }
  for (const [count, ids] of byCount) {
    for (let at = 0; at < ids.length; at += 5000) {
      const chunk = ids.slice(at, at + 5000);
      const list =
        dialect === 'sqlite'
          ? sql`(select value from json_each(${JSON.stringify(chunk)}))`
          : sql`(select unnest(${chunk}::int[]))`;
      await sql`update search_vocabulary set doc_count = ${count} where id in ${list}`.execute(db);
    }
  }
}
