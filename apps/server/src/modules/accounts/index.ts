import { defineModule } from '../../platform/modules/module.ts';
import { RESET_LINK_JOB } from './accounts.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { resetLinkJob } from './reset-link-job.ts';
import { tokenSignInRoutes } from './token-sign-in.routes.ts';

/** Sign-in, sign-out, token sign-in, forgot password and links. Sessions, links and codes go by foreign key. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: [accountsRoutes, tokenSignInRoutes],
  jobs: { [RESET_LINK_JOB]: resetLinkJob },
  data: { tables: ['sessions', 'link_tokens', 'sign_in_codes'] },
});
