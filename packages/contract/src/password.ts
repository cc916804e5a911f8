import { PASSWORD_MIN_LENGTH } from './limits.ts';
import { passwordMessages } from './messages.ts';

/** Strength levels of spec 01 §3: the highest level whose diversity and length the password reaches. */
export const STRENGTH_LEVELS = [
  { id: 0, label: 'Too weak', minDiversity: 0, minLength: 0 },
  { id: 1, label: 'Weak', minDiversity: 2, minLength: 4 },
  { id: 2, label: 'Medium', minDiversity: 3, minLength: 5 },
  { id: 3, label: 'Strong', minDiversity: 4, minLength: 8 },
] as const;
export const STRONGEST_LEVEL = 3;

export interface PasswordStrength {
  id: number;
  label: string;
  /** Meter value: levels 0-1 → 30, 2 → 60, 3 → 100. */
  meter: number;
}

/** How many of lower case, upper case, number and special character the password uses. */
export function passwordDiversity(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const diversity = passwordDiversity(password);
  let level: (typeof STRENGTH_LEVELS)[number] = STRENGTH_LEVELS[0];
  for (const candidate of STRENGTH_LEVELS) {
    if (diversity >= candidate.minDiversity && password.length >= candidate.minLength) level = candidate;
  }
  const meter = level.id >= 3 ? 100 : level.id === 2 ? 60 : 30;
  return { id: level.id, label: level.label, meter };
}

/** The first rule of spec 01 §5 a new password breaks, or null. Used by forms and by the server. */
export function newPasswordProblem(password: string, confirm?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (/\s/.test(password)) return passwordMessages.spaces;
  if (confirm !== undefined && password !== confirm) return passwordMessages.mismatch;
  if (passwordStrength(password).id < STRONGEST_LEVEL) return passwordMessages.notStrong;
  return null;
}
