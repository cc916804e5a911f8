import { z } from 'zod';
import { idParam, pageInfo, pageQuery } from '../common.ts';
import { KNOWLEDGE_LIMITS as L } from './limits.ts';
import { knowledgeMessages as m } from './messages.ts';
import { knowledgeCrumb } from './nodes.ts';

/** GET search/?q=: articles (title, body, keywords) and attachments, filtered by the policy before paging. */
export const knowledgeSearchQuery = pageQuery.extend({
  q: z.string({ error: m.searchKeyRequired }).trim().min(1, m.searchKeyRequired).max(L.searchKey),
});
export type KnowledgeSearchQuery = z.infer<typeof knowledgeSearchQuery>;
export type KnowledgeSearchInput = z.input<typeof knowledgeSearchQuery>;

export const knowledgeSearchHit = z.object({
  node_id: z.number().int(),
  title: z.string(),
  breadcrumb: z.array(knowledgeCrumb),
  source: z.enum(['article', 'attachment']),
  attachment_id: z.number().int().nullable(),
  file_name: z.string().nullable(),
  left: z.string(),
  keyword: z.string(),
  right: z.string(),
});
export type KnowledgeSearchHit = z.infer<typeof knowledgeSearchHit>;
export const knowledgeSearchResult = z.object({ data: z.array(knowledgeSearchHit), page: pageInfo });
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResult>;

/** GET knowledge-lookup/ (main API, from an analyser hit): the term, or the hit's concept head. */
export const knowledgeLookupQuery = z
  .object({
    term: z.string().trim().max(L.lookupTerm).optional(),
    concept_head_id: idParam.optional(),
  })
  .refine((q) => Boolean(q.term) || q.concept_head_id !== undefined, { message: m.termRequired, path: ['term'] });
export type KnowledgeLookupQuery = z.infer<typeof knowledgeLookupQuery>;
export type KnowledgeLookupInput = z.input<typeof knowledgeLookupQuery>;

export const knowledgeLookupMatch = z.object({
  node_id: z.number().int(),
  title: z.string(),
  class_title: z.string(),
  domain_title: z.string(),
});
export type KnowledgeLookupMatch = z.infer<typeof knowledgeLookupMatch>;
export const knowledgeLookupResult = z.object({ data: z.array(knowledgeLookupMatch) });
export type KnowledgeLookupResult = z.infer<typeof knowledgeLookupResult>;
