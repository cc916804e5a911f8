import { describe, expect, it } from 'vitest';
import { formatDuration, formatHms, hoursOf, parseDuration } from './duration.ts';
import { isTimeZone, taskActivityQuery, timeEntryBody } from './time.ts';
import { taskMessages } from './messages.ts';

describe('parseDuration', () => {
  it.each([
    ['1h20m', 4800],
    ['1h 20m', 4800],
    ['1H20M', 4800],
    ['1:20', 4800],
    ['1:20:30', 4830],
    ['0:45', 2700],
    ['1.33h', 4788],
    ['1,5h', 5400],
    ['45m', 2700],
    ['45 min', 2700],
    ['2h', 7200],
    ['2 hrs', 7200],
    ['1.5', 5400],
    ['90m', 5400],
    [' 3h ', 10800],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '   ', 'abc', '1x', 'h', 'm', '1:75', '1:2', '-1h', '0m', '0:00', '1h20', '20m1h', '1..5h', '1:20m'])(
    'refuses %j',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );
});

describe('formatHms and formatDuration', () => {
  it('shows the clock face hh:mm:ss', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(59)).toBe('00:00:59');
    expect(formatHms(4800)).toBe('01:20:00');
    expect(formatHms(12 * 3600 + 61.9)).toBe('12:01:01');
    expect(formatHms(100 * 3600)).toBe('100:00:00');
    expect(formatHms(-5)).toBe('00:00:00');
    expect(formatHms(Number.NaN)).toBe('00:00:00');
  });

  it('shows totals as hours and minutes', () => {
    expect(formatDuration(4800)).toBe('1h 20m');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(59)).toBe('0m');
    expect(hoursOf(4800)).toBe(1.33);
  });
});

describe('time schemas', () => {
  it('validates a typed entry with the messages of the form', () => {
    const ok = timeEntryBody.safeParse({ task_id: 1, duration: '1h20m', date: '2026-03-02' });
    expect(ok.success && ok.data).toMatchObject({ billable: true, activity_type: 'Other', note: '' });
    const bad = timeEntryBody.safeParse({ task_id: 1, duration: 'soon', date: '2026-02-30' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([taskMessages.durationInvalid, taskMessages.invalidDate]);
    const long = timeEntryBody.safeParse({ task_id: 1, duration: '25h', date: '2026-03-02' });
    expect(long.error?.issues[0]?.message).toBe(taskMessages.durationTooLong);
  });

  it('knows IANA zones and checks the range', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const zone = taskActivityQuery.safeParse({ from: '2026-03-01', to: '2026-03-07', tz: 'Mars/Olympus' });
    expect(zone.error?.issues[0]?.message).toBe(taskMessages.unknownZone);
    const order = taskActivityQuery.safeParse({ from: '2026-03-08', to: '2026-03-07' });
    expect(order.error?.issues[0]?.message).toBe(taskMessages.rangeOrder);
    const long = taskActivityQuery.safeParse({ from: '2025-01-01', to: '2026-03-07' });
    expect(long.error?.issues[0]?.message).toBe(taskMessages.rangeTooLong);
  });
});
