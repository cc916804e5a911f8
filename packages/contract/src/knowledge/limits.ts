/** Our own caps for the knowledge application (the spec shows the hand-over, not these): docs/knowledge.md. */
export const KNOWLEDGE_LIMITS = {
  title: 200,
  /** An article's body, sanitised HTML. */
  body: 200_000,
  keyword: 100,
  keywordsPerNode: 30,
  /** Depth of classes under a domain (a class may hold classes). */
  depth: 8,
  attachmentBytes: 25 * 1024 * 1024,
  attachmentsPerNode: 50,
  searchKey: 200,
  lookupTerm: 200,
  apiKeyName: 100,
  /** An API key expires this many days after its creation unless the admin chooses (issue 29) … */
  apiKeyDefaultDays: 90,
  /** … and at most this many. */
  apiKeyMaxDays: 365,
  rulesPerOrganisation: 2_000,
  /** The hand-over code lives this long (one use). */
  handoverSeconds: 120,
  /** A knowledge token lives at most this long, and never longer than the main session it came from. */
  tokenHours: 12,
  /** Words either side of a search hit. */
  searchHorizon: 8,
} as const;

/** The three kinds of node of the tree: domain (top) → class (under a domain or a class) → instance (article). */
export const KNOWLEDGE_NODE_KINDS = ['domain', 'class', 'instance'] as const;
export type KnowledgeNodeKind = (typeof KNOWLEDGE_NODE_KINDS)[number];

/** A rule on a node for one organisation, inherited down the tree (the nearest one decides). */
export const KNOWLEDGE_RULE_MODES = ['allowed', 'restricted'] as const;
export type KnowledgeRuleMode = (typeof KNOWLEDGE_RULE_MODES)[number];

/** Why a viewer cannot see a node (the policy's answer; the effective-access screen shows it). */
export const KNOWLEDGE_REFUSALS = ['not_shared', 'restricted', 'no_role', 'no_licence'] as const;
export type KnowledgeRefusal = (typeof KNOWLEDGE_REFUSALS)[number];

export const KNOWLEDGE_ATTACHMENT_EXTENSIONS = ['.docx', '.pdf', '.txt'] as const;
export const KNOWLEDGE_ATTACHMENT_STATES = ['pending', 'indexed', 'failed'] as const;

/** Where the web keeps the knowledge token and the tab heartbeats (every `lexdesk.*` key goes at logout). */
export const KNOWLEDGE_TOKEN_KEY = 'lexdesk.knowledge_token';
export const KNOWLEDGE_TABS_KEY = 'lexdesk.knowledge_tabs';
/** A knowledge tab writes its heartbeat this often; one not seen for KNOWLEDGE_TAB_STALE_MS is gone. */
export const KNOWLEDGE_TAB_HEARTBEAT_MS = 5_000;
export const KNOWLEDGE_TAB_STALE_MS = 15_000;
/** The knowledge application's page and its API base. */
export const KNOWLEDGE_APP_PATH = '/kb';
export const KNOWLEDGE_API_BASE = '/api/knowledge';
/** The service calls' header: `Authorization: Api-Key <key>`. */
export const KNOWLEDGE_API_KEY_SCHEME = 'Api-Key';
