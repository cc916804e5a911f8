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
  type StoredIds,
} from './search.repo.ts';
import { countTermsWithEngine, hitsInRow, planTerms, type PlacedHit } from './engine.ts';
import { isStoredSeparator } from './term-plan.ts';
import type { CountTermsOptions } from './cancellation.ts';
import { parseSearchText, tokenize, tokenLengthAt } from './tokenizer.ts';
import { decodeUint32, encodeUint32, phrasePositions } from './word-arrays.ts';

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
  /** The source's exact characters from the first word of `left` to the last of `right` (what "Copy text" copies). */
  passage: string;
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
      const { words, offsets, separators, text } = tokenize(rawText);
      const fresh = new Map<string, number>();
      const cache = cacheOf(ctx);
      const count = await inTransaction(ctx, async (tx) => {
        await removeSources(tx, dialect, scope(source.organisationId), [source.id]);
        const unique = [...new Set(words)];
        const storedSeparators = [...new Set(separators)].filter(isStoredSeparator);
        const ids = await vocabularyIds(tx, dialect, [...unique, ...storedSeparators], fresh, cache);
        const wordIdList = words.map((word) => ids.get(word) ?? 0);
        const gapIds = separators.map((separator) => (isStoredSeparator(separator) ? (ids.get(separator) ?? 0) : 0));
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
            gaps: encodeUint32(gapIds),
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
      const candidates = await service.find(organisationId, `"${phraseText.replace(/"/g, ' ')}"`);
      const wanted = new Set(sourceIds);
      const perSource = await service.countTerms(
        organisationId,
        candidates.filter((id) => wanted.has(id)),
        [phraseText],
      );
      for (const [sourceId, [count = 0]] of perSource) if (count > 0) counts.set(sourceId, count);
      return counts;
    },

    /**
     * Exact counts of many terms and phrases at once (the document analyser): for each indexed source among
     * `sourceIds`, counts[i] is how often terms[i] occurs, by the counting rules of docs/analyser.md (equal
     * to `rg -o -i -w -F`). The engine's worker thread counts from positional postings; `signal` stops it
     * between batches (AnalysisCancelledError) and `onProgress` follows them. Sources not in the index are
     * absent from the answer.
     */
    async countTerms(
      organisationId: number,
      sourceIds: readonly number[],
      terms: readonly string[],
      options: CountTermsOptions = {},
    ): Promise<Map<number, number[]>> {
      return countTermsWithEngine(ctx.db, dialect, scope(organisationId), sourceIds, terms, options);
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
      const [plan = { kind: 'none' } as const] = await planTerms(ctx.db, dialect, [phraseText]);
      if (plan.kind === 'none') return { total: 0, rows: [] };
      const [row] = await loadWordArrays(ctx.db, dialect, scope(organisationId), [sourceId], true);
      if (!row) return { total: 0, rows: [] };
      const hits = hitsInRow(row, plan);
      const offsets = decodeUint32(row.offsets);
      const tokens = offsets.length;
      const endOf = (index: number) => (offsets[index] ?? 0) + tokenLengthAt(row.text, offsets[index] ?? 0);
      const first = Math.max(0, Math.floor(paging.offset));
      const last = Math.min(hits.length, first + Math.max(0, Math.floor(paging.limit)));
      const rows: KwicRow[] = [];
      for (let k = first; k < last; k += 1) {
        const hit = hits[k] as PlacedHit;
        const leftStart = hit.position - horizon < 0 ? 0 : (offsets[hit.position - horizon] ?? 0);
        const rightEnd = hit.after < tokens ? endOf(Math.min(tokens - 1, hit.after + horizon - 1)) : hit.end;
        rows.push({
          position: hit.position,
          occurrence: k + 1,
          start: hit.start,
          end: hit.end,
          left: squash(row.text.slice(Math.min(leftStart, hit.start), hit.start)),
          keyword: squash(row.text.slice(hit.start, hit.end)),
          right: horizon > 0 ? squash(row.text.slice(hit.end, Math.max(rightEnd, hit.end))) : '',
          passage: row.text
            .slice(Math.min(leftStart, hit.start), horizon > 0 ? Math.max(rightEnd, hit.end) : hit.end)
            .trim(),
        });
      }
      return { total: hits.length, rows };
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
  rows: readonly StoredIds[],
): Promise<void> {
  if (rows.length === 0) return;
  const unique = new Set<number>();
  for (const row of rows) {
    unique.clear();
    for (const id of decodeUint32(row.word_ids)) unique.add(id);
    for (const id of decodeUint32(row.gaps)) if (id !== 0) unique.add(id);
    await adjustDocumentCounts(ctx.db, dialect, [...unique], -1);
  }
  await deleteSearchRows(
    ctx.db,
    dialect,
    organisationId,
    rows.map((r) => r.id),
  );
}
