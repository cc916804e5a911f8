import { describe, expect, it } from 'vitest';
import { formatDateLong, formatDateShort } from './dates.ts';

describe('dates', () => {
  it("reads the spec's short format as the 12-hour clock its AM/PM means", () => {
    expect(formatDateShort(new Date(2026, 10, 25, 21, 1))).toBe('11-25-26 09:01 PM');
    expect(formatDateShort(new Date(2026, 10, 25, 0, 5))).toBe('11-25-26 12:05 AM');
    expect(formatDateShort(new Date(2026, 10, 25, 12, 30))).toBe('11-25-26 12:30 PM');
  });

  it('keeps the long format and answers nothing for a missing or invalid date', () => {
    expect(formatDateLong(new Date(2026, 10, 25, 21, 1, 9))).toBe('Wed, Nov 25, 2026 09:01:09 PM');
    expect(formatDateShort(null)).toBe('');
    expect(formatDateShort('not a date')).toBe('');
  });
});
