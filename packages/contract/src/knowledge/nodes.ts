import { z } from 'zod';
import { idParam } from '../common.ts';
import { KNOWLEDGE_ROLES } from '../organisations/users.ts';
import { KNOWLEDGE_ATTACHMENT_STATES, KNOWLEDGE_LIMITS as L, KNOWLEDGE_NODE_KINDS } from './limits.ts';
import { knowledgeMessages as m } from './messages.ts';

/** POST session/ {code}: the one-time hand-over code from the main app (never a token in a URL). */
export const knowledgeHandover = z.object({ code: z.string(), expires_in: z.number().int() });
export type KnowledgeHandover = z.infer<typeof knowledgeHandover>;
export const knowledgeSessionBody = z.object({
  code: z.string({ error: m.linkExpired }).trim().min(1, m.linkExpired).max(200, m.linkExpired),
});
export type KnowledgeSessionBody = z.infer<typeof knowledgeSessionBody>;

export const knowledgeMe = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  organisation: z.string(),
  organisation_id: z.number().int(),
  role: z.enum(['super', 'admin', 'user']),
  knowledge_role: z.enum(KNOWLEDGE_ROLES),
  knowledge_data_permission: z.boolean(),
  can_edit: z.boolean(),
  can_manage_structure: z.boolean(),
  can_manage_access: z.boolean(),
  can_curate_shared: z.boolean(),
});
export type KnowledgeMe = z.infer<typeof knowledgeMe>;
export const knowledgeSession = z.object({ knowledge_token: z.string(), expires_at: z.string(), me: knowledgeMe });
export type KnowledgeSession = z.infer<typeof knowledgeSession>;

export const knowledgeNodeKind = z.enum(KNOWLEDGE_NODE_KINDS);

/** One row of the tree (visible nodes only; `restricted` only ever true for a viewer who may see it). */
export const knowledgeTreeNode = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  kind: knowledgeNodeKind,
  title: z.string(),
  shared: z.boolean(),
  restricted: z.boolean(),
});
export type KnowledgeTreeNode = z.infer<typeof knowledgeTreeNode>;
export const knowledgeTree = z.object({ data: z.array(knowledgeTreeNode) });
export type KnowledgeTree = z.infer<typeof knowledgeTree>;

export const knowledgeCrumb = z.object({ id: z.number().int(), title: z.string(), kind: knowledgeNodeKind });
export type KnowledgeCrumb = z.infer<typeof knowledgeCrumb>;

export const knowledgeAttachment = z.object({
  id: z.number().int(),
  node_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  state: z.enum(KNOWLEDGE_ATTACHMENT_STATES),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type KnowledgeAttachment = z.infer<typeof knowledgeAttachment>;

export const knowledgeLink = z.object({ id: z.number().int(), title: z.string() });
export type KnowledgeLink = z.infer<typeof knowledgeLink>;

/** GET nodes/{id}/: the node, where it is, what is under it; an article's content. */
export const knowledgeNode = knowledgeTreeNode.extend({
  breadcrumb: z.array(knowledgeCrumb),
  children: z.array(knowledgeTreeNode),
  body: z.string().nullable(),
  keywords: z.array(z.string()),
  revision: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
  attachments: z.array(knowledgeAttachment),
  links_out: z.array(knowledgeLink),
  linked_from: z.array(knowledgeLink),
});
export type KnowledgeNode = z.infer<typeof knowledgeNode>;

const title = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(L.title, m.titleTooLong);
const keywords = z
  .array(z.string().trim().min(1).max(L.keyword, m.keywordTooLong))
  .max(L.keywordsPerNode, m.tooManyKeywords);
const body = z.string().max(L.body, m.bodyTooLong);

/** POST nodes/: a domain (parent null), a class or an article. `shared` (super only): a shared domain. */
export const knowledgeNodeCreateBody = z.object({
  parent_id: idParam.nullable().default(null),
  kind: knowledgeNodeKind,
  title,
  body: body.optional(),
  keywords: keywords.optional(),
  shared: z.boolean().default(false),
});
export type KnowledgeNodeCreateBody = z.infer<typeof knowledgeNodeCreateBody>;
export type KnowledgeNodeCreateInput = z.input<typeof knowledgeNodeCreateBody>;

/** PUT nodes/{id}/: `revision` is the one the editor started from (409 when someone saved since). */
export const knowledgeNodeUpdateBody = z.object({
  title,
  body: body.optional(),
  keywords: keywords.optional(),
  revision: z.coerce.number().int().min(1),
  /** Move under another node (managers; domains and classes only move among their kind's parents). */
  parent_id: idParam.optional(),
});
export type KnowledgeNodeUpdateBody = z.infer<typeof knowledgeNodeUpdateBody>;
export type KnowledgeNodeUpdateInput = z.input<typeof knowledgeNodeUpdateBody>;

export const knowledgeNodeSaved = z.object({ detail: z.string(), node: knowledgeNode });
export type KnowledgeNodeSaved = z.infer<typeof knowledgeNodeSaved>;

export const knowledgeNodeParams = z.object({ node_id: idParam });
export const knowledgeRevisionParams = z.object({ node_id: idParam, revision: idParam });
export const knowledgeAttachmentParams = z.object({ knowledge_attachment_id: idParam });

export const knowledgeRevision = z.object({
  revision: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
});
export type KnowledgeRevision = z.infer<typeof knowledgeRevision>;
export const knowledgeRevisionList = z.object({ data: z.array(knowledgeRevision) });
export type KnowledgeRevisionList = z.infer<typeof knowledgeRevisionList>;
export const knowledgeRevisionDetail = knowledgeRevision.extend({
  node_id: z.number().int(),
  body: z.string().nullable(),
  keywords: z.array(z.string()),
});
export type KnowledgeRevisionDetail = z.infer<typeof knowledgeRevisionDetail>;

export const knowledgeAttachmentAdded = z.object({ detail: z.string(), attachment: knowledgeAttachment });
export type KnowledgeAttachmentAdded = z.infer<typeof knowledgeAttachmentAdded>;
