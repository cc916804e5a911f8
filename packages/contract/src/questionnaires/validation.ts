/**
 * The builder's rules before saving (spec 02 §5), shared by the web (message before sending, Submit
 * disabled while over the limit) and the server (the same message as a 400).
 */
import { QUESTIONNAIRE_LIMITS as L } from './limits.ts';
import { questionnaireMessages as M } from './messages.ts';
import { SHORT_ANSWER_TRIGGER, YES_NO_ANSWERS, type BranchInput, type QuestionInput } from './questions.ts';
import { tagNameProblem } from './tags.ts';

/** The visible text of rich text (tags removed, entities of spaces folded), to tell a blank one. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

const blank = (text: string) => text.trim() === '';

/** The answers a branch of `question` may be shown for. */
export function branchChoices(question: Pick<QuestionInput, 'question_type' | 'values'>): string[] {
  if (question.question_type === 'Yes/No') return [...YES_NO_ANSWERS];
  if (question.question_type === 'short' || question.question_type === 'Repeating') return [SHORT_ANSWER_TRIGGER];
  return question.values.map((value) => value.option.trim()).filter((option) => option !== '');
}

interface Blanks {
  question: boolean;
  tag: boolean;
  option: boolean;
  branch: boolean;
}

function branchIncomplete(parent: QuestionInput, branch: BranchInput): boolean {
  if (blank(branch.selectedOption) || !branchChoices(parent).includes(branch.selectedOption.trim())) return true;
  if (branch.type === 'edit') return branch.selectedQuestion === null;
  return branch.listForm.length === 0;
}

function collectBlanks(question: QuestionInput, found: Blanks): void {
  if (blank(question.question_text)) found.question = true;
  if (question.question_type === 'Yes/No') {
    if (question.yesList.length === 0 || question.noList.length === 0) found.tag = true;
    for (const entry of question.yesList) if (blank(entry.tag) || blank(plainText(entry.yes))) found.tag = true;
    for (const entry of question.noList) if (blank(entry.tag) || blank(plainText(entry.no))) found.tag = true;
  } else if (question.question_type === 'short' || question.question_type === 'Repeating') {
    if (blank(question.associated_tag)) found.tag = true;
  } else {
    if (question.values.length === 0) found.option = true;
    for (const value of question.values) {
      if (blank(value.option)) found.option = true;
      if (value.value.length === 0) found.tag = true;
      for (const entry of value.value) if (blank(entry.tag)) found.tag = true;
    }
  }
  if (!question.is_conditional) return;
  for (const branch of question.showData) {
    if (branchIncomplete(question, branch)) found.branch = true;
    if (branch.type === 'new') for (const child of branch.listForm) collectBlanks(child, found);
  }
}

function blanksMessage(found: Blanks): string | null {
  const { question, tag, option, branch } = found;
  const count = [question, tag, option, branch].filter(Boolean).length;
  if (count === 0) return null;
  if (count === 1) {
    if (question) return M.blankQuestion;
    if (tag) return M.blankTag;
    if (option) return M.blankOption;
    return M.branchWithoutSelection;
  }
  if (count === 2 && question && tag) return M.blankQuestionAndTag;
  if (count === 2 && question && option) return M.blankQuestionAndOption;
  return M.severalBlanks;
}

/** Every question of the form, children of 'new' branches included (only of conditional questions). */
export function* walkQuestions(
  form: readonly QuestionInput[],
  depth = 0,
): Generator<{ question: QuestionInput; depth: number }> {
  for (const question of form) {
    yield { question, depth };
    if (!question.is_conditional) continue;
    for (const branch of question.showData) {
      if (branch.type === 'new') yield* walkQuestions(branch.listForm, depth + 1);
    }
  }
}

/**
 * True when the form nests deeper than allowed or reuses a question twice (or one of its own questions).
 * `reusedHeight(id)` gives how many levels a reused question adds below itself (0 when it has no branches);
 * unknown ids count as 0 here (the server checks them with the stored questions).
 */
export function conditionalOverLimit(
  form: readonly QuestionInput[],
  reusedHeight: (questionId: number) => number = () => 0,
): boolean {
  const own = new Set<number>();
  for (const { question } of walkQuestions(form)) if (question.question_id !== null) own.add(question.question_id);
  const reused = new Set<number>();
  for (const { question, depth } of walkQuestions(form)) {
    if (!question.is_conditional) continue;
    if (question.showData.length > 0 && depth >= L.maxConditionalDepth) return true;
    for (const branch of question.showData) {
      if (branch.type !== 'edit' || branch.selectedQuestion === null) continue;
      const id = branch.selectedQuestion;
      if (reused.has(id) || own.has(id)) return true;
      reused.add(id);
      if (depth + 1 + reusedHeight(id) > L.maxConditionalDepth) return true;
    }
  }
  return false;
}

/** Every tag the question writes (yes, no, option entries and the short answer's tag), trimmed. */
export function tagsOf(question: QuestionInput): string[] {
  if (question.question_type === 'Yes/No') return [...question.yesList, ...question.noList].map((e) => e.tag.trim());
  if (question.question_type === 'short' || question.question_type === 'Repeating') {
    return [question.associated_tag.trim()];
  }
  return question.values.flatMap((value) => value.value.map((e) => e.tag.trim()));
}

/** A field name a template can read on an item (`p.date_of_birth`): an identifier, no dots. */
const GROUP_FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** What is wrong with a repeating group's fields, as its message; null when nothing is. */
export function groupFieldsProblem(question: Pick<QuestionInput, 'question_type' | 'fields'>): string | null {
  if (question.question_type !== 'Repeating') return null;
  const { fields } = question;
  if (fields.length === 0 || fields.some((field) => blank(field.label) || blank(field.tag))) return M.groupNeedsFields;
  if (fields.length > L.groupFields) return M.groupTooManyFields;
  if (fields.some((field) => field.tag.trim().length > L.tag || !GROUP_FIELD_NAME.test(field.tag.trim()))) {
    return M.groupFieldFormat;
  }
  const names = fields.map((field) => field.tag.trim().toLowerCase());
  return new Set(names).size === names.length ? null : M.groupFieldRepeated;
}

/** The first rule of spec 02 §5 the form breaks, as its message; null when it may be saved. */
export function questionnaireProblem(
  form: readonly QuestionInput[],
  reusedHeight?: (questionId: number) => number,
): string | null {
  if (form.length === 0) return M.emptyForm;
  const found: Blanks = { question: false, tag: false, option: false, branch: false };
  for (const question of form) collectBlanks(question, found);
  const blanks = blanksMessage(found);
  if (blanks) return blanks;
  for (const { question } of walkQuestions(form)) {
    if (question.is_conditional && question.showData.length === 0) return M.lastBranch;
    if (question.question_type === 'Multiple' && question.values.some((v) => v.option.trim().length > L.optionName)) {
      return M.optionTooLong;
    }
    if (tagsOf(question).some((tag) => tagNameProblem(tag) !== null)) return M.tagFormat;
    const groupProblem = groupFieldsProblem(question);
    if (groupProblem) return groupProblem;
  }
  if (conditionalOverLimit(form, reusedHeight)) return M.conditionalOverLimit;
  return null;
}
