/**
 * Reading saved questions back as the nested QuestionView of the contract, and measuring how deep the
 * stored conditional graph goes below a question (for the nesting limit of reused questions).
 */
import {
  QUESTIONNAIRE_LIMITS,
  type BranchView,
  type GroupField,
  type QuestionType,
  type QuestionView,
} from '@lexdesk/contract';
import type { Db } from '../../db/database.types.ts';
import {
  childQuestionsOfBranches,
  conditionalGraph,
  partsOfQuestions,
  questionsByIds,
  type BranchRow,
  type OptionRow,
  type QuestionRow,
  type TagRow,
} from './questions.repo.ts';

const MAX = QUESTIONNAIRE_LIMITS.maxConditionalDepth;

/** A group's stored fields (written by form-writer from validated input; '[]' for other kinds). */
function groupFieldsOf(json: string): GroupField[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.map((field: { label?: unknown; tag?: unknown }) => ({
        label: String(field.label),
        tag: String(field.tag),
      }))
    : [];
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

interface Loaded {
  questions: Map<number, QuestionRow>;
  options: Map<number, OptionRow[]>;
  tags: Map<number, TagRow[]>;
  branches: Map<number, BranchRow[]>;
  childrenOfBranch: Map<number, QuestionRow[]>;
}

/** Loads the roots and everything below them, level by level, down to the nesting limit. */
async function loadBelow(db: Db, organisationId: number, roots: readonly QuestionRow[]): Promise<Loaded> {
  const loaded: Loaded = {
    questions: new Map(roots.map((row) => [row.id, row])),
    options: new Map(),
    tags: new Map(),
    branches: new Map(),
    childrenOfBranch: new Map(),
  };
  let frontier = roots.map((row) => row.id);
  const withParts = new Set<number>();
  for (let level = 0; level <= MAX && frontier.length > 0; level++) {
    const ids = frontier.filter((id) => !withParts.has(id));
    ids.forEach((id) => withParts.add(id));
    const parts = await partsOfQuestions(db, organisationId, ids);
    for (const [id, rows] of groupBy(parts.options, (row) => row.question_id)) loaded.options.set(id, rows);
    for (const [id, rows] of groupBy(parts.tags, (row) => row.question_id)) loaded.tags.set(id, rows);
    for (const [id, rows] of groupBy(parts.branches, (row) => row.question_id)) loaded.branches.set(id, rows);
    if (level === MAX) break;
    const newBranchIds = parts.branches.filter((branch) => branch.type === 'new').map((branch) => branch.id);
    const reusedIds = parts.branches
      .map((branch) => (branch.type === 'edit' ? branch.selected_question_id : null))
      .filter((id): id is number => id !== null && !loaded.questions.has(id));
    const [children, reused] = await Promise.all([
      childQuestionsOfBranches(db, organisationId, newBranchIds),
      questionsByIds(db, organisationId, [...new Set(reusedIds)]),
    ]);
    for (const [branchId, rows] of groupBy(children, (row) => row.parent_branch_id)) {
      if (branchId !== null) loaded.childrenOfBranch.set(branchId, rows);
    }
    for (const row of [...children, ...reused]) loaded.questions.set(row.id, row);
    frontier = [...children, ...reused].map((row) => row.id);
  }
  return loaded;
}

function viewOf(loaded: Loaded, row: QuestionRow, level: number, path: ReadonlySet<number>): QuestionView {
  const tags = loaded.tags.get(row.id) ?? [];
  const tagsOfOption = groupBy(
    tags.filter((tag) => tag.list === 'option'),
    (tag) => tag.option_id,
  );
  const isConditional = row.is_conditional === 1;
  const below = new Set(path).add(row.id);
  const showData: BranchView[] =
    isConditional && level < MAX
      ? (loaded.branches.get(row.id) ?? []).map((branch) => {
          let children: QuestionRow[] = [];
          if (branch.type === 'new') children = loaded.childrenOfBranch.get(branch.id) ?? [];
          else if (branch.selected_question_id !== null) {
            const reused = loaded.questions.get(branch.selected_question_id);
            if (reused && !below.has(reused.id)) children = [reused];
          }
          return {
            branch_id: branch.id,
            selectedOption: branch.selected_option,
            selectedCategory: branch.selected_category_id,
            selectedQuestion: branch.selected_question_id,
            selectedType: branch.selected_type as QuestionType | null,
            type: branch.type as 'new' | 'edit',
            listForm: children.map((child) => viewOf(loaded, child, level + 1, below)),
          };
        })
      : [];
  return {
    question_id: row.id,
    questionnaire_id: row.questionnaire_id,
    category: row.category_id,
    category_name: row.category_name,
    depth: row.depth,
    question_type: row.question_type as QuestionType,
    question_text: row.question_text,
    description: row.description,
    is_conditional: isConditional,
    yesList: tags.filter((tag) => tag.list === 'yes').map((tag) => ({ yes: tag.text, tag: tag.tag })),
    noList: tags.filter((tag) => tag.list === 'no').map((tag) => ({ no: tag.text, tag: tag.tag })),
    associated_tag: row.associated_tag,
    values: (loaded.options.get(row.id) ?? []).map((option) => ({
      id: option.id,
      option: option.option,
      value: (tagsOfOption.get(option.id) ?? []).map((tag) => ({
        value: tag.text,
        tag: tag.tag,
        description: tag.description,
      })),
    })),
    multiple_answers: row.question_type === 'Multiple' && row.multiple_answers === 1,
    fields: groupFieldsOf(row.group_fields),
    tagList: [...new Set(tags.map((tag) => tag.tag))],
    showData,
  };
}

/** The questions as nested views (children and reused questions included, down to the nesting limit). */
export async function questionViews(
  db: Db,
  organisationId: number,
  roots: readonly QuestionRow[],
): Promise<QuestionView[]> {
  const loaded = await loadBelow(db, organisationId, roots);
  return roots.map((row) => viewOf(loaded, row, 0, new Set()));
}

/**
 * How many levels the stored graph adds below each of `questionIds` (0: no branches with children).
 * Reaching one of `forbidden` (the questions of the form being saved) or a cycle counts as infinite.
 */
export async function storedHeights(
  db: Db,
  organisationId: number,
  questionIds: readonly number[],
  forbidden: ReadonlySet<number>,
): Promise<Map<number, number>> {
  const heights = new Map<number, number>();
  if (questionIds.length === 0) return heights;
  const graph = await conditionalGraph(db, organisationId);
  const conditional = new Set(graph.questions.filter((q) => q.is_conditional === 1).map((q) => q.id));
  const branchesOf = groupBy(graph.branches, (branch) => branch.question_id);
  const childrenOf = groupBy(
    graph.questions.filter((q) => q.parent_branch_id !== null),
    (q) => q.parent_branch_id,
  );
  const height = (id: number, visiting: Set<number>): number => {
    if (visiting.has(id) || visiting.size > MAX + 1) return Number.POSITIVE_INFINITY;
    if (!conditional.has(id)) return 0;
    visiting.add(id);
    let best = 0;
    for (const branch of branchesOf.get(id) ?? []) {
      const below =
        branch.type === 'new'
          ? (childrenOf.get(branch.id) ?? []).map((child) => child.id)
          : branch.selected_question_id === null
            ? []
            : [branch.selected_question_id];
      for (const child of below) {
        const childHeight = forbidden.has(child) ? Number.POSITIVE_INFINITY : height(child, visiting);
        best = Math.max(best, 1 + childHeight);
      }
    }
    visiting.delete(id);
    return best;
  };
  for (const id of questionIds) heights.set(id, height(id, new Set()));
  return heights;
}
