/** Writes a validated form's questions (with tags, options and branches) inside the caller's transaction. */
import type { QuestionInput } from '@lexdesk/contract';
import type { Insertable } from 'kysely';
import type { QuestionTagsTable } from '../../db/tables/questionnaires.ts';
import { nowIso, type AppContext } from '../../platform/context.ts';
import { insertBranch, insertOption, insertQuestion, insertTags, updateQuestion } from './questions.repo.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';

export interface FormTarget {
  organisationId: number;
  formId: number;
  categoryId: number;
  userId: number;
}

async function writeQuestion(
  tx: AppContext,
  target: FormTarget,
  question: QuestionInput,
  place: { parentBranchId: number | null; position: number; depth: number },
): Promise<void> {
  const now = nowIso(tx);
  const type = question.question_type;
  const row = {
    category_id: target.categoryId,
    parent_branch_id: place.parentBranchId,
    position: place.position,
    depth: place.depth,
    question_type: type,
    question_text: question.question_text.trim(),
    description: sanitizeRichText(question.description),
    associated_tag: type === 'short' || type === 'Repeating' ? question.associated_tag.trim() : '',
    is_conditional: question.is_conditional ? (1 as const) : (0 as const),
    multiple_answers: type === 'Multiple' && question.multiple_answers ? (1 as const) : (0 as const),
    group_fields: JSON.stringify(
      type === 'Repeating'
        ? question.fields.map((field) => ({ label: field.label.trim(), tag: field.tag.trim() }))
        : [],
    ),
    updated_at: now,
  };
  let id: number;
  if (question.question_id !== null) {
    id = question.question_id;
    await updateQuestion(tx.db, target.organisationId, id, row);
  } else {
    id = await insertQuestion(tx.db, {
      ...row,
      organisation_id: target.organisationId,
      questionnaire_id: target.formId,
      created_by: target.userId,
      created_at: now,
    });
  }

  const base = { organisation_id: target.organisationId, question_id: id };
  const tags: Insertable<QuestionTagsTable>[] = [];
  if (type === 'Yes/No') {
    question.yesList.forEach((entry, position) =>
      tags.push({ ...base, list: 'yes', position, text: sanitizeRichText(entry.yes), tag: entry.tag.trim() }),
    );
    question.noList.forEach((entry, position) =>
      tags.push({ ...base, list: 'no', position, text: sanitizeRichText(entry.no), tag: entry.tag.trim() }),
    );
  } else if (type === 'short' || type === 'Repeating') {
    tags.push({ ...base, list: 'short', position: 0, tag: question.associated_tag.trim() });
  } else {
    let position = 0;
    for (const [index, value] of question.values.entries()) {
      const optionId = await insertOption(tx.db, { ...base, position: index, option: value.option.trim() });
      for (const entry of value.value) {
        tags.push({
          ...base,
          option_id: optionId,
          list: 'option',
          position: position++,
          text: sanitizeRichText(entry.value),
          tag: entry.tag.trim(),
          description: sanitizeRichText(entry.description),
        });
      }
    }
  }
  await insertTags(tx.db, tags);

  if (!question.is_conditional) return;
  for (const [position, branch] of question.showData.entries()) {
    const branchId = await insertBranch(tx.db, {
      ...base,
      position,
      selected_option: branch.selectedOption.trim(),
      type: branch.type,
      selected_category_id: branch.type === 'edit' ? branch.selectedCategory : null,
      selected_question_id: branch.type === 'edit' ? branch.selectedQuestion : null,
      selected_type: branch.type === 'new' ? (branch.selectedType ?? branch.listForm[0]?.question_type ?? null) : null,
    });
    if (branch.type !== 'new') continue;
    for (const [childPosition, child] of branch.listForm.entries()) {
      await writeQuestion(tx, target, child, {
        parentBranchId: branchId,
        position: childPosition,
        depth: place.depth + 1,
      });
    }
  }
}

/** Writes the form's top-level questions and everything below them. */
export async function writeForm(tx: AppContext, target: FormTarget, form: readonly QuestionInput[]): Promise<void> {
  for (const [position, question] of form.entries()) {
    await writeQuestion(tx, target, question, { parentBranchId: null, position, depth: 0 });
  }
}
