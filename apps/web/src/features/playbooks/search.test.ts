import { playbookMessages as M } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { advancedBody, EMPTY_ADVANCED, hitSource, isEmptyAdvanced, termProblem } from './search.ts';

describe('the term search', () => {
  it('asks for a playbook type first (spec 01 §5), then for words', () => {
    expect(termProblem('', 'indemnity')).toBe('Please select Playbook type');
    expect(termProblem('', '')).toBe(M.selectType);
    expect(termProblem('Lease', '  ')).toBe(M.searchKeyRequired);
    expect(termProblem('Lease', 'rent')).toBeNull();
  });

  it('names where a hit was found', () => {
    const hit = { playbook_id: 1, playbook_name: 'P', source_id: 2, left: '', keyword: 'k', right: '' };
    expect(hitSource({ ...hit, source: 'entry', source_name: 'Term' })).toBe('Entry: Term');
    expect(hitSource({ ...hit, source: 'attachment', source_name: 'a.pdf' })).toBe('Attachment: a.pdf');
  });
});

describe('the advanced search', () => {
  it('sends only the fields given', () => {
    expect(advancedBody(EMPTY_ADVANCED, 1, 10)).toEqual({ page_no: 1, limits: 10 });
    expect(
      advancedBody(
        { name: ' nda ', playbook_type: 'Lease', category_ids: [3], updated_from: '2025-01-01', updated_to: '' },
        2,
        25,
      ),
    ).toEqual({
      page_no: 2,
      limits: 25,
      name: 'nda',
      playbook_type: 'Lease',
      category_ids: [3],
      updated_from: '2025-01-01',
    });
    expect(isEmptyAdvanced(EMPTY_ADVANCED)).toBe(true);
    expect(isEmptyAdvanced({ ...EMPTY_ADVANCED, name: '  ' })).toBe(true);
    expect(isEmptyAdvanced({ ...EMPTY_ADVANCED, category_ids: [1] })).toBe(false);
  });
});
