import { conceptMessages as M } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  addCopied,
  addToDraft,
  draftView,
  removeFromDraft,
  saveProblem,
  skippedCopyMessage,
  splitForSave,
  type DraftEntry,
} from './draftSet.ts';

const fields = {
  title: 'NDA terms',
  head: '  governing law ',
  definition: '<p>Which <b>law</b></p>',
  terms: 'law  court',
  phrases: ['governing  law', ' '],
};

describe('draft working set', () => {
  it('builds HEAD[definition]->terms | phrases with an upper-cased head and terms split on whitespace', () => {
    const result = addToDraft([], fields, 'create');
    expect(result).toEqual({
      ok: true,
      heads: [
        {
          head: 'GOVERNING LAW',
          definition: '<p>Which <b>law</b></p>',
          terms: 'law | court',
          phrases: 'governing law',
        },
      ],
    });
    if (result.ok) expect(draftView(result.heads)).toBe('GOVERNING LAW[Which law]->law | court | governing law');
  });

  it('refuses a head already drafted, a blank head and a missing title with the spec messages', () => {
    const first = addToDraft([], fields, 'create');
    if (!first.ok) throw new Error('first head refused');
    expect(addToDraft(first.heads, { ...fields, head: 'Governing Law' }, 'create')).toEqual({
      ok: false,
      problem: M.headAlreadyDrafted,
    });
    expect(addToDraft([], { ...fields, head: '   ' }, 'create')).toEqual({ ok: false, problem: M.headRequired });
    expect(addToDraft([], { ...fields, title: ' ' }, 'list')).toEqual({ ok: false, problem: M.titleRequiredToDraft });
  });

  it('replaces the one head in head mode, whatever its name', () => {
    const one: DraftEntry[] = [{ head: 'OLD', definition: '', terms: '', phrases: '' }];
    const result = addToDraft(one, { ...fields, title: '', head: 'new name' }, 'head');
    expect(result.ok && result.heads.map((h) => h.head)).toEqual(['NEW NAME']);
  });

  it('adds copied heads once and sends them through the copy call, not the body', () => {
    const own: DraftEntry[] = [{ head: 'A', definition: '', terms: 'a', phrases: '' }];
    const { heads: copied, skipped } = addCopied(own, [
      { id: 7, head: 'a', definition: '', terms: '', phrases: '' },
      { id: 8, head: 'Term', definition: 'd', terms: 'end', phrases: '' },
      { id: 9, head: 'term ', definition: '', terms: 'again', phrases: '' },
    ]);
    expect(copied.map((h) => h.head)).toEqual(['A', 'TERM']);
    // A head already drafted is named, not dropped silently (issue 31 item 2).
    expect(skipped).toEqual(['A', 'TERM']);
    expect(skippedCopyMessage(skipped)).toBe(`A, TERM: ${M.headAlreadyDrafted}`);
    expect(splitForSave(copied)).toEqual({ concepts: [own[0]], copiedIds: [8] });
    expect(splitForSave(removeFromDraft(copied, 'A'))).toEqual({
      concepts: [{ head: 'TERM', definition: 'd', terms: 'end', phrases: '' }],
      copiedIds: [],
    });
  });

  it('checks a save in the order of spec 03 §5', () => {
    const heads: DraftEntry[] = [{ head: 'A', definition: '', terms: '', phrases: '' }];
    const ok = { title: 'T', organisations: [1], users: [2], heads };
    expect(saveProblem('create', ok)).toBeNull();
    expect(saveProblem('create', { ...ok, organisations: [] })).toBe(M.selectOrganisation);
    expect(saveProblem('create', { ...ok, users: [] })).toBe(M.selectUser);
    expect(saveProblem('create', { ...ok, title: ' ' })).toBe(M.nameRequired);
    expect(saveProblem('list', { ...ok, heads: [] })).toBe(M.draftRequired);
    expect(saveProblem('head', { ...ok, users: [] })).toBeNull();
  });
});
