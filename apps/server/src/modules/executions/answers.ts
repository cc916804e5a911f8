import { filledItems, type Answer, type QuestionView } from '@lexdesk/contract';
import { type TagValue, type TemplateAnswer, isHtml, sanitizeRichText, tagKey } from '../templates/index.ts';

/** A question as it was answered, with the answer in words (for the Q&A export and summaries). */
export interface AnsweredQuestion {
  question: QuestionView;
  categoryName: string;
  answerText: string;
  depth: number;
}

/** True when the answer says something (a Yes/No, a chosen option, a non-blank short answer). */
export function isAnswered(question: QuestionView, answer: Answer | undefined): boolean {
  if (!answer) return false;
  if (question.question_type === 'Yes/No') return answer.selected !== null;
  if (question.question_type === 'Multiple') return answer.options.length > 0;
  if (question.question_type === 'Repeating') return groupItems(question, answer).length > 0;
  return answer.short.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';
}

/**
 * A repeating group's items as rows of its fields' text, in the group's field order, blank items left out (a
 * field the group no longer has is not read).
 */
export function groupItems(question: QuestionView, answer: Answer): string[][] {
  return answer.items
    .map((item) => question.fields.map((field) => (item[field.tag] ?? '').trim()))
    .filter((row) => row.some((text) => text !== ''));
}

/** Whether a branch shows for the parent's answer (spec 02 §4.1: children follow the parent's answer). */
function branchShows(question: QuestionView, answer: Answer | undefined, selectedOption: string): boolean {
  if (!answer || !isAnswered(question, answer)) return false;
  if (question.question_type === 'Yes/No') return answer.selected === selectedOption;
  if (question.question_type === 'Multiple') {
    return question.values.some((v) => v.option === selectedOption && answer.options.includes(v.id));
  }
  return true;
}

/** Walks the questions a user sees: top-level ones and the children their answers open. */
export function visibleQuestions(
  roots: readonly QuestionView[],
  answers: ReadonlyMap<number, Answer>,
  visit: (question: QuestionView, answer: Answer | undefined, depth: number) => void,
): void {
  const walk = (question: QuestionView, depth: number, path: Set<number>) => {
    if (path.has(question.question_id)) return;
    const answer = answers.get(question.question_id);
    visit(question, answer, depth);
    if (question.showData.length === 0) return;
    const next = new Set(path).add(question.question_id);
    for (const branch of question.showData) {
      if (!branchShows(question, answer, branch.selectedOption)) continue;
      for (const child of branch.listForm) walk(child, depth + 1, next);
    }
  };
  for (const root of roots) walk(root, 0, new Set());
}

/**
 * The first answer that ticks several options of a question taking one, as the question's text (else null).
 * `oneAnswer` gives the text of each one-answer question by id.
 */
export function severalForOne(data: readonly Answer[], oneAnswer: ReadonlyMap<number, string>): string | null {
  const wrong = data.find((answer) => answer.options.length > 1 && oneAnswer.has(answer.question_id));
  return wrong ? (oneAnswer.get(wrong.question_id) ?? '') : null;
}

export function answerMap(data: readonly Answer[]): Map<number, Answer> {
  return new Map(data.map((answer) => [answer.question_id, answer]));
}

/** The answer in words: Yes/No, the chosen option names, or the short answer's text. */
export function answerText(question: QuestionView, answer: Answer | undefined): string {
  if (!answer || !isAnswered(question, answer)) return '';
  if (question.question_type === 'Yes/No') return answer.selected ?? '';
  if (question.question_type === 'Multiple') {
    return question.values
      .filter((v) => answer.options.includes(v.id))
      .map((v) => v.option)
      .join(', ');
  }
  if (question.question_type === 'Repeating') {
    return groupItems(question, answer)
      .map((row, index) => `${index + 1}. ${row.filter((text) => text !== '').join(', ')}`)
      .join('\n');
  }
  return isHtml(answer.short) ? htmlToPlain(sanitizeRichText(answer.short)) : answer.short.trim();
}

function htmlToPlain(html: string): string {
  return html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-4]|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The document's values from the answers of the visible questions, computed from the stored questions (never
 * from text the browser sends): Yes/No writes its yes or no entries, a choice its options' entries, a short
 * answer its tag. A tag written by several answers gets them in order
 * (joined on one line when each is one paragraph: `joinAnswerBlocks`).
 */
export function tagValues(
  roots: readonly QuestionView[],
  answers: ReadonlyMap<number, Answer>,
): Record<string, TagValue> {
  return Object.fromEntries(answerWrites(roots, answers).map(({ tag, written }) => [tag, written]));
}

/**
 * The answers as the docxtpl dialect reads them (docs/template-language.md): by tag, what the questions write
 * there, and the first writer's answer in words ('Yes'/'No', the chosen options' names, the short answer's
 * text) and whether it counts as true (Yes, or answered).
 */
export function templateAnswers(
  roots: readonly QuestionView[],
  answers: ReadonlyMap<number, Answer>,
): TemplateAnswer[] {
  return answerWrites(roots, answers).map(({ tag, written, question, answer }) => {
    const said =
      question.question_type === 'Multiple'
        ? question.values.filter((v) => answer.options.includes(v.id)).map((v) => v.option)
        : [answerText(question, answer)];
    const truthy = question.question_type === 'Yes/No' ? answer.selected === 'Yes' : said.some((word) => word !== '');
    if (question.question_type !== 'Repeating') return { path: tag, said, truthy, written };
    const group = { fields: question.fields.map((field) => field.tag), items: groupItems(question, answer) };
    return { path: tag, said: group.items.map((row) => row[0] ?? ''), truthy, written, group };
  });
}

interface AnswerWrite {
  tag: string;
  written: TagValue;
  /** The first question that writes the tag, and its answer. */
  question: QuestionView;
  answer: Answer;
}

function answerWrites(roots: readonly QuestionView[], answers: ReadonlyMap<number, Answer>): AnswerWrite[] {
  const values = new Map<string, { tag: string; parts: TagValue[]; question: QuestionView; answer: Answer }>();
  let current: { question: QuestionView; answer: Answer } | null = null;
  const write = (tag: string, value: TagValue) => {
    const key = tagKey(tag);
    if (!key || !current) return;
    const entry = values.get(key) ?? { tag, parts: [], ...current };
    entry.parts.push(value);
    values.set(key, entry);
  };
  visibleQuestions(roots, answers, (question, answer) => {
    if (!answer || !isAnswered(question, answer)) return;
    current = { question, answer };
    if (question.question_type === 'Yes/No') {
      const entries =
        answer.selected === 'Yes'
          ? question.yesList.map((e) => [e.tag, e.yes])
          : question.noList.map((e) => [e.tag, e.no]);
      // The engine sanitises every rich text it writes (htmlToBlocks), so it is not done twice here.
      for (const [tag, html] of entries) write(tag ?? '', { html: html ?? '' });
    } else if (question.question_type === 'Multiple') {
      for (const option of question.values) {
        if (!answer.options.includes(option.id)) continue;
        for (const entry of option.value) {
          const blank = entry.value.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';
          write(entry.tag, blank ? { text: option.option } : { html: entry.value });
        }
      }
    } else if (question.question_type === 'Repeating') {
      // Written whole (a plain {{ parties }}): each item by its first field, in order.
      write(question.associated_tag, {
        text: groupItems(question, answer)
          .map((row) => row[0] ?? '')
          .join(', '),
      });
    } else if (question.associated_tag) {
      write(question.associated_tag, isHtml(answer.short) ? { html: answer.short } : { text: answer.short.trim() });
    }
  });
  return [...values.values()].flatMap(({ tag, parts, question, answer }) => {
    const [first] = parts;
    return first ? [{ tag, written: parts.length === 1 ? first : { parts }, question, answer }] : [];
  });
}

/** The visible answered questions in order, with their answers in words. */
export function answeredQuestions(
  roots: readonly QuestionView[],
  answers: ReadonlyMap<number, Answer>,
  categoryNames: ReadonlyMap<number, string>,
): AnsweredQuestion[] {
  const result: AnsweredQuestion[] = [];
  const rootCategory = new Map<number, string>();
  visibleQuestions(roots, answers, (question, answer, depth) => {
    if (depth === 0) rootCategory.set(0, categoryNames.get(question.category ?? -1) ?? question.category_name ?? '');
    if (!isAnswered(question, answer)) return;
    result.push({ question, categoryName: rootCategory.get(0) ?? '', answerText: answerText(question, answer), depth });
  });
  return result;
}

/** Answers to questions not shown (or not in the template) are dropped: a reload then shows exactly what counts. */
export function relevantAnswers(roots: readonly QuestionView[], data: readonly Answer[]): Answer[] {
  const answers = answerMap(data);
  const kept: Answer[] = [];
  visibleQuestions(roots, answers, (question, answer) => {
    if (!answer || !isAnswered(question, answer)) return;
    const items = filledItems(answer);
    kept.push(items.length === answer.items.length ? answer : { ...answer, items });
  });
  return kept;
}
