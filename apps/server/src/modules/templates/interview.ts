/**
 * The interview asks only what the document needs (issue 30 item 6): a question stays when it writes a tag the
 * template (or a sub-document it includes) reads, or when an answer of it opens a question that does; a branch
 * keeps only such questions. The builder's order and conditional follow-ups are kept as they are.
 */
import type { QuestionView } from '@lexdesk/contract';
import { tagKey } from './docx/template-syntax.ts';

function asked(question: QuestionView, needed: ReadonlySet<string>): QuestionView | null {
  const showData = question.showData
    .map((branch) => ({
      ...branch,
      listForm: branch.listForm.flatMap((child) => asked(child, needed) ?? []),
    }))
    .filter((branch) => branch.listForm.length > 0);
  const writesNeeded = question.tagList.some((tag) => needed.has(tagKey(tag)));
  if (!writesNeeded && showData.length === 0) return null;
  return { ...question, showData };
}

/** The questions to ask for a template that reads `tags`, in the order given. */
export function interviewQuestions(questions: readonly QuestionView[], tags: readonly string[]): QuestionView[] {
  const needed = new Set(tags.map(tagKey));
  return questions.flatMap((question) => asked(question, needed) ?? []);
}
