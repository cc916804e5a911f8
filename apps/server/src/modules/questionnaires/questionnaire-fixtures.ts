/** Builders of valid questions for tests and the demo seed (each returns a complete QuestionInput). */
import { emptyQuestion, type BranchInput, type QuestionInput } from '@lexdesk/contract';

export function yesNo(text: string, tag: string, extra: Partial<QuestionInput> = {}): QuestionInput {
  return {
    ...emptyQuestion('Yes/No'),
    question_text: text,
    yesList: [{ yes: `<p>Yes: ${text}</p>`, tag }],
    noList: [{ no: `<p>No: ${text}</p>`, tag }],
    ...extra,
  };
}

export function shortAnswer(text: string, tag: string, extra: Partial<QuestionInput> = {}): QuestionInput {
  return { ...emptyQuestion('short'), question_text: text, associated_tag: tag, ...extra };
}

/** A repeating group: each item the user adds has these fields (label, field name). */
export function repeatingGroup(
  text: string,
  tag: string,
  fields: [label: string, name: string][],
  extra: Partial<QuestionInput> = {},
): QuestionInput {
  return {
    ...emptyQuestion('Repeating'),
    question_text: text,
    associated_tag: tag,
    fields: fields.map(([label, name]) => ({ label, tag: name })),
    ...extra,
  };
}

export function multipleChoice(
  text: string,
  options: { option: string; tag: string; value?: string; description?: string }[],
  extra: Partial<QuestionInput> = {},
): QuestionInput {
  return {
    ...emptyQuestion('Multiple'),
    question_text: text,
    values: options.map((o) => ({
      option: o.option,
      value: [{ value: o.value ?? `<p>${o.option}</p>`, tag: o.tag, description: o.description ?? '' }],
    })),
    ...extra,
  };
}

/** `question` made conditional with the given branches. */
export function withBranches(question: QuestionInput, branches: Partial<BranchInput>[]): QuestionInput {
  return {
    ...question,
    is_conditional: true,
    showData: branches.map((b) => ({
      selectedOption: '',
      selectedCategory: null,
      selectedQuestion: null,
      selectedType: null,
      type: 'new' as const,
      listForm: [],
      ...b,
    })),
  };
}

/** A chain Q0 → Q1 → … of `levels` branches on 'Yes' (levels = 3 is the deepest allowed). */
export function chain(levels: number, prefix = 'level'): QuestionInput {
  let question = yesNo(`${prefix} ${levels}`, `${prefix}_${levels}`);
  for (let level = levels - 1; level >= 0; level--) {
    question = withBranches(yesNo(`${prefix} ${level}`, `${prefix}_${level}`), [
      { selectedOption: 'Yes', listForm: [question] },
    ]);
  }
  return question;
}
