import { defineModule } from '../../platform/modules/module.ts';
import { mfaRoutes } from './mfa.routes.ts';

/** Second factors, account locks and known sign-in addresses: every row goes with its user by foreign key. */
export const mfaModule = defineModule({
  name: 'mfa',
  routes: [mfaRoutes],
  data: {
    tables: ['user_security', 'mfa_bypass_codes', 'verification_codes', 'known_sign_in_addresses', 'mfa_role_policies'],
  },
});
