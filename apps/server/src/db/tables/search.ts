import type { Generated } from 'kysely';

/**
 * Search index (platform/search; migrations 0004, 0017 and 0021). Ids are global. The vocabulary holds words
 * and the separators between them (never confused: a separator has no word character, a word nothing else).
 */
export interface SearchVocabularyTable {
  id: Generated<number>;
  word: string;
  /** Internal statistics (sources holding the word), never shown to anyone. */
  doc_count: Generated<number>;
}

/** One indexed source (a case document, later a template, a playbook attachment, …). */
export interface SearchSourcesTable {
  /** The index row's key, and the FTS5 rowid on SQLite. */
  id: Generated<number>;
  /** Whose text this is, e.g. 'case_document'; with source_id unique. */
  source_kind: string;
  source_id: number;
  organisation_id: number;
  case_id: number | null;
  text: string;
  /** Uint32 little-endian word ids, one per token. */
  word_ids: Buffer;
  /** Uint32 little-endian start offsets (UTF-16 code units into `text`), one per token. */
  offsets: Buffer;
  /**
   * Uint32 little-endian separator ids (vocabulary), one more than the tokens: gaps[0] before the first
   * token, gaps[i + 1] after token i; 0 for an empty separator or one past MAX_SEPARATOR_LENGTH.
   */
  gaps: Buffer;
  word_count: number;
  indexed_at: string;
}

export interface SearchTables {
  search_vocabulary: SearchVocabularyTable;
  search_sources: SearchSourcesTable;
}
