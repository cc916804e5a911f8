import { describe, expect, it } from 'vitest';
import { documentTypeProblem } from './document-types.ts';
import { questionnaireMessages as M, documentTypeMessages as D } from './messages.ts';
import { emptyBranch, emptyQuestion, type QuestionInput } from './questions.ts';
import { conditionalOverLimit, plainText, questionnaireProblem } from './validation.ts';

const yesNo = (text: string, tag = 't'): QuestionInput => ({
  ...emptyQuestion('Yes/No'),
  question_text: text,
  yesList: [{ yes: '<p>y</p>', tag }],
  noList: [{ no: '<p>n</p>', tag }],
});
const branchTo = (parent: QuestionInput, child: QuestionInput): QuestionInput => ({
  ...parent,
  is_conditional: true,
  showData: [{ ...emptyBranch(), selectedOption: 'Yes', listForm: [child] }],
});

describe('questionnaireProblem', () => {
  it('accepts a complete form and a chain of three branch levels', () => {
    const chain = branchTo(yesNo('a'), branchTo(yesNo('b'), branchTo(yesNo('c'), yesNo('d'))));
    expect(questionnaireProblem([chain])).toBeNull();
  });

  it('refuses a fourth branch level and the same reused question twice', () => {
    const tooDeep = branchTo(yesNo('a'), branchTo(yesNo('b'), branchTo(yesNo('c'), branchTo(yesNo('d'), yesNo('e')))));
    expect(conditionalOverLimit([tooDeep])).toBe(true);
    const reuse = { ...emptyBranch(), type: 'edit' as const, selectedOption: 'Yes', selectedQuestion: 7 };
    const twice: QuestionInput = {
      ...yesNo('a'),
      is_conditional: true,
      showData: [reuse, { ...reuse, selectedOption: 'No' }],
    };
    expect(questionnaireProblem([twice])).toBe(M.conditionalOverLimit);
    const once: QuestionInput = { ...yesNo('a'), is_conditional: true, showData: [reuse] };
    expect(questionnaireProblem([once])).toBeNull();
    expect(questionnaireProblem([once], () => 3)).toBe(M.conditionalOverLimit);
    expect(questionnaireProblem([once], () => 2)).toBeNull();
  });

  it('combines blanks into the spec messages', () => {
    expect(questionnaireProblem([emptyQuestion('short')])).toBe(M.blankQuestionAndTag);
    expect(questionnaireProblem([{ ...emptyQuestion('short'), question_text: 'q' }])).toBe(M.blankTag);
    expect(questionnaireProblem([emptyQuestion('Multiple')])).toBe(M.severalBlanks);
    const optionOnly = emptyQuestion('Multiple');
    optionOnly.question_text = 'q';
    optionOnly.values = [{ option: ' ', value: [{ value: '', tag: 't', description: '' }] }];
    expect(questionnaireProblem([optionOnly])).toBe(M.blankOption);
    expect(questionnaireProblem([{ ...optionOnly, question_text: '' }])).toBe(M.blankQuestionAndOption);
    expect(questionnaireProblem([{ ...yesNo('a'), is_conditional: true }])).toBe(M.lastBranch);
    expect(questionnaireProblem([{ ...yesNo('a'), is_conditional: true, showData: [emptyBranch()] }])).toBe(
      M.branchWithoutSelection,
    );
  });

  it('accepts the tags a template can name and refuses others', () => {
    for (const tag of ['client_name', 'Party.1', 'número-2', '_x'])
      expect(questionnaireProblem([yesNo('q', tag)])).toBeNull();
    for (const tag of ['client name', '-x', 'a{b}', 'x/y'])
      expect(questionnaireProblem([yesNo('q', tag)])).toBe(M.tagFormat);
  });

  it('reads rich text as its visible text', () => {
    expect(plainText('<p>&nbsp;</p><p> </p>')).toBe('');
    expect(plainText('<p><strong>Hi</strong></p>')).toBe('Hi');
  });
});

describe('documentTypeProblem', () => {
  it('needs a name and a non-blank description when one is given', () => {
    expect(documentTypeProblem({ type_name: ' ', description: '' })).toBe(D.nameRequired);
    expect(documentTypeProblem({ type_name: 'Lease', description: '  ' })).toBe(D.invalidDescription);
    expect(documentTypeProblem({ type_name: 'Lease', description: '' })).toBeNull();
  });
});
