import { describe, expect, it } from 'vitest';
import { dayIn, splitByDay, startOfDay, weekStartOf } from './time-zones.ts';

const at = (iso: string) => Date.parse(iso);

describe('time zones', () => {
  it('names the day of an instant in a zone', () => {
    expect(dayIn('UTC', at('2026-03-02T23:30:00Z'))).toBe('2026-03-02');
    expect(dayIn('Europe/Berlin', at('2026-03-02T23:30:00Z'))).toBe('2026-03-03');
    expect(dayIn('America/New_York', at('2026-03-03T03:00:00Z'))).toBe('2026-03-02');
  });

  it('finds local midnight, also on DST days', () => {
    expect(new Date(startOfDay('Europe/Berlin', '2026-03-03')).toISOString()).toBe('2026-03-02T23:00:00.000Z');
    expect(new Date(startOfDay('Europe/London', '2026-03-29')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(startOfDay('Europe/London', '2026-03-30')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(new Date(startOfDay('America/Sao_Paulo', '2026-06-01')).toISOString()).toBe('2026-06-01T03:00:00.000Z');
  });

  it('cuts a span at midnight in the zone and keeps every second', () => {
    const start = at('2026-03-02T22:30:00Z');
    const end = at('2026-03-03T01:15:00Z');
    expect(splitByDay('UTC', start, end)).toEqual([
      { date: '2026-03-02', seconds: 5400 },
      { date: '2026-03-03', seconds: 4500 },
    ]);
    expect(splitByDay('Europe/Berlin', start, end)).toEqual([
      { date: '2026-03-02', seconds: 1800 },
      { date: '2026-03-03', seconds: 8100 },
    ]);
    expect(splitByDay('Asia/Kolkata', start, end)).toEqual([{ date: '2026-03-03', seconds: 9900 }]);
    const long = splitByDay('America/New_York', at('2026-03-07T12:00:00Z'), at('2026-03-10T12:00:00Z'));
    expect(long.reduce((sum, piece) => sum + piece.seconds, 0)).toBe(3 * 86400);
    expect(long.map((piece) => piece.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
  });

  it('starts weeks on Monday', () => {
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
  });
});
