import type { QuestionView } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { answeredList, cutLabel, emptyAnswer, pagesOf, withAnswer } from './answers.ts';

const question = (
  id: number,
  type: QuestionView['question_type'],
  extra: Partial<QuestionView> = {},
): QuestionView => ({
  question_id: id,
  questionnaire_id: 1,
  category: 1,
  category_name: 'C',
  depth: 0,
  question_type: type,
  question_text: `Q${id}`,
  description: '',
  is_conditional: false,
  yesList: [],
  noList: [],
  associated_tag: '',
  values: [],
  multiple_answers: false,
  tagList: [],
  showData: [],
  ...extra,
});

describe('execution answers', () => {
  const grandchild = question(3, 'short');
  const child = question(2, 'Yes/No', {
    showData: [
      {
        branch_id: 2,
        selectedOption: 'Yes',
        selectedCategory: null,
        selectedQuestion: null,
        selectedType: null,
        type: 'new',
        listForm: [grandchild],
      },
    ],
  });
  const parent = question(1, 'Yes/No', {
    showData: [
      {
        branch_id: 1,
        selectedOption: 'Yes',
        selectedCategory: null,
        selectedQuestion: null,
        selectedType: null,
        type: 'new',
        listForm: [child],
      },
    ],
  });
  const multiple = question(4, 'Multiple', {
    values: [{ id: 40, option: 'A', value: [] }],
    showData: [
      {
        branch_id: 3,
        selectedOption: 'A',
        selectedCategory: null,
        selectedQuestion: null,
        selectedType: null,
        type: 'new',
        listForm: [question(5, 'short')],
      },
    ],
  });

  it('clears the answers of child questions when the parent answer closes their branch', () => {
    let answers = withAnswer(new Map(), parent, { ...emptyAnswer(1), selected: 'Yes' });
    answers = withAnswer(answers, child, { ...emptyAnswer(2), selected: 'Yes' });
    answers = withAnswer(answers, grandchild, { ...emptyAnswer(3), short: 'deep' });
    expect(answeredList([parent], answers).map((a) => a.question_id)).toEqual([1, 2, 3]);
    answers = withAnswer(answers, parent, { ...emptyAnswer(1), selected: 'No' });
    expect([...answers.keys()]).toEqual([1]);
  });

  it('clears an option’s children when it is unchecked', () => {
    let answers = withAnswer(new Map(), multiple, { ...emptyAnswer(4), options: [40] });
    answers = withAnswer(answers, question(5, 'short'), { ...emptyAnswer(5), short: 'x' });
    answers = withAnswer(answers, multiple, { ...emptyAnswer(4), options: [] });
    expect(answers.has(5)).toBe(false);
  });

  it('a one-answer question keeps one option (a draft from before the switch may hold two); several keep all', () => {
    const one = question(6, 'Multiple', {
      values: [
        { id: 60, option: 'A', value: [] },
        { id: 61, option: 'B', value: [] },
      ],
      showData: [{ ...multiple.showData[0]!, selectedOption: 'B', listForm: [question(7, 'short')] }],
    });
    const several = { ...one, question_id: 8, multiple_answers: true, showData: [] };
    const answers = new Map([
      [6, { ...emptyAnswer(6), options: [60, 61] }],
      [7, { ...emptyAnswer(7), short: 'shown only for B' }],
      [8, { ...emptyAnswer(8), options: [60, 61] }],
    ]);
    expect(answeredList([one, several], answers).map((a) => [a.question_id, a.options])).toEqual([
      [6, [60]],
      [8, [60, 61]],
    ]);
  });

  it('pages top-level questions by 5 and finds each category’s page', () => {
    const roots = Array.from({ length: 12 }, (_, i) => question(i + 1, 'short', { category: i < 7 ? 1 : 2 }));
    const { pages, firstPageOf } = pagesOf(roots, 5);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(firstPageOf.get(2)).toBe(1);
    expect(cutLabel('A very long category name indeed', 10)).toBe('A very lo…');
  });
});
