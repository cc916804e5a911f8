import type { ConceptHead } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, modeOf } from './editorModel.ts';

const mode = (query: string) => modeOf(new URLSearchParams(query));

describe('the create page mode (spec 03 §2.1)', () => {
  it('reads the query: isView first, then conceptID, then conceptListID, else create', () => {
    expect(mode('')).toEqual({ mode: 'create', listId: null, headId: null });
    expect(mode('conceptListID=4')).toEqual({ mode: 'list', listId: 4, headId: null });
    expect(mode('conceptID=9')).toEqual({ mode: 'head', listId: null, headId: 9 });
    expect(mode('conceptListID=4&isView=true')).toEqual({ mode: 'view', listId: 4, headId: null });
    expect(mode('conceptListID=abc').mode).toBe('create');
  });

  it('starts a head edit with its head in the draft and its terms split back for the terms box', () => {
    const head: ConceptHead = {
      concept_id: 9,
      concept_list_id: 4,
      head: 'TERM',
      definition: '<p>d</p>',
      terms: 'end | expiry',
      phrases: 'fixed term | initial period',
      concept_title: 'NDA',
      organisation_id: 1,
      user_id: 2,
    };
    const values = initialValues({ mode: 'head', list: null, head });
    expect(values.title).toBe('NDA');
    expect(values.heads).toEqual([
      { head: 'TERM', definition: '<p>d</p>', terms: 'end | expiry', phrases: 'fixed term | initial period' },
    ]);
    expect(values.fields).toEqual({
      head: 'TERM',
      definition: '<p>d</p>',
      terms: 'end expiry',
      phrases: ['fixed term', 'initial period'],
    });
  });
});
