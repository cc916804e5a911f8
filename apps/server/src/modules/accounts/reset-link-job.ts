import { registerJobHandler } from '../../platform/jobs/jobs.service.ts';
import { accountsService, RESET_LINK_JOB, type ResetLinkPayload } from './accounts.service.ts';

/**
 * Forgot password answers at once and the same for every email; this job then finds out whether the email
 * belongs to an active user and, if so, issues the reset link and queues its mail.
 */
export function registerResetLinkJob(): void {
  registerJobHandler<ResetLinkPayload>(RESET_LINK_JOB, {
    async run(ctx, { email }) {
      await accountsService(ctx).sendResetLink(email);
    },
  });
}
