import { describe, expect, it } from 'vitest';
import { findStatus } from './FindDialog.tsx';

describe('the find box of the document viewer', () => {
  it('says it is searching until the document text is there, then the count (issue 31 item 3)', () => {
    expect(findStatus('assign', false, 0, 0)).toBe('Searching…');
    expect(findStatus('assign', true, 0, 0)).toBe('No matches');
    expect(findStatus('assign', true, 4, 1)).toBe('2 of 4');
    expect(findStatus('  ', false, 0, 0)).toBe('');
  });
});
