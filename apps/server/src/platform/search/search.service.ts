import { PostgresAdapter } from 'kysely';
import { inTransaction, nowIso, type AppContext } from '../context.ts';
import type { Dialect } from '../../db/database.types.ts';
import {
  adjustDocumentCounts,
  candidateDocIds,
  deleteSearchDocuments,
  findSearchDocument,
  insertSearchDocument,
  loadWordArrays,
  storedWordIds,
  wordIds,
} from './search.repo.ts';
import { parseSearchText, queryWords, tokenize, tokenLengthAt } from './tokenizer.ts';
import { countPhrase, decodeUint32, encodeUint32, phrasePositions } from './word-arrays.ts';

export interface KwicRow {
  /** Token position of the hit in the document. */
  position: number;
  left: string;
  keyword: string;
  right: string;
}

export const DEFAULT_HORIZON = 5;
/** FTS5 matches whole phrases exactly; PostgreSQL's stripped tsvector only picks candidates. */
const phraseExact = (dialect: Dialect) => dialect === 'sqlite';

/** The database's dialect, from the Kysely adapter (tests run PostgreSQL under a SQLite-shaped config). */
export function dialectOf(ctx: Pick<AppContext, 'db'>): Dialect {
  return ctx.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The search index of DESIGN §5: each document is tokenised once; its text, word ids and offsets are
 * kept for exact counts, phrases and keyword-in-context, and the full-text index picks candidates.
 */
export function searchService(ctx: AppContext) {
  const dialect = dialectOf(ctx);

  /** Phrase (as words) → word ids, or null when a word is not in the vocabulary (so nothing matches). */
  const idsOfPhrase = async (words: readonly string[]): Promise<number[] | null> => {
    const ids = await knownWordIds(ctx, dialect, [...new Set(words)]);
    const phrase: number[] = [];
    for (const word of words) {
      const id = ids.get(word);
      if (id === undefined) return null;
      phrase.push(id);
    }
    return phrase;
  };

  return {
    /** Indexes (or re-indexes) a document's text in one transaction; returns its word count. */
    async indexDocument(
      organisationId: number,
      docId: number,
      rawText: string,
      /** Runs in the same transaction once the document is indexed (e.g. to mark it indexed). */
      andThen?: (tx: AppContext) => Promise<void>,
    ): Promise<number> {
      const { words, offsets, text } = tokenize(rawText);
      const fresh = new Map<string, number>();
      const cache = cacheOf(ctx);
      const count = await inTransaction(ctx, async (tx) => {
        await removeFromIndex(tx, dialect, organisationId, [docId]);
        const unique = [...new Set(words)];
        const ids = await vocabularyIds(tx, dialect, unique, fresh, cache);
        const wordIdList = words.map((word) => ids.get(word) ?? 0);
        await insertSearchDocument(
          tx.db,
          dialect,
          {
            doc_id: docId,
            organisation_id: organisationId,
            text,
            word_ids: encodeUint32(wordIdList),
            offsets: encodeUint32(offsets),
            word_count: words.length,
            indexed_at: nowIso(tx),
          },
          dialect === 'sqlite' ? words.join(' ') : unique.join(' '),
        );
        await adjustDocumentCounts(tx.db, dialect, [...ids.values()], 1);
        await andThen?.(tx);
        return words.length;
      });
      // Only committed words enter the cache (a rolled-back insert would leave ids that do not exist).
      if (!ctx.db.isTransaction) rememberWords(ctx, fresh);
      return count;
    },

    /** Removes documents from the index (inside the caller's transaction, when there is one). */
    async removeDocuments(organisationId: number, docIds: readonly number[]): Promise<void> {
      await inTransaction(ctx, (tx) => removeFromIndex(tx, dialect, organisationId, docIds));
    },

    /**
     * Ids of the organisation's documents that contain every clause of `text` ("quoted" parts as
     * phrases, other words anywhere), exactly.
     */
    async findDocuments(organisationId: number, text: string): Promise<number[]> {
      const clauses = parseSearchText(text);
      if (clauses.length === 0) return [];
      const candidates = await candidateDocIds(ctx.db, dialect, organisationId, clauses);
      const phrases = clauses.filter((clause) => clause.length > 1);
      if (phraseExact(dialect) || phrases.length === 0 || candidates.length === 0) return candidates;
      const phraseIds: number[][] = [];
      for (const phrase of phrases) {
        const ids = await idsOfPhrase(phrase);
        if (!ids) return [];
        phraseIds.push(ids);
      }
      const rows = await loadWordArrays(ctx.db, dialect, organisationId, candidates, false);
      return rows
        .filter((row) => {
          const ids = decodeUint32(row.word_ids);
          return phraseIds.every((phrase) => phrasePositions(ids, phrase).length > 0);
        })
        .map((row) => row.doc_id);
    },

    /** Exact occurrences of a term or phrase per document (documents without one are left out). */
    async countOccurrences(
      organisationId: number,
      docIds: readonly number[],
      phraseText: string,
    ): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      const words = queryWords(phraseText);
      if (words.length === 0) return counts;
      const phrase = await idsOfPhrase(words);
      if (!phrase) return counts;
      const candidates = await candidateDocIds(ctx.db, dialect, organisationId, [words]);
      const wanted = new Set(docIds);
      const rows = await loadWordArrays(
        ctx.db,
        dialect,
        organisationId,
        candidates.filter((id) => wanted.has(id)),
        false,
      );
      for (const row of rows) {
        const count = countPhrase(decodeUint32(row.word_ids), phrase);
        if (count > 0) counts.set(row.doc_id, count);
      }
      return counts;
    },

    /** Keyword-in-context rows of a term or phrase in one document, `horizon` words either side. */
    async keywordInContext(
      organisationId: number,
      docId: number,
      phraseText: string,
      horizon: number = DEFAULT_HORIZON,
    ): Promise<KwicRow[]> {
      const words = queryWords(phraseText);
      if (words.length === 0) return [];
      const phrase = await idsOfPhrase(words);
      if (!phrase) return [];
      const [row] = await loadWordArrays(ctx.db, dialect, organisationId, [docId], true);
      if (!row) return [];
      const ids = decodeUint32(row.word_ids);
      const offsets = decodeUint32(row.offsets);
      const endOf = (index: number) => (offsets[index] ?? 0) + tokenLengthAt(row.text, offsets[index] ?? 0);
      return phrasePositions(ids, phrase).map((position) => {
        const lastWord = position + phrase.length - 1;
        const leftStart = offsets[Math.max(0, position - horizon)] ?? 0;
        const rightEndIndex = Math.min(ids.length - 1, lastWord + horizon);
        const keywordStart = offsets[position] ?? 0;
        const keywordEnd = endOf(lastWord);
        return {
          position,
          left: squash(row.text.slice(leftStart, keywordStart)),
          keyword: squash(row.text.slice(keywordStart, keywordEnd)),
          right: squash(row.text.slice(keywordEnd, rightEndIndex > lastWord ? endOf(rightEndIndex) : keywordEnd)),
        };
      });
    },

    /** The stored text and word count of an indexed document, or undefined. */
    async storedText(organisationId: number, docId: number) {
      return findSearchDocument(ctx.db, organisationId, docId);
    },
  };
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Word ids never change once committed, so each database (Kysely instance) keeps a cache of them:
 * indexing then asks the database only for words it has not seen.
 */
const vocabularyCaches = new WeakMap<object, Map<string, number>>();
const MAX_CACHED_WORDS = 2_000_000;

function cacheOf(ctx: Pick<AppContext, 'db'>): Map<string, number> | undefined {
  if (ctx.db.isTransaction) return undefined;
  let cache = vocabularyCaches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    vocabularyCaches.set(ctx.db, cache);
  }
  return cache;
}

function rememberWords(ctx: Pick<AppContext, 'db'>, words: Map<string, number>): void {
  const cache = cacheOf(ctx);
  if (!cache) return;
  if (cache.size + words.size > MAX_CACHED_WORDS) cache.clear();
  for (const [word, id] of words) cache.set(word, id);
}

/** Ids of words to index (creating new ones); `fresh` collects those the cache did not know. */
async function vocabularyIds(
  tx: AppContext,
  dialect: Dialect,
  words: readonly string[],
  fresh: Map<string, number>,
  cache: Map<string, number> | undefined,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const missing: string[] = [];
  for (const word of words) {
    const id = cache?.get(word);
    if (id === undefined) missing.push(word);
    else ids.set(word, id);
  }
  const found = await wordIds(tx.db, dialect, missing, true);
  for (const [word, id] of found) {
    ids.set(word, id);
    fresh.set(word, id);
  }
  return ids;
}

async function knownWordIds(ctx: AppContext, dialect: Dialect, words: readonly string[]): Promise<Map<string, number>> {
  return wordIds(ctx.db, dialect, words, false);
}

async function removeFromIndex(
  ctx: AppContext,
  dialect: Dialect,
  organisationId: number,
  docIds: readonly number[],
): Promise<void> {
  const rows = await storedWordIds(ctx.db, organisationId, docIds, dialect);
  if (rows.length === 0) return;
  const unique = new Set<number>();
  for (const row of rows) {
    unique.clear();
    for (const id of decodeUint32(row.word_ids)) unique.add(id);
    await adjustDocumentCounts(ctx.db, dialect, [...unique], -1);
  }
  await deleteSearchDocuments(
    ctx.db,
    organisationId,
    rows.map((r) => r.doc_id),
    dialect,
  );
}
