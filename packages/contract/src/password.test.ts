import { describe, expect, it } from 'vitest';
import { passwordMessages } from './messages.ts';
import { newPasswordProblem, passwordStrength } from './password.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Too weak', 30],
    ['abc', 0, 'Too weak', 30],
    ['abc1', 1, 'Weak', 30],
    ['abC1x', 2, 'Medium', 60],
    ['abC1#', 2, 'Medium', 60],
    ['abC1#xyz', 3, 'Strong', 100],
    ['abcdefgh1234', 1, 'Weak', 30],
  ])('%j is level %i (%s, meter %i)', (password, id, label, meter) => {
    expect(passwordStrength(password)).toEqual({ id, label, meter });
  });
});

describe('newPasswordProblem', () => {
  it('names the first broken rule of spec 01 §5', () => {
    expect(newPasswordProblem('Ab1#')).toBe(passwordMessages.tooShort);
    expect(newPasswordProblem('Ab1# xyzw')).toBe(passwordMessages.spaces);
    expect(newPasswordProblem('Ab1#xyzw', 'Ab1#xyzq')).toBe(passwordMessages.mismatch);
    expect(newPasswordProblem('abcdefgh')).toBe(passwordMessages.notStrong);
    expect(newPasswordProblem('Ab1#xyzw', 'Ab1#xyzw')).toBeNull();
  });
});
