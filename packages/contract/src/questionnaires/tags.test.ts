import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_LIMITS } from './limits.ts';
import { emptyQuestion } from './questions.ts';
import { spacesToUnderscores, tagNameProblem } from './tags.ts';
import { questionnaireMessages as M } from './messages.ts';
import { questionnaireProblem } from './validation.ts';

describe('the tag rule (builder and template upload)', () => {
  it('takes letters, digits, _ . and - (any script), trimmed', () => {
    for (const tag of ['client_name', ' client_name ', 'Client.Name-2', '_x', 'société', '客户']) {
      expect(tagNameProblem(tag), tag).toBeNull();
    }
  });

  it('names what is wrong: blank, too long, spaces, other characters', () => {
    expect(tagNameProblem('  ')).toBe('empty');
    expect(tagNameProblem('a'.repeat(QUESTIONNAIRE_LIMITS.tag))).toBeNull();
    expect(tagNameProblem('a'.repeat(QUESTIONNAIRE_LIMITS.tag + 1))).toBe('too-long');
    expect(tagNameProblem('client name')).toBe('spaces');
    expect(tagNameProblem('client\tname')).toBe('spaces');
    expect(tagNameProblem('today()')).toBe('characters');
    expect(tagNameProblem('a | upper')).toBe('characters');
    expect(tagNameProblem('.hidden')).toBe('characters');
    expect(spacesToUnderscores(' client  name ')).toBe('client_name');
  });

  it('is the rule the builder applies to a question’s tags', () => {
    const short = (tag: string) => [{ ...emptyQuestion('short'), question_text: 'Q?', associated_tag: tag }];
    expect(questionnaireProblem(short('client_name'))).toBeNull();
    expect(questionnaireProblem(short('client name'))).toBe(M.tagFormat);
    expect(questionnaireProblem(short('today()'))).toBe(M.tagFormat);
  });
});
