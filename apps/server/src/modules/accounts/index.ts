import { defineModule } from '../../platform/modules/module.ts';
import { RESET_LINK_JOB } from './accounts.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { resetLinkJob } from './reset-link-job.ts';
import { tokenSignInService } from './token-sign-in.ts';
import { tokenSignInRoutes } from './token-sign-in.routes.ts';

/** Sign-in, sign-out, token sign-in, forgot password and links. Sessions, links and codes go by foreign key. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: [accountsRoutes, tokenSignInRoutes],
  jobs: { [RESET_LINK_JOB]: resetLinkJob },
  data: { tables: ['sessions', 'link_tokens', 'sign_in_codes'] },
  housekeeping: (ctx) => tokenSignInService(ctx).purgeExpired(),
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** The set-password link and mail of a new account (registration sends them too). */
export { setPasswordLink, setPasswordMail } from './account-mails.ts';
/** Accounts: creating users with their first link, sessions and password links. */
export { accountsService } from './accounts.service.ts';
/** Completes a sign-in once its second factor passed (the MFA routes). */
export { signInService } from './sign-in.ts';
