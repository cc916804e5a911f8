import { EMAIL_PATTERN, forgotPasswordMessages } from '@lexdesk/contract';

/** The forgot-password rule of spec 01 §5 the input breaks, or null. */
export function forgotPasswordProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return forgotPasswordMessages.empty;
  if (!EMAIL_PATTERN.test(value)) return forgotPasswordMessages.invalid;
  return null;
}
