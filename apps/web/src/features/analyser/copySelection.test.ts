import { describe, expect, it } from 'vitest';
import {
  copySource,
  cutText,
  emptySelection,
  hasChoice,
  isChosen,
  toggleAll,
  toggleOne,
  withPage,
} from './copySelection.ts';

describe('Copy Concept selection', () => {
  it('ticking all selects the page and copies the whole list', () => {
    const all = toggleAll(emptySelection, [1, 2, 3], true);
    expect([1, 2, 3].every((id) => isChosen(all, id))).toBe(true);
    expect(copySource(all, 9)).toEqual({ listId: 9 });
    expect(isChosen(withPage(all, [4, 5]), 5)).toBe(true);
  });

  it('unticking one turns select-all off and keeps the rest of the page', () => {
    const one = toggleOne(toggleAll(emptySelection, [1, 2, 3], true), 2, false);
    expect(one.all).toBe(false);
    expect(copySource(one, 9)).toEqual({ headIds: [1, 3] });
    expect(toggleAll(one, [1, 3], false)).toEqual(emptySelection);
  });

  it('has nothing to add until a head is ticked', () => {
    expect(hasChoice(emptySelection)).toBe(false);
    expect(hasChoice(toggleOne(emptySelection, 4, true))).toBe(true);
  });

  it('cuts terms at the limit', () => {
    expect(cutText('a'.repeat(95), 90)).toBe(`${'a'.repeat(90)}…`);
    expect(cutText('short', 90)).toBe('short');
  });
});
