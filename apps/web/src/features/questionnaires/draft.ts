/**
 * The builder's working copy of a form: the contract's QuestionInput plus what only the screen needs
 * (stable keys, a branch's shown/hidden state, the reused question loaded for display).
 */
import {
  conditionalOverLimit,
  emptyBranch,
  emptyQuestion,
  questionnaireProblem,
  type BranchInput,
  type QuestionInput,
  type QuestionType,
  type QuestionView,
} from '@lexdesk/contract';

export interface DraftBranch extends Omit<BranchInput, 'listForm'> {
  key: string;
  showForm: boolean;
  listForm: DraftQuestion[];
  /** 'edit' branches: the picked question as saved (read-only here). */
  reused: QuestionView | null;
}

export interface DraftQuestion extends Omit<QuestionInput, 'showData'> {
  key: string;
  showData: DraftBranch[];
}

let counter = 0;
const nextKey = () => `k${(counter += 1)}`;

export function newDraftQuestion(type: QuestionType): DraftQuestion {
  return { ...emptyQuestion(type), key: nextKey(), showData: [] };
}

export function newDraftBranch(): DraftBranch {
  return { ...emptyBranch(), key: nextKey(), showForm: true, listForm: [], reused: null };
}

/** A saved question as a draft ('edit' branches keep their reused question for display). */
export function draftFromView(view: QuestionView): DraftQuestion {
  return {
    key: nextKey(),
    question_id: view.question_id,
    question_type: view.question_type,
    question_text: view.question_text,
    description: view.description,
    is_conditional: view.is_conditional,
    yesList: view.yesList.map((entry) => ({ ...entry })),
    noList: view.noList.map((entry) => ({ ...entry })),
    associated_tag: view.associated_tag,
    values: view.values.map(({ option, value }) => ({ option, value: value.map((entry) => ({ ...entry })) })),
    multiple_answers: view.multiple_answers,
    fields: view.fields.map((field) => ({ ...field })),
    showData: view.showData.map((branch) => ({
      key: nextKey(),
      showForm: true,
      selectedOption: branch.selectedOption,
      selectedCategory: branch.selectedCategory,
      selectedQuestion: branch.selectedQuestion,
      selectedType: branch.selectedType,
      type: branch.type,
      listForm: branch.type === 'new' ? branch.listForm.map(draftFromView) : [],
      reused: branch.type === 'edit' ? (branch.listForm[0] ?? null) : null,
    })),
  };
}

/** The draft as the API takes it. */
export function inputOf(draft: DraftQuestion): QuestionInput {
  const { key: _key, showData, ...rest } = draft;
  return {
    ...rest,
    showData: draft.is_conditional
      ? showData.map(({ key: _k, showForm: _s, reused: _r, listForm, ...branch }) => ({
          ...branch,
          listForm: branch.type === 'new' ? listForm.map(inputOf) : [],
        }))
      : [],
  };
}

/** Levels a saved question adds below itself (0 when it has no branch with a child). */
export function viewHeight(view: QuestionView): number {
  let height = 0;
  for (const branch of view.showData) {
    for (const child of branch.listForm) height = Math.max(height, 1 + viewHeight(child));
  }
  return height;
}

function reusedHeights(form: readonly DraftQuestion[]): Map<number, number> {
  const heights = new Map<number, number>();
  const visit = (question: DraftQuestion) => {
    for (const branch of question.showData) {
      if (branch.reused) heights.set(branch.reused.question_id, viewHeight(branch.reused));
      branch.listForm.forEach(visit);
    }
  };
  form.forEach(visit);
  return heights;
}

/** True while the form nests too deep or reuses a question twice: Submit is disabled (spec 02 §5). */
export function draftOverLimit(form: readonly DraftQuestion[]): boolean {
  const heights = reusedHeights(form);
  return conditionalOverLimit(form.map(inputOf), (id) => heights.get(id) ?? 0);
}

/** The first rule of spec 02 §5 the draft breaks, or null. */
export function draftProblem(form: readonly DraftQuestion[]): string | null {
  const heights = reusedHeights(form);
  return questionnaireProblem(form.map(inputOf), (id) => heights.get(id) ?? 0);
}

/** `/document-questionaries/edit/{id}` or `{id}-{page}`: the form id and the list page to return to. */
export function parseEditParam(param: string | undefined): { id: number; page: number } | null {
  const match = /^(\d+)(?:-(\d+))?$/.exec(param ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  const page = match[2] ? Math.max(1, Number(match[2])) : 1;
  return Number.isSafeInteger(id) && id > 0 ? { id, page } : null;
}
