import { describe, expect, it } from 'vitest';
import { adminCreationProblem, forgotPasswordProblem, loginBody, loginProblem } from './accounts.ts';
import { adminCreationMessages, forgotPasswordMessages, loginMessages, passwordMessages } from './messages.ts';

describe('loginProblem', () => {
  it.each([
    ['', '', loginMessages.bothEmpty],
    ['  ', 'secret123', loginMessages.usernameEmpty],
    ['a@b.com', '', loginMessages.passwordEmpty],
    ['not-an-email', 'secret123', loginMessages.invalidEmail],
    ['a@b.com', 'short', loginMessages.passwordTooShort],
  ])('(%j, %j) → %j', (username, password, message) => {
    expect(loginProblem(username, password)).toBe(message);
  });

  it('accepts a trimmed, valid sign-in and lower-cases the username', () => {
    expect(loginProblem('  a@b.com ', 'secret123')).toBeNull();
    expect(loginBody.parse({ username: ' A@B.com ', password: 'secret123' })).toMatchObject({ username: 'a@b.com' });
  });
});

describe('adminCreationProblem', () => {
  const ok = { first_name: 'Ada', last_name: 'Love_lace', password: 'Ab1#xyzw', confirm_password: 'Ab1#xyzw' };
  it('checks names, completeness and the password rules', () => {
    expect(adminCreationProblem(ok)).toBeNull();
    expect(adminCreationProblem({ ...ok, first_name: '' })).toBe(adminCreationMessages.fillAll);
    expect(adminCreationProblem({ ...ok, first_name: 'Ada1' })).toBe(adminCreationMessages.invalidFirstName);
    expect(adminCreationProblem({ ...ok, last_name: "O'Neil" })).toBe(adminCreationMessages.invalidLastName);
    expect(adminCreationProblem({ ...ok, confirm_password: 'other' })).toBe(passwordMessages.mismatch);
  });
});

describe('forgotPasswordProblem', () => {
  it('gives the messages of spec 01 §5', () => {
    expect(forgotPasswordProblem('  ')).toBe(forgotPasswordMessages.empty);
    expect(forgotPasswordProblem('nope')).toBe(forgotPasswordMessages.invalid);
    expect(forgotPasswordProblem(' user@example.com ')).toBeNull();
  });
});
