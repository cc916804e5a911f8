import { z } from 'zod';
import { EMAIL_PATTERN } from './common.ts';
import { NAME_MAX_LENGTH } from './limits.ts';
import { organisationMessages, userAdminMessages } from './organisations/messages.ts';
import { newPasswordProblem } from './password.ts';

/**
 * First-run setup of a real installation (ours; the spec is silent, docs/decisions.md): with no demo data and
 * no user yet, the server prints a one-time link on its console; whoever opens it creates the provider's
 * organisation and its super user. Nothing has a known password.
 */
export const setupMessages = {
  linkInvalid:
    'This setup link has been used or has expired. Restart the server to print a new one, or sign in if setup is done.',
  done: 'Lexdesk is set up. Sign in with the email and password you chose.',
} as const;

export const SETUP_LINK_TTL_HOURS = 24;

const NAME_PATTERN = /^[A-Za-z_ ]+$/;
const personName = (invalid: string) =>
  z.string().trim().min(1, invalid).max(NAME_MAX_LENGTH).regex(NAME_PATTERN, invalid);

/** POST setup/: the token from the console link, the provider's organisation and its first super user. */
export const setupBody = z
  .object({
    token: z.string().min(1).max(200),
    organisation: z.string().trim().min(1, organisationMessages.nameRequired).max(NAME_MAX_LENGTH),
    first_name: personName(userAdminMessages.firstNameInvalid),
    last_name: personName(userAdminMessages.lastNameInvalid),
    email: z
      .string()
      .trim()
      .min(1, userAdminMessages.emailRequired)
      .max(254)
      .regex(EMAIL_PATTERN, userAdminMessages.emailInvalid)
      .transform((value) => value.toLowerCase()),
    password: z.string().max(256),
    confirm_password: z.string().max(256),
  })
  .superRefine((body, ctx) => {
    const problem = newPasswordProblem(body.password, body.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type SetupBody = z.input<typeof setupBody>;

export const setupResponse = z.object({ detail: z.string(), email: z.string() });
export type SetupResponse = z.infer<typeof setupResponse>;
