import type { Generated } from 'kysely';

/**
 * Tables of migration 0025_knowledge (docs/knowledge.md). A node's `organisation_id` is NULL for a shared
 * domain (and everything in it); `home_organisation_id` is the organisation whose search index holds the
 * node's text (its own, or the curating super user's). Revisions, links and attachments go with their node.
 */
export interface KnowledgeTables {
  knowledge_nodes: KnowledgeNodesTable;
  knowledge_revisions: KnowledgeRevisionsTable;
  knowledge_links: KnowledgeLinksTable;
  knowledge_attachments: KnowledgeAttachmentsTable;
  knowledge_rules: KnowledgeRulesTable;
  knowledge_api_keys: KnowledgeApiKeysTable;
  knowledge_handover_codes: KnowledgeHandoverCodesTable;
  knowledge_sessions: KnowledgeSessionsTable;
}

export interface KnowledgeNodesTable {
  id: Generated<number>;
  organisation_id: number | null;
  home_organisation_id: number;
  parent_id: number | null;
  kind: string;
  title: string;
  /** Sanitised HTML (articles only). */
  body: string | null;
  /** JSON: string[]. */
  keywords: string;
  revision: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface KnowledgeRevisionsTable {
  id: Generated<number>;
  node_id: number;
  revision: number;
  title: string;
  body: string | null;
  keywords: string;
  author_id: number | null;
  created_at: string;
}

export interface KnowledgeLinksTable {
  from_node_id: number;
  to_node_id: number;
}

export interface KnowledgeAttachmentsTable {
  id: Generated<number>;
  node_id: number;
  /** The node's home organisation (whose index holds the text; a shared node's curator's). */
  organisation_id: number;
  file_name: string;
  extension: string;
  content_type: string;
  size: number;
  storage_key: string;
  state: string;
  uploaded_by: number | null;
  uploaded_at: string;
}

export interface KnowledgeRulesTable {
  id: Generated<number>;
  organisation_id: number;
  node_id: number;
  mode: string;
  updated_by: number | null;
  updated_at: string;
}

export interface KnowledgeApiKeysTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The key answers until then (issue 29, migration 0026). */
  expires_at: string;
}

export interface KnowledgeHandoverCodesTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  session_id: number;
  code_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface KnowledgeSessionsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  session_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
