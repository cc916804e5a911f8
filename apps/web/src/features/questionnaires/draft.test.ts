import { questionnaireMessages as M, type QuestionView } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  draftFromView,
  draftOverLimit,
  draftProblem,
  inputOf,
  newDraftBranch,
  newDraftQuestion,
  parseEditParam,
} from './draft.ts';

const view = (id: number, children: QuestionView[] = []): QuestionView => ({
  question_id: id,
  questionnaire_id: 1,
  category: 1,
  category_name: 'C',
  depth: 0,
  question_type: 'short',
  question_text: `Q${id}`,
  description: '',
  is_conditional: children.length > 0,
  yesList: [],
  noList: [],
  associated_tag: `t${id}`,
  values: [],
  multiple_answers: false,
  fields: [],
  tagList: [`t${id}`],
  showData: children.length
    ? [
        {
          branch_id: id,
          selectedOption: 'Any answer',
          selectedCategory: null,
          selectedQuestion: null,
          selectedType: 'short',
          type: 'new',
          listForm: children,
        },
      ]
    : [],
});

describe('builder drafts', () => {
  it('round-trips a saved question without the screen-only fields', () => {
    const draft = draftFromView(view(1, [view(2)]));
    const input = inputOf(draft);
    expect(input.showData[0]).toEqual({
      selectedOption: 'Any answer',
      selectedCategory: null,
      selectedQuestion: null,
      selectedType: 'short',
      type: 'new',
      listForm: [expect.objectContaining({ question_id: 2, associated_tag: 't2', showData: [] })],
    });
    expect(draftProblem([draft])).toBeNull();
  });

  it('counts the levels below a reused question towards the nesting limit', () => {
    const parent = newDraftQuestion('short');
    parent.question_text = 'Parent';
    parent.associated_tag = 'p';
    parent.is_conditional = true;
    const branch = { ...newDraftBranch(), type: 'edit' as const, selectedOption: 'Any answer', selectedQuestion: 9 };
    parent.showData = [{ ...branch, reused: view(9, [view(10, [view(11)])]) }];
    expect(draftOverLimit([parent])).toBe(false);
    parent.showData = [{ ...branch, reused: view(9, [view(10, [view(11, [view(12)])])]) }];
    expect(draftOverLimit([parent])).toBe(true);
    expect(draftProblem([parent])).toBe(M.conditionalOverLimit);
  });

  it("carries a repeating group's fields both ways, and names what is wrong with them", () => {
    const fields = [
      { label: 'Name', tag: 'name' },
      { label: 'Role', tag: 'role' },
    ];
    const saved: QuestionView = { ...view(3), question_type: 'Repeating', associated_tag: 'parties', fields };
    const draft = draftFromView(saved);
    expect(inputOf(draft)).toEqual(expect.objectContaining({ associated_tag: 'parties', fields }));
    // A copy: editing the draft leaves the saved question as it was.
    expect(draft.fields).not.toBe(saved.fields);
    expect(draftProblem([draft])).toBeNull();

    const fresh = newDraftQuestion('Repeating');
    expect(fresh.fields).toEqual([{ label: '', tag: '' }]);
    fresh.question_text = 'Parties';
    fresh.associated_tag = 'parties';
    expect(draftProblem([fresh])).toBe(M.groupNeedsFields);
    fresh.fields = [
      { label: 'Name', tag: 'name' },
      { label: 'Other name', tag: 'name' },
    ];
    expect(draftProblem([fresh])).toBe(M.groupFieldRepeated);
    fresh.fields = [{ label: 'Name', tag: 'full name' }];
    expect(draftProblem([fresh])).toBe(M.groupFieldFormat);
  });

  it('reads the edit route parameter', () => {
    expect(parseEditParam('12')).toEqual({ id: 12, page: 1 });
    expect(parseEditParam('12-3')).toEqual({ id: 12, page: 3 });
    expect(parseEditParam('x')).toBeNull();
  });
});
