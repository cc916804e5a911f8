import { z } from 'zod';
import { paged, pageQuery } from '../common.ts';
import { caseMessages } from './messages.ts';

/** File types a case document may have, recognised by content (docs/cases.md). */
export const DOCUMENT_EXTENSIONS = ['docx', 'pdf', 'txt', 'html', 'eml', 'msg'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export const INDEXING_STATES = ['queued', 'indexing', 'indexed', 'failed'] as const;
export type IndexingStateName = (typeof INDEXING_STATES)[number];
export const INDEXING_STATE_LABELS: Record<IndexingStateName, string> = {
  queued: 'Queued',
  indexing: 'Indexing',
  indexed: 'Indexed',
  failed: 'Failed',
};

export const DOCUMENT_SOURCES = ['upload', 'email', 'generated'] as const;

export const documentRow = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  name: z.string(),
  extension: z.enum(DOCUMENT_EXTENSIONS),
  media_type: z.string(),
  size_bytes: z.number().int(),
  source: z.enum(DOCUMENT_SOURCES),
  email_id: z.number().int().nullable(),
  indexing_state: z.enum(INDEXING_STATES),
  indexing_error: z.string().nullable(),
  uploaded_by: z.string(),
  created_at: z.string(),
  actions: z.object({ download: z.boolean(), delete: z.boolean() }),
});
export type DocumentRow = z.infer<typeof documentRow>;
/** GET case/{case_id}/documents/: `text` keeps the documents holding every word ("quoted words": a phrase). */
export const documentListQuery = pageQuery.extend({
  text: z.string().trim().max(200, caseMessages.searchTooLong).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

export const documentListResponse = paged(documentRow);
export type DocumentListResponse = z.infer<typeof documentListResponse>;

/** GET solr/document/?documentUID={id}: the document's metadata and extracted text. */
export const solrDocumentQuery = z.object({ documentUID: z.coerce.number().int().positive().max(2_147_483_647) });
export const solrDocumentResponse = z.object({
  document_uid: z.number().int(),
  name: z.string(),
  extension: z.enum(DOCUMENT_EXTENSIONS),
  media_type: z.string(),
  size_bytes: z.number().int(),
  case_id: z.number().int(),
  case_title: z.string(),
  indexing_state: z.enum(INDEXING_STATES),
  word_count: z.number().int(),
  created_at: z.string(),
  indexed_at: z.string().nullable(),
  text: z.string(),
});
export type SolrDocumentResponse = z.infer<typeof solrDocumentResponse>;
