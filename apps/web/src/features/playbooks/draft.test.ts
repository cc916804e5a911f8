import { playbookMessages as M, type PlaybookDetail } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  draftFromDetail,
  emptyDraft,
  entriesWithErrors,
  inputOf,
  moveItem,
  newEntry,
  newFallback,
  newUnacceptable,
  removeAt,
  withCategories,
} from './draft.ts';

const detail: PlaybookDetail = {
  id: 4,
  name: 'NDA',
  playbook_type: 'Non-disclosure agreement',
  description: 'Ours',
  categories: [
    { id: 1, name: 'Term' },
    { id: 2, name: 'Liability' },
  ],
  entries: [
    {
      id: 10,
      topic: 'Duration',
      category_id: 1,
      importance: 'high',
      standard_position: '<p>Two years</p>',
      fallbacks: [{ position: 'Three years', guidance: 'If pressed', approver: 'Partner' }],
      unacceptable: ['Perpetual'],
      model_language: '<p>This agreement lasts two years.</p>',
      concept_head_ids: [7],
    },
  ],
  current_version: 1,
  has_unpublished_changes: false,
  versions: [{ version: 1, published_at: '2025-01-01T00:00:00Z', published_by: 'Ann' }],
  attachment_count: 0,
  is_own: true,
  created_by: 'Ann',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

describe('the playbook draft', () => {
  it('round-trips a saved playbook to the body the API takes, without local keys', () => {
    const input = inputOf(draftFromDetail(detail));
    expect(input).toEqual({
      name: 'NDA',
      playbook_type: 'Non-disclosure agreement',
      description: 'Ours',
      category_ids: [1, 2],
      entries: [
        {
          topic: 'Duration',
          category_id: 1,
          importance: 'high',
          standard_position: '<p>Two years</p>',
          fallbacks: [{ position: 'Three years', guidance: 'If pressed', approver: 'Partner' }],
          unacceptable: ['Perpetual'],
          model_language: '<p>This agreement lasts two years.</p>',
          concept_head_ids: [7],
        },
      ],
    });
  });

  it('gives every row its own key', () => {
    const keys = [newEntry().key, newEntry().key, newFallback().key, newUnacceptable().key];
    expect(new Set(keys).size).toBe(4);
  });

  it("answers the contract's messages by field path", () => {
    const draft = emptyDraft();
    expect(draftErrors(draft)).toMatchObject({ name: M.nameRequired, playbook_type: M.selectType });
    const entry = { ...newEntry(), fallbacks: [newFallback()], unacceptable: [newUnacceptable()] };
    const errors = draftErrors({ ...draft, name: 'X', playbook_type: 'Lease', entries: [newEntry(), entry] });
    expect(errors).toEqual({
      'entries.0.topic': M.topicRequired,
      'entries.1.topic': M.topicRequired,
      'entries.1.fallbacks.0.position': M.positionRequired,
      'entries.1.unacceptable.0': M.unacceptableRequired,
    });
    expect([...entriesWithErrors(errors)]).toEqual([0, 1]);
    expect(draftErrors({ ...draft, name: 'x'.repeat(201), playbook_type: 'Lease' })).toEqual({ name: M.nameTooLong });
  });

  it('moves, removes and keeps the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('drops a category from the entries when the playbook loses it', () => {
    const draft = withCategories(draftFromDetail(detail), [2]);
    expect(draft.category_ids).toEqual([2]);
    expect(draft.entries[0]?.category_id).toBeNull();
  });
});
