import type { QuestionView, TagMatching, TemplateCategory } from '@lexdesk/contract';
import { tagKey } from './docx/template-syntax.ts';

/** A tag written by a question (from the questionnaires service). */
export interface TagSource {
  tag: string;
  question_id: number;
  category_id: number | null;
}

/** Every question of the views, children and reused questions included. */
export function flattenQuestions(views: readonly QuestionView[]): QuestionView[] {
  const all: QuestionView[] = [];
  const walk = (question: QuestionView) => {
    all.push(question);
    for (const branch of question.showData) for (const child of branch.listForm) walk(child);
  };
  views.forEach(walk);
  return all;
}

/**
 * The template's categories: those holding a question that writes one of the document's tags, in the order
 * their first tag appears in the document. A flag the author set wins; a new category starts active.
 */
export function matchedCategories(
  documentTags: readonly string[],
  sources: readonly TagSource[],
  names: ReadonlyMap<number, string>,
  flags: ReadonlyMap<number, boolean>,
): TemplateCategory[] {
  const byKey = new Map<string, number[]>();
  for (const source of sources) {
    if (source.category_id === null) continue;
    const key = tagKey(source.tag);
    const ids = byKey.get(key);
    if (ids) ids.push(source.category_id);
    else byKey.set(key, [source.category_id]);
  }
  const order: number[] = [];
  for (const tag of documentTags) {
    for (const id of byKey.get(tagKey(tag)) ?? []) {
      if (!order.includes(id) && names.has(id)) order.push(id);
    }
  }
  return order.map((id) => ({ id, name: names.get(id) ?? '', active: flags.get(id) ?? true }));
}

/** What is missing on either side: document tags no question writes, questions whose tags the document never uses. */
export function tagMatching(
  documentTags: readonly string[],
  sources: readonly TagSource[],
  categoryQuestions: readonly QuestionView[],
): TagMatching {
  const questions = new Map(flattenQuestions(categoryQuestions).map((q) => [q.question_id, q]));
  const describe = (questionId: number) => {
    const question = questions.get(questionId);
    return {
      question_id: questionId,
      question_text: question?.question_text ?? '',
      category_id: question?.category ?? null,
      category_name: question?.category_name ?? null,
    };
  };
  const documentKeys = new Set(documentTags.map(tagKey));
  const matched: TagMatching['matched'] = [];
  const documentOnly: string[] = [];
  for (const tag of documentTags) {
    const ids = [...new Set(sources.filter((s) => tagKey(s.tag) === tagKey(tag)).map((s) => s.question_id))];
    if (ids.length === 0) documentOnly.push(tag);
    else matched.push({ tag, questions: ids.map(describe) });
  }
  const questionOnly = [...questions.values()]
    .filter((q) => q.tagList.length > 0 && !q.tagList.some((tag) => documentKeys.has(tagKey(tag))))
    .map((q) => ({ ...describe(q.question_id), tags: q.tagList }));
  return { matched, document_only: documentOnly, question_only: questionOnly };
}
