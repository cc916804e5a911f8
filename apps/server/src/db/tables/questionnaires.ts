import type { Generated } from 'kysely';
import type { Flag } from '../database.types.ts';

/** Tables of migration 0006_questionnaires. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */

export interface QuestionCategoriesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  /** lower(name): unique per organisation. */
  name_key: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A questionnaire ("form"): the questions saved together for one category. */
export interface QuestionnairesTable {
  id: Generated<number>;
  organisation_id: number;
  /** Null once the category is deleted (its questions stay). */
  category_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  organisation_id: number;
  questionnaire_id: number;
  category_id: number | null;
  /** The branch this question is a child of; null for a top-level question of its form. */
  parent_branch_id: number | null;
  position: number;
  /** 0 top level, 1 child, … (at most QUESTIONNAIRE_LIMITS.maxConditionalDepth). */
  depth: Generated<number>;
  /** 'Yes/No' | 'short' | 'Multiple' | 'Repeating' (QUESTION_TYPES). */
  question_type: string;
  question_text: string;
  /** Sanitised HTML. */
  description: Generated<string>;
  /** Short Answer and Repeating group only ('' otherwise); also a row of question_tags with list 'short'. */
  associated_tag: Generated<string>;
  is_conditional: Generated<Flag>;
  /** Multiple Choice: 1 several options may be ticked, 0 exactly one (migration 0014; 1 for older rows). */
  multiple_answers: Generated<Flag>;
  /** Repeating group: its items' fields as JSON `GroupField[]` (migration 0031); '[]' for other kinds. */
  group_fields: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A multiple-choice option (its name); its tags are question_tags rows with option_id. */
export interface QuestionOptionsTable {
  id: Generated<number>;
  organisation_id: number;
  question_id: number;
  position: number;
  option: string;
}

/** Every tag a question writes, with the rich text written for it. */
export interface QuestionTagsTable {
  id: Generated<number>;
  organisation_id: number;
  question_id: number;
  option_id: number | null;
  /** 'yes' | 'no' | 'option' | 'short'. */
  list: string;
  position: number;
  /** Sanitised HTML written into the document for the tag ('' for 'short': the answer itself). */
  text: Generated<string>;
  tag: string;
  /** Sanitised HTML of the option's info icon ('option' rows). */
  description: Generated<string>;
}

/** A conditional branch (showData item) of a question. */
export interface QuestionBranchesTable {
  id: Generated<number>;
  organisation_id: number;
  question_id: number;
  position: number;
  selected_option: string;
  /** 'new' (children hang under this branch) | 'edit' (selected_question_id is reused). */
  type: string;
  selected_category_id: number | null;
  selected_question_id: number | null;
  selected_type: string | null;
}

export interface DocumentTypesTable {
  id: Generated<number>;
  organisation_id: number;
  type_name: string;
  name_key: string;
  description: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionnaireTables {
  question_categories: QuestionCategoriesTable;
  questionnaires: QuestionnairesTable;
  questions: QuestionsTable;
  question_options: QuestionOptionsTable;
  question_tags: QuestionTagsTable;
  question_branches: QuestionBranchesTable;
  document_types: DocumentTypesTable;
}
