import { z } from 'zod';
import { idParam, paged } from './common.ts';
import { adminSettingMessages } from './messages.ts';

/**
 * What an outbox message is for. Every sender names one (the mail service requires it); the provider's
 * installation-wide outbox shows another organisation's messages only for the account kinds (server:
 * `INSTALLATION_OUTBOX_KINDS`). `unclassified`: a message written before kinds existed that could not be told.
 */
export const OUTBOX_KINDS = [
  'set_password',
  'reset_password',
  'admin_invitation',
  'registration_code',
  'account_exists',
  'phone_code',
  'sign_in_code',
  'invoice',
  'unclassified',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How a kind reads in the outbox table. */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  set_password: 'Set password',
  reset_password: 'Reset password',
  admin_invitation: 'Admin invitation',
  registration_code: 'Registration code',
  account_exists: 'Account exists',
  phone_code: 'Phone code',
  sign_in_code: 'Sign-in code',
  invoice: 'Invoice',
  unclassified: 'Unclassified',
};

export const outboxItem = z.object({
  id: z.number().int(),
  kind: z.enum(OUTBOX_KINDS),
  channel: z.enum(['email', 'sms']),
  to_address: z.string(),
  subject: z.string(),
  body_text: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  /** File names sent with the message (an invoice's PDF), in order; empty for most mail. */
  attachments: z.array(z.string()).default([]),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxList = paged(outboxItem);
export type OutboxList = z.infer<typeof outboxList>;

/** Admin Setting → Send a link: a set-password link to an existing user, or an invitation to create an admin. */
export const sendLinkBody = z
  .object({
    kind: z.enum(['set_password', 'create_admin']),
    email: z.email({ message: 'Please enter a valid email ' }).max(254),
    organisation_id: idParam.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'create_admin' && !body.organisation_id)
      ctx.addIssue({ code: 'custom', message: adminSettingMessages.organisationRequired, path: ['organisation_id'] });
  })
  .transform((body) => ({ ...body, email: body.email.trim().toLowerCase() }));
export type SendLinkBody = z.input<typeof sendLinkBody>;

export const organisationOption = z.object({ id: z.number().int(), name: z.string() });
export const organisationOptions = z.object({ data: z.array(organisationOption) });
