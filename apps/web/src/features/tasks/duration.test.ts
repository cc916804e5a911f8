import { taskMessages as M } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DURATION_HINT, readDuration } from './duration.ts';

describe('the duration field', () => {
  it('reads the three agreed ways of writing 1 hour 20 minutes', () => {
    expect(readDuration('1h20m')).toEqual({ seconds: 4800, problem: null, helper: '= 1h 20m' });
    expect(readDuration('1:20').seconds).toBe(4800);
    expect(readDuration('1.33h').seconds).toBe(4788);
    expect(readDuration(' 45m ').helper).toBe('= 45m');
    expect(readDuration('2h').helper).toBe('= 2h');
  });

  it('waits for the submit before asking for a duration', () => {
    expect(readDuration('')).toEqual({ seconds: null, problem: null, helper: DURATION_HINT });
    expect(readDuration('', true).problem).toBe(M.durationRequired);
  });

  it('refuses what it cannot read and more than a day', () => {
    expect(readDuration('soon').problem).toBe(M.durationInvalid);
    expect(readDuration('0m').problem).toBe(M.durationInvalid);
    expect(readDuration('25h').problem).toBe(M.durationTooLong);
  });
});
