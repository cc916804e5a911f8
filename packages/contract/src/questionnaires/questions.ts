/**
 * Questions, questionnaires ("forms") and conditional branches (spec 02 §3, §7). Field names follow the
 * spec (`question_text`, `yesList`, `showData`, `listForm`, …). See docs/precedents.md "Questionnaires".
 */
import { z } from 'zod';
import { pageInfo, pageQuery } from '../common.ts';
import { QUESTIONNAIRE_LIMITS as L } from './limits.ts';
import { questionnaireMessages as M } from './messages.ts';

export const QUESTION_TYPES = ['Yes/No', 'short', 'Multiple', 'Repeating'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Labels of the Question Type dropdown (spec 02 §2.4). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  'Yes/No': 'Yes/No Type',
  short: 'Short Answer',
  Multiple: 'Multiple Choice',
  Repeating: 'Repeating group',
};

/** A branch either writes new child questions ('new') or reuses one previously drafted question ('edit'). */
export const BRANCH_TYPES = ['new', 'edit'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

/** The answers of a Yes/No question a branch can be shown for. */
export const YES_NO_ANSWERS = ['Yes', 'No'] as const;
/** A Short Answer's branch shows when the question is answered at all (there is nothing else to compare). */
export const SHORT_ANSWER_TRIGGER = 'Any answer';

export interface YesEntry {
  /** Rich text written for the tag when the answer is Yes. */
  yes: string;
  tag: string;
}
export interface NoEntry {
  no: string;
  tag: string;
}
export interface OptionValue {
  /** Rich text written for the tag when the option is chosen (the option name when blank). */
  value: string;
  tag: string;
  /** Rich text shown by the option's info icon. */
  description: string;
}
/**
 * One field of a repeating group ("add another party"): what the user reads, and the name a template reads it by
 * on each item (`{{ p.name }}` in `{% for p in parties %}`).
 */
export interface GroupField {
  label: string;
  tag: string;
}
export interface MultipleOption {
  option: string;
  value: OptionValue[];
}

/** A question as the builder sends it (POST questionnaire/, PUT question/get/{id}/). */
export interface QuestionInput {
  /** Set when the question already exists: it keeps its id (and so its answers in executions). */
  question_id: number | null;
  question_type: QuestionType;
  question_text: string;
  description: string;
  is_conditional: boolean;
  yesList: YesEntry[];
  noList: NoEntry[];
  associated_tag: string;
  values: MultipleOption[];
  /**
   * Multiple Choice only: true lets the user tick several options (checkboxes), false exactly one (radios).
   * New questions ask for one answer; questions stored before the choice existed keep several.
   */
  multiple_answers: boolean;
  /**
   * Repeating group only: the fields of each item, in order (the first names the item when it is written as a
   * whole). The group's own tag is `associated_tag`; each answer holds a list of items.
   */
  fields: GroupField[];
  showData: BranchInput[];
}

export interface BranchInput {
  /** The parent's answer that shows this branch: 'Yes'/'No', an option name, or 'Any answer'. */
  selectedOption: string;
  /** The category the reused question was picked from ('edit' branches). */
  selectedCategory: number | null;
  /** The reused question ('edit' branches). */
  selectedQuestion: number | null;
  /** The type chosen for the new child question ('new' branches). */
  selectedType: QuestionType | null;
  type: BranchType;
  /** The child questions ('new' branches; ignored for 'edit'). */
  listForm: QuestionInput[];
}

const tag = z.string().trim().max(L.tag, M.tagTooLong);
const rich = z.string().max(L.richText, M.descriptionTooLong);

const yesEntry = z.object({ yes: rich.default(''), tag: tag.default('') });
const noEntry = z.object({ no: rich.default(''), tag: tag.default('') });
const optionValue = z.object({ value: rich.default(''), tag: tag.default(''), description: rich.default('') });
const groupField = z.object({
  label: z.string().trim().max(L.optionField, M.optionTooLong).default(''),
  tag: tag.default(''),
});
const multipleOption = z.object({
  option: z.string().trim().max(L.optionField, M.optionTooLong).default(''),
  value: z.array(optionValue).max(L.entriesPerList).default([]),
});

function questionSchema(showData: z.ZodType<BranchInput[]>): z.ZodType<QuestionInput> {
  return z.object({
    question_id: z.number().int().positive().nullable().default(null),
    question_type: z.enum(QUESTION_TYPES),
    question_text: z.string().trim().max(L.questionText, M.questionTooLong).default(''),
    description: rich.default(''),
    is_conditional: z.boolean().default(false),
    yesList: z.array(yesEntry).max(L.entriesPerList).default([]),
    noList: z.array(noEntry).max(L.entriesPerList).default([]),
    associated_tag: tag.default(''),
    values: z.array(multipleOption).max(L.entriesPerList).default([]),
    multiple_answers: z.boolean().default(false),
    fields: z.array(groupField).max(L.groupFields, M.groupTooManyFields).default([]),
    showData,
  }) as unknown as z.ZodType<QuestionInput>;
}

function branchSchema(child: z.ZodType<QuestionInput>): z.ZodType<BranchInput> {
  return z.object({
    selectedOption: z
      .string()
      .trim()
      .max(L.optionField)
      .nullable()
      .default('')
      .transform((v) => v ?? ''),
    selectedCategory: z.number().int().positive().nullable().default(null),
    selectedQuestion: z.number().int().positive().nullable().default(null),
    selectedType: z.enum(QUESTION_TYPES).nullable().default(null),
    type: z.enum(BRANCH_TYPES).default('new'),
    listForm: z.array(child).max(L.questionsPerList).default([]),
  }) as unknown as z.ZodType<BranchInput>;
}

/**
 * The question schema, built level by level so nesting is bounded (no unbounded recursion on input):
 * a question at the deepest allowed level may not carry branches.
 */
function boundedQuestion(): z.ZodType<QuestionInput> {
  const none = z.array(z.unknown()).max(0, M.conditionalOverLimit).default([]) as unknown as z.ZodType<BranchInput[]>;
  let question = questionSchema(none);
  for (let level = 0; level < L.maxConditionalDepth; level++) {
    question = questionSchema(z.array(branchSchema(question)).max(L.branchesPerQuestion).default([]));
  }
  return question;
}

export const questionInput = boundedQuestion();

/** POST questionnaire/ and PUT question/get/{id}/: the questions of one form and its category. */
export const questionnaireBody = z.object({
  form: z.array(questionInput).max(L.questionsPerList),
  category: z.number().int().positive().nullable().optional(),
});
export type QuestionnaireBody = z.infer<typeof questionnaireBody>;

/** A saved question as GET question/get/{id}/ and GET category/question/{id}/ answer it. */
export interface QuestionView extends Omit<QuestionInput, 'question_id' | 'showData' | 'values'> {
  question_id: number;
  questionnaire_id: number;
  /** The category's id (null after the category was deleted) and name. */
  category: number | null;
  category_name: string | null;
  /** 0 for a top-level question of its form, 1 for a child, … */
  depth: number;
  values: (MultipleOption & { id: number })[];
  /** Every tag the question writes (yes, no, options, associated tag), once each, in order. */
  tagList: string[];
  showData: BranchView[];
}

export interface BranchView extends Omit<BranchInput, 'listForm'> {
  branch_id: number;
  /** 'new': the child questions; 'edit': the reused question (read-only here; edit it in its own form). */
  listForm: QuestionView[];
}

function questionViewSchema(showData: z.ZodType<BranchView[]>): z.ZodType<QuestionView> {
  return z.object({
    question_id: z.number().int(),
    questionnaire_id: z.number().int(),
    category: z.number().int().nullable(),
    category_name: z.string().nullable(),
    depth: z.number().int(),
    question_type: z.enum(QUESTION_TYPES),
    question_text: z.string(),
    description: z.string(),
    is_conditional: z.boolean(),
    yesList: z.array(z.object({ yes: z.string(), tag: z.string() })),
    noList: z.array(z.object({ no: z.string(), tag: z.string() })),
    associated_tag: z.string(),
    values: z.array(
      z.object({
        id: z.number().int(),
        option: z.string(),
        value: z.array(z.object({ value: z.string(), tag: z.string(), description: z.string() })),
      }),
    ),
    multiple_answers: z.boolean(),
    fields: z.array(z.object({ label: z.string(), tag: z.string() })),
    tagList: z.array(z.string()),
    showData,
  }) as unknown as z.ZodType<QuestionView>;
}

function branchViewSchema(child: z.ZodType<QuestionView>): z.ZodType<BranchView> {
  return z.object({
    branch_id: z.number().int(),
    selectedOption: z.string(),
    selectedCategory: z.number().int().nullable(),
    selectedQuestion: z.number().int().nullable(),
    selectedType: z.enum(QUESTION_TYPES).nullable(),
    type: z.enum(BRANCH_TYPES),
    listForm: z.array(child),
  }) as unknown as z.ZodType<BranchView>;
}

function boundedQuestionView(): z.ZodType<QuestionView> {
  let view = questionViewSchema(z.array(z.never()).max(0) as unknown as z.ZodType<BranchView[]>);
  for (let level = 0; level < L.maxConditionalDepth; level++) {
    view = questionViewSchema(z.array(branchViewSchema(view)));
  }
  return view;
}

export const questionView = boundedQuestionView();
/** GET question/get/{id}/: the form's top-level questions, each with its branches (spec: an array). */
export const questionViewList = z.array(questionView);
/** GET category/question/{id}/: every question of a category, for the conditional picker. */
export const categoryQuestionList = z.object({ data: z.array(questionView) });
export type CategoryQuestionList = z.infer<typeof categoryQuestionList>;

/** Answer of POST questionnaire/. */
export const questionnaireSaved = z.object({ detail: z.string(), id: z.number().int() });
export type QuestionnaireSaved = z.infer<typeof questionnaireSaved>;

/** GET questionnaire/: one row of the /document-questionaries list. */
export const questionnaireRow = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  first_question: z.string(),
  question_count: z.number().int(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type QuestionnaireRow = z.infer<typeof questionnaireRow>;

export const questionnaireListQuery = pageQuery.extend({
  search_key: z.string().trim().max(200).optional(),
});
export type QuestionnaireListQuery = z.infer<typeof questionnaireListQuery>;
export const questionnaireList = z.object({ data: z.array(questionnaireRow), page: pageInfo });
export type QuestionnaireList = z.infer<typeof questionnaireList>;

/** A new, empty question of `type` as the builder starts it (one yes and one no entry, one option). */
export function emptyQuestion(type: QuestionType): QuestionInput {
  return {
    question_id: null,
    question_type: type,
    question_text: '',
    description: '',
    is_conditional: false,
    yesList: type === 'Yes/No' ? [{ yes: '', tag: '' }] : [],
    noList: type === 'Yes/No' ? [{ no: '', tag: '' }] : [],
    associated_tag: '',
    values: type === 'Multiple' ? [{ option: '', value: [{ value: '', tag: '', description: '' }] }] : [],
    multiple_answers: false,
    fields: type === 'Repeating' ? [{ label: '', tag: '' }] : [],
    showData: [],
  };
}

/** A new branch as the builder starts it: a new child question to write, nothing chosen yet. */
export function emptyBranch(): BranchInput {
  return {
    selectedOption: '',
    selectedCategory: null,
    selectedQuestion: null,
    selectedType: null,
    type: 'new',
    listForm: [],
  };
}
