import type { Generated, Kysely, Selectable } from 'kysely';
import type { CaseRecordTables } from './tables/case-records.ts';
import type { CaseSavedSearchTables } from './tables/case-saved-searches.ts';
import type { CaseTables } from './tables/cases.ts';
import type { AnalyserSavedSearchTables } from './tables/analyser-saved-searches.ts';
import type { ConceptTables } from './tables/concepts.ts';
import type { PlaybookTables } from './tables/playbooks.ts';
import type { KnowledgeTables } from './tables/knowledge.ts';
import type { OrganisationAdminTables } from './tables/organisation-admin.ts';
import type { SignInCodeTables } from './tables/sign-in-codes.ts';
import type { OutboxSecretTables } from './tables/outbox-secrets.ts';
import type { QuestionnaireTables } from './tables/questionnaires.ts';
import type { RegistrationTables } from './tables/registration.ts';
import type { SearchTables } from './tables/search.ts';
import type { SignInProtectionTables } from './tables/sign-in-protection.ts';
import type { HousekeepingTables } from './tables/housekeeping.ts';
import type { InvoiceTables } from './tables/invoices.ts';
import type { TaskTables } from './tables/tasks.ts';
import type { TemplateTables } from './tables/templates.ts';

/**
 * Table types. Booleans are integers 0/1 and timestamps ISO-8601 UTC text in both dialects;
 * repos map them to booleans and strings for the services.
 */
export type Flag = 0 | 1;

export interface ModuleFlagColumns {
  knowledge_permission: Flag;
  case_permission: Flag;
  precedent_permission: Flag;
  doc_analyzer_permission: Flag;
  my_playbooks_permission: Flag;
  task_management_permission: Flag;
  invoice_permission: Flag;
}

export interface PlansTable {
  id: Generated<number>;
  name: string;
  /** Months; null for Bespoke. */
  duration: number | null;
}

export interface OrganisationsTable extends ModuleFlagColumns {
  id: Generated<number>;
  name: string;
  plan_id: number;
  plan_started_at: string | null;
  plan_expires_at: string | null;
  user_limit: number;
  contact_email: string;
  contact_phone: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable extends ModuleFlagColumns {
  id: Generated<number>;
  organisation_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: string;
  password_hash: string | null;
  is_active: Flag;
  is_dark_theme: Flag;
  /** 0 until the user first toggles the theme: the web follows the operating system's mode until then. */
  theme_chosen: Generated<Flag>;
  profile_image: string | null;
  knowledge_role: string | null;
  knowledge_data_permission: Flag;
  /** The Billing grant a plain user holds (migration 0029; contract USER_GRANTS). */
  billing_permission: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  organisation_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  remember: Flag;
}

export interface LinkTokensTable {
  id: Generated<number>;
  purpose: string;
  token_hash: string;
  user_id: number;
  organisation_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  text: string;
  operation: string;
  type: string;
  created_by_id: number | null;
  case_id: number | null;
  task_id: number | null;
  is_read: Flag;
  created_date: string;
}

export interface AuditEventsTable {
  id: Generated<number>;
  organisation_id: number;
  actor_user_id: number | null;
  entity: string;
  entity_id: number | null;
  action: string;
  changes: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  organisation_id: number | null;
  /** What the message is for (the contract's `OUTBOX_KINDS`; migration 0027); decides who sees it. */
  kind: string;
  channel: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
  /** JSON `[{name, storage_key, media_type}]` of files sent with the message (migration 0024), or null. */
  attachments: string | null;
}

export interface ThrottlesTable {
  key: string;
  count: number;
  window_started_at: string;
}

/** The foundation's tables (migration 0001). */
export interface FoundationTables {
  plans: PlansTable;
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  link_tokens: LinkTokensTable;
  notifications: NotificationsTable;
  audit_events: AuditEventsTable;
  outbox: OutboxTable;
  throttles: ThrottlesTable;
}

/** Every table: the foundation's and each area's (db/tables/*.ts, one file per area and migration). */
export interface Database
  extends
    FoundationTables,
    OrganisationAdminTables,
    RegistrationTables,
    SignInProtectionTables,
    CaseTables,
    CaseRecordTables,
    CaseSavedSearchTables,
    QuestionnaireTables,
    TemplateTables,
    OutboxSecretTables,
    SignInCodeTables,
    SearchTables,
    ConceptTables,
    AnalyserSavedSearchTables,
    PlaybookTables,
    TaskTables,
    InvoiceTables,
    KnowledgeTables,
    HousekeepingTables {}

/** The database or an open transaction: repos accept either. */
export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export type UserRow = Selectable<UsersTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
