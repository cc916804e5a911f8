import type { Dialect } from '../../db/database.types.ts';
import { dialectOf } from '../../db/dialect.ts';
import { inTransaction, nowIso, type AppContext } from '../context.ts';
import {
  adjustDocumentCounts,
  candidateSourceIds,
  deleteSearchRows,
  findSearchSource,
  insertSearchSource,
  loadWordArrays,
  organisationWordIds,
  storedWordIds,
  wordIds,
  type SourceScope,
} from './search.repo.ts';
import { throwIfCancelled, type CountTermsOptions } from './cancellation.ts';
import { countPhrases, phraseMatcher } from './term-counts.ts';
import { parseSearchText, queryWords, tokenize, tokenLengthAt } from './tokenizer.ts';
import { countPhrase, decodeUint32, encodeUint32, phrasePositions } from './word-arrays.ts';

export interface KwicRow {
  /** Token position of the hit in the source's text. */
  position: number;
  /** 1-based index of this hit among all hits of the term in the source. */
  occurrence: number;
  /** Character offsets (UTF-16) of the keyword in the stored text (`storedText`), end exclusive. */
  start: number;
  end: number;
  left: string;
  keyword: string;
  right: string;
}

/** One page of keyword-in-context rows and how many hits there are in all (equal to the term's count). */
export interface KwicPage {
  total: number;
  rows: KwicRow[];
}

export interface KwicPaging {
  offset: number;
  limit: number;
}

export { AnalysisCancelledError, isAnalysisCancelled, type CountTermsOptions } from './cancellation.ts';

/** A source of text to index: its kind (the owning module's constant), its id, and whose it is. */
export interface SearchSource {
  id: number;
  organisationId: number;
  /** The case it belongs to, when it belongs to one (the row goes with the case as a safety net). */
  caseId?: number | null;
}

export const DEFAULT_HORIZON = 5;
/** FTS5 matches whole phrases exactly; PostgreSQL's stripped tsvector only picks candidates. */
const phraseExact = (dialect: Dialect) => dialect === 'sqlite';
/** Sources whose word arrays are held in memory at once while counting. */
const COUNT_BATCH = 200;

/**
 * The search index of DESIGN §5 for one kind of source (`kind`: 'case_document', later templates, playbook
 * attachments, knowledge articles, …; stored, so never renamed). Each source is tokenised once; its
 * text, word ids and offsets are kept for exact counts, phrases and keyword-in-context, and the full-text
 * index picks candidates. Every read is scoped to one organisation and this kind.
 */
export function searchService(ctx: AppContext, kind: string) {
  const dialect = dialectOf(ctx);
  const scope = (organisationId: number): SourceScope => ({ organisationId, kind });

  /** Phrase (as words) → word ids, or null when a word is not in the vocabulary (so nothing matches). */
  const idsOfPhrase = async (words: readonly string[]): Promise<number[] | null> =>
    phraseIdsOf([words], await knownWordIds(ctx, dialect, [...new Set(words)]))[0] ?? null;

  const service = {
    /** Indexes (or re-indexes) a source's text in one transaction; returns its word count. */
    async index(
      source: SearchSource,
      rawText: string,
      /** Runs in the same transaction once the source is indexed (e.g. to mark it indexed). */
      andThen?: (tx: AppContext) => Promise<void>,
    ): Promise<number> {
      const { words, offsets, text } = tokenize(rawText);
      const fresh = new Map<string, number>();
      const cache = cacheOf(ctx);
      const count = await inTransaction(ctx, async (tx) => {
        await removeSources(tx, dialect, scope(source.organisationId), [source.id]);
        const unique = [...new Set(words)];
        const ids = await vocabularyIds(tx, dialect, unique, fresh, cache);
        const wordIdList = words.map((word) => ids.get(word) ?? 0);
        await insertSearchSource(
          tx.db,
          dialect,
          {
            source_kind: kind,
            source_id: source.id,
            organisation_id: source.organisationId,
            case_id: source.caseId ?? null,
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

    /**
     * Removes sources from the index (inside the caller's transaction, when there is one): a module calls
     * it wherever it deletes a source, so the vocabulary counts go down with the rows.
     */
    async removeFromIndex(organisationId: number, sourceIds: readonly number[]): Promise<void> {
      await inTransaction(ctx, (tx) => removeSources(tx, dialect, scope(organisationId), sourceIds));
    },

    /**
     * Ids of the organisation's sources that contain every clause of `text` ("quoted" parts as phrases,
     * other words anywhere), exactly.
     */
    async find(organisationId: number, text: string): Promise<number[]> {
      const clauses = parseSearchText(text);
      if (clauses.length === 0) return [];
      const candidates = await candidateSourceIds(ctx.db, dialect, scope(organisationId), clauses);
      const phrases = clauses.filter((clause) => clause.length > 1);
      if (phraseExact(dialect) || phrases.length === 0 || candidates.length === 0) return candidates;
      const phraseIds: number[][] = [];
      for (const phrase of phrases) {
        const ids = await idsOfPhrase(phrase);
        if (!ids) return [];
        phraseIds.push(ids);
      }
      const rows = await loadWordArrays(ctx.db, dialect, scope(organisationId), candidates, false);
      return rows
        .filter((row) => {
          const ids = decodeUint32(row.word_ids);
          return phraseIds.every((phrase) => phrasePositions(ids, phrase).length > 0);
        })
        .map((row) => row.source_id);
    },

    /** Exact occurrences of one term or phrase per source (sources without one are left out). */
    async countOccurrences(
      organisationId: number,
      sourceIds: readonly number[],
      phraseText: string,
    ): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      const words = queryWords(phraseText);
      if (words.length === 0) return counts;
      const phrase = await idsOfPhrase(words);
      if (!phrase) return counts;
      const candidates = await candidateSourceIds(ctx.db, dialect, scope(organisationId), [words]);
      const wanted = new Set(sourceIds);
      const rows = await loadWordArrays(
        ctx.db,
        dialect,
        scope(organisationId),
        candidates.filter((id) => wanted.has(id)),
        false,
      );
      for (const row of rows) {
        const count = countPhrase(decodeUint32(row.word_ids), phrase);
        if (count > 0) counts.set(row.source_id, count);
      }
      return counts;
    },

    /**
     * Exact counts of many terms and phrases at once (the document analyser): for each indexed source
     * among `sourceIds`, counts[i] is how often terms[i] occurs, normalised as the tokenizer does (case,
     * punctuation between words). One vocabulary query for all terms and one pass over each source's
     * word array, never a query per term. Sources not in the index are absent from the answer.
     */
    async countTerms(
      organisationId: number,
      sourceIds: readonly number[],
      terms: readonly string[],
      options: CountTermsOptions = {},
    ): Promise<Map<number, number[]>> {
      const { signal, onProgress } = options;
      throwIfCancelled(signal);
      const answer = new Map<number, number[]>();
      const termWords = terms.map((term) => queryWords(term));
      const vocabulary = await knownWordIds(ctx, dialect, [...new Set(termWords.flat())]);
      const matcher = phraseMatcher(phraseIdsOf(termWords, vocabulary));
      const unique = [...new Set(sourceIds)];
      for (let start = 0; start < unique.length; start += COUNT_BATCH) {
        const batch = unique.slice(start, start + COUNT_BATCH);
        const rows = await loadWordArrays(ctx.db, dialect, scope(organisationId), batch, false);
        for (const row of rows) answer.set(row.source_id, countPhrases(decodeUint32(row.word_ids), matcher));
        onProgress?.(Math.min(start + COUNT_BATCH, unique.length), unique.length);
        throwIfCancelled(signal);
      }
      return answer;
    },

    /** Every keyword-in-context row of a term or phrase in one source, `horizon` words either side. */
    async keywordInContext(
      organisationId: number,
      sourceId: number,
      phraseText: string,
      horizon: number = DEFAULT_HORIZON,
    ): Promise<KwicRow[]> {
      const page = await service.keywordInContextPage(organisationId, sourceId, phraseText, horizon, {
        offset: 0,
        limit: Number.MAX_SAFE_INTEGER,
      });
      return page.rows;
    },

    /**
     * One page of keyword-in-context rows (hits in text order) and the number of hits in all, which
     * equals the term's count in countTerms.
     */
    async keywordInContextPage(
      organisationId: number,
      sourceId: number,
      phraseText: string,
      horizon: number,
      paging: KwicPaging,
    ): Promise<KwicPage> {
      const words = queryWords(phraseText);
      if (words.length === 0) return { total: 0, rows: [] };
      const phrase = await idsOfPhrase(words);
      if (!phrase) return { total: 0, rows: [] };
      const [row] = await loadWordArrays(ctx.db, dialect, scope(organisationId), [sourceId], true);
      if (!row) return { total: 0, rows: [] };
      const ids = decodeUint32(row.word_ids);
      const offsets = decodeUint32(row.offsets);
      const endOf = (index: number) => (offsets[index] ?? 0) + tokenLengthAt(row.text, offsets[index] ?? 0);
      const positions = phrasePositions(ids, phrase);
      const first = Math.max(0, Math.floor(paging.offset));
      const last = Math.min(positions.length, first + Math.max(0, Math.floor(paging.limit)));
      const rows: KwicRow[] = [];
      for (let k = first; k < last; k += 1) {
        const position = positions[k] ?? 0;
        const lastWord = position + phrase.length - 1;
        const leftStart = offsets[Math.max(0, position - horizon)] ?? 0;
        const rightEndIndex = Math.min(ids.length - 1, lastWord + horizon);
        const keywordStart = offsets[position] ?? 0;
        const keywordEnd = endOf(lastWord);
        rows.push({
          position,
          occurrence: k + 1,
          start: keywordStart,
          end: keywordEnd,
          left: squash(row.text.slice(leftStart, keywordStart)),
          keyword: squash(row.text.slice(keywordStart, keywordEnd)),
          right: squash(row.text.slice(keywordEnd, rightEndIndex > lastWord ? endOf(rightEndIndex) : keywordEnd)),
        });
      }
      return { total: positions.length, rows };
    },

    /** The stored text and word count of an indexed source, or undefined. */
    async storedText(organisationId: number, sourceId: number) {
      return findSearchSource(ctx.db, scope(organisationId), sourceId);
    },
  };
  return service;
}

/**
 * Removes every indexed source of an organisation, of every kind, lowering the vocabulary counts (the
 * organisation's deletion calls it in its transaction; the rows would otherwise cascade with the counts
 * left too high). In batches, so a large organisation never holds all its word arrays in memory.
 */
export async function removeOrganisationFromIndex(ctx: AppContext, organisationId: number): Promise<void> {
  const dialect = dialectOf(ctx);
  await inTransaction(ctx, async (tx) => {
    for (;;) {
      const rows = await organisationWordIds(tx.db, organisationId, COUNT_BATCH);
      if (rows.length === 0) return;
      await removeRows(tx, dialect, organisationId, rows);
    }
  });
}

/** Word ids of each phrase, or null for a phrase with a word the vocabulary does not hold. */
function phraseIdsOf(phrases: readonly (readonly string[])[], vocabulary: Map<string, number>): (number[] | null)[] {
  return phrases.map((words) => {
    const ids: number[] = [];
    for (const word of words) {
      const id = vocabulary.get(word);
      if (id === undefined) return null;
      ids.push(id);
    }
    return ids;
  });
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

async function removeSources(
  ctx: AppContext,
  dialect: Dialect,
  scope: SourceScope,
  sourceIds: readonly number[],
): Promise<void> {
  await removeRows(ctx, dialect, scope.organisationId, await storedWordIds(ctx.db, dialect, scope, sourceIds));
}

/** Lowers the vocabulary counts of each row's words, then deletes the rows. */
async function removeRows(
  ctx: AppContext,
  dialect: Dialect,
  organisationId: number,
  rows: readonly { id: number; word_ids: Uint8Array }[],
): Promise<void> {
  if (rows.length === 0) return;
  const unique = new Set<number>();
  for (const row of rows) {
    unique.clear();
    for (const id of decodeUint32(row.word_ids)) unique.add(id);
    await adjustDocumentCounts(ctx.db, dialect, [...unique], -1);
  }
  await deleteSearchRows(
    ctx.db,
    dialect,
    organisationId,
    rows.map((r) => r.id),
  );
}
