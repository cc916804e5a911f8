import { filledItems, type Answer, type QuestionView } from '@lexdesk/contract';

export type Answers = ReadonlyMap<number, Answer>;

export const emptyAnswer = (questionId: number): Answer => ({
  question_id: questionId,
  selected: null,
  options: [],
  short: '',
  items: [],
});

/** True when rich text has words (not only tags and spaces). */
export const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';

/** True when the question takes one option (radios); false for several (checkboxes) and other types. */
export const takesOneOption = (question: QuestionView) =>
  question.question_type === 'Multiple' && !question.multiple_answers;

/**
 * The options the answer chooses. A one-answer question keeps only the first (a draft saved before the
 * author switched the question to one answer may hold several), so the screen, its follow-ups and what is
 * sent agree.
 */
export function chosenOptions(question: QuestionView, answer: Answer | undefined): number[] {
  if (!answer) return [];
  return takesOneOption(question) ? answer.options.slice(0, 1) : answer.options;
}

export function isAnswered(question: QuestionView, answer: Answer | undefined): boolean {
  if (!answer) return false;
  if (question.question_type === 'Yes/No') return answer.selected !== null;
  if (question.question_type === 'Multiple') return answer.options.length > 0;
  if (question.question_type === 'Repeating') return filledItems(answer).length > 0;
  return answer.short.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';
}

/** Whether a branch of `question` shows for its answer (Yes/No, a chosen option, or any short answer). */
export function branchShows(question: QuestionView, answer: Answer | undefined, selectedOption: string): boolean {
  if (!answer || !isAnswered(question, answer)) return false;
  if (question.question_type === 'Yes/No') return answer.selected === selectedOption;
  if (question.question_type === 'Multiple') {
    const chosen = chosenOptions(question, answer);
    return question.values.some((v) => v.option === selectedOption && chosen.includes(v.id));
  }
  return true;
}

function removeSubtree(next: Map<number, Answer>, question: QuestionView): void {
  next.delete(question.question_id);
  for (const branch of question.showData) for (const child of branch.listForm) removeSubtree(next, child);
}

/**
 * Sets one answer. The children of branches the new answer closes lose their answers (spec 02 §4.1:
 * selecting a Yes/No answer or unchecking an option clears the dependent child questions).
 */
export function withAnswer(answers: Answers, question: QuestionView, answer: Answer): Map<number, Answer> {
  const next = new Map(answers);
  next.set(question.question_id, answer);
  for (const branch of question.showData) {
    if (branchShows(question, answer, branch.selectedOption)) continue;
    for (const child of branch.listForm) removeSubtree(next, child);
  }
  return next;
}

/** The answers that count (questions on screen only), in the order the questions are shown. */
export function answeredList(roots: readonly QuestionView[], answers: Answers): Answer[] {
  const result: Answer[] = [];
  const walk = (question: QuestionView) => {
    const answer = answers.get(question.question_id);
    if (answer && isAnswered(question, answer)) {
      result.push({ ...answer, options: chosenOptions(question, answer), items: filledItems(answer) });
    }
    for (const branch of question.showData) {
      if (branchShows(question, answer, branch.selectedOption)) branch.listForm.forEach(walk);
    }
  };
  roots.forEach(walk);
  return result;
}

/** Top-level questions in pages of `size`; the page of each category's first question. */
export function pagesOf(roots: readonly QuestionView[], size: number) {
  const pages: QuestionView[][] = [];
  for (let i = 0; i < roots.length; i += size) pages.push(roots.slice(i, i + size));
  const firstPageOf = new Map<number, number>();
  roots.forEach((q, index) => {
    if (q.category !== null && !firstPageOf.has(q.category)) firstPageOf.set(q.category, Math.floor(index / size));
  });
  return { pages, firstPageOf };
}

/** A category label cut at `limit` characters with an ellipsis (the full name goes in the hover title). */
export function cutLabel(name: string, limit: number): string {
  return name.length > limit ? `${name.slice(0, limit - 1).trimEnd()}…` : name;
}
