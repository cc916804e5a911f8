import type { QuestionView } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { answeredList, branchShows, cutLabel, emptyAnswer, isAnswered, pagesOf, withAnswer } from './answers.ts';
import { movedItem, withItemField, withoutItem } from './group-items.ts';

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
  fields: [],
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

describe('repeating group answers', () => {
  const group = question(7, 'Repeating', {
    associated_tag: 'parties',
    fields: [
      { label: 'Name', tag: 'name' },
      { label: 'Role', tag: 'role' },
    ],
  });

  it('counts an item only when one of its fields says something, and sends only those', () => {
    const blank = { ...emptyAnswer(7), items: [{}, { name: ' ', role: '' }] as Record<string, string>[] };
    expect(isAnswered(group, blank)).toBe(false);
    const items: Record<string, string>[] = [{ name: 'Acme' }, {}, { role: 'Guarantor' }];
    const answers = new Map([[7, { ...blank, items }]]);
    expect(answeredList([group], answers)).toEqual([
      { ...emptyAnswer(7), items: [{ name: 'Acme' }, { role: 'Guarantor' }] },
    ]);
  });

  it("opens its 'Any answer' branch once an item says something", () => {
    expect(branchShows(group, { ...emptyAnswer(7), items: [{}] }, 'Any answer')).toBe(false);
    expect(branchShows(group, { ...emptyAnswer(7), items: [{ role: 'Lender' }] }, 'Any answer')).toBe(true);
  });

  it('edits, moves and removes items without touching the others', () => {
    const items = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
    expect(withItemField(items, 1, 'role', 'Lender')).toEqual([
      { name: 'A' },
      { name: 'B', role: 'Lender' },
      { name: 'C' },
    ]);
    expect(movedItem(items, 2, -1)).toEqual([{ name: 'A' }, { name: 'C' }, { name: 'B' }]);
    expect(movedItem(items, 0, 1)).toEqual([{ name: 'B' }, { name: 'A' }, { name: 'C' }]);
    expect(movedItem(items, 0, -1)).toEqual(items);
    expect(movedItem(items, 2, 1)).toEqual(items);
    expect(withoutItem(items, 1)).toEqual([{ name: 'A' }, { name: 'C' }]);
    expect(items).toEqual([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
  });
});
