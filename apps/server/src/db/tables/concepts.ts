import type { Generated } from 'kysely';

/** Tables of migration 0019_concept_lists (the analyser's concept side). Timestamps are ISO text. */
export interface ConceptTables {
  concept_lists: ConceptListsTable;
  concept_list_organisations: ConceptListOrganisationsTable;
  concept_list_users: ConceptListUsersTable;
  concept_heads: ConceptHeadsTable;
  concept_clauses: ConceptHeadPartsTable;
  concept_scopes: ConceptHeadPartsTable;
  concept_scope_examples: ConceptScopeExamplesTable;
  concept_rules: ConceptHeadPartsTable;
  concept_rule_suggestions: ConceptRuleSuggestionsTable;
  concept_amendments: ConceptAmendmentsTable;
  concept_feedback: ConceptFeedbackTable;
  concept_list_versions: ConceptListVersionsTable;
}

export interface ConceptListsTable {
  id: Generated<number>;
  /** The owner: its admins edit the list for everyone it is assigned to. */
  organisation_id: number;
  name: string;
  /** Lower-cased name: unique per owner organisation. */
  name_key: string;
  document_type_id: number | null;
  /** The list an organisation's own copy was made from ("only this organisation"). */
  forked_from_id: number | null;
  version: Generated<number>;
  assigned_to_all: Generated<number>;
  created_by_super: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The organisations a list is visible in, besides its owner (and every organisation when assigned to all). */
export interface ConceptListOrganisationsTable {
  concept_list_id: number;
  organisation_id: number;
  /** 1: the organisation removed the list from its repository, or replaced it with its own copy. */
  hidden: Generated<number>;
}

export interface ConceptListUsersTable {
  concept_list_id: number;
  /** The user's organisation. */
  organisation_id: number;
  user_id: number;
}

export interface ConceptHeadsTable {
  id: Generated<number>;
  organisation_id: number;
  concept_list_id: number;
  position: number;
  /** Trimmed and upper-cased. */
  head: string;
  /** Rich text (sanitised HTML). */
  definition: string;
  /** Single words joined with ' | '. */
  terms: string;
  /** Phrases joined with ' | '. */
  phrases: string;
  created_by: number | null;
  updated_at: string;
}

/** Clauses, out-of-scope items and rules of a head. */
export interface ConceptHeadPartsTable {
  id: Generated<number>;
  organisation_id: number;
  head_id: number;
  description: string;
  position: number;
}

export interface ConceptScopeExamplesTable {
  id: Generated<number>;
  organisation_id: number;
  scope_id: number;
  text: string;
  position: number;
}

export interface ConceptRuleSuggestionsTable {
  id: Generated<number>;
  organisation_id: number;
  rule_id: number;
  text: string;
  position: number;
}

export interface ConceptAmendmentsTable {
  id: Generated<number>;
  organisation_id: number;
  head_id: number;
  amendment_type: string;
  amendment: string;
  group_key: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ConceptFeedbackTable {
  id: Generated<number>;
  /** The voter's organisation: only it (and the super user) reads the vote. */
  organisation_id: number;
  head_id: number;
  document_id: number | null;
  /** 1 liked, 0 disliked, null no thumb. */
  thumbs_up: number | null;
  comments: string;
  term: string;
  user_id: number | null;
  created_at: string;
}

export interface ConceptListVersionsTable {
  id: Generated<number>;
  organisation_id: number;
  concept_list_id: number;
  version: number;
  changes: string;
  renamed_to: string | null;
  changed_by: number | null;
  changed_at: string;
}
