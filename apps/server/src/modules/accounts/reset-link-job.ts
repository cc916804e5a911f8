import type { JobHandler } from '../../platform/jobs/jobs.service.ts';
import { accountsService, type ResetLinkPayload } from './accounts.service.ts';

/**
 * Forgot password answers at once and the same for every email; this job then finds out whether the email
 * belongs to an active user and, if so, issues the reset link and queues its mail.
 */
export const resetLinkJob: JobHandler<ResetLinkPayload> = {
  async run(ctx, { email }) {
    await accountsService(ctx).sendResetLink(email);
  },
};
