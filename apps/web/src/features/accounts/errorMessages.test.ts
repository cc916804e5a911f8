import { forgotPasswordMessages, loginMessages } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { forgotErrorMessage, loginErrorMessage } from './errorMessages.ts';

describe('loginErrorMessage (spec 01 §8)', () => {
  it("shows the server's text for 401, 403 and 429", () => {
    expect(loginErrorMessage(new ApiError(401, loginMessages.badCredentials, 'BAD_CREDENTIALS'))).toBe(
      loginMessages.badCredentials,
    );
    expect(loginErrorMessage(new ApiError(429, loginMessages.tooManyAttempts, 'TOO_MANY_REQUESTS'))).toBe(
      loginMessages.tooManyAttempts,
    );
    expect(loginErrorMessage(new ApiError(403, 'Refused', 'FORBIDDEN'))).toBe('Refused');
  });

  it('says to check the network for anything else', () => {
    expect(loginErrorMessage(new ApiError(500, 'Something went wrong', 'INTERNAL_ERROR'))).toBe(loginMessages.network);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(loginMessages.network);
  });
});

describe('forgotErrorMessage (spec 01 §8)', () => {
  it("shows the server's text on 400, the fixed texts on 404 and otherwise", () => {
    expect(forgotErrorMessage(new ApiError(400, 'Email id field missing', 'VALIDATION_FAILED'))).toBe(
      'Email id field missing',
    );
    expect(forgotErrorMessage(new ApiError(404, 'Not found.', 'NOT_FOUND'))).toBe(forgotPasswordMessages.notFoundUrl);
    expect(forgotErrorMessage(new ApiError(502, 'Bad gateway', 'X'))).toBe(forgotPasswordMessages.generic);
    expect(forgotErrorMessage(new TypeError('Failed to fetch'))).toBe(forgotPasswordMessages.generic);
  });
});
