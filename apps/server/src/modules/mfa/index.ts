import { defineModule } from '../../platform/modules/module.ts';
import { mfaRoutes } from './mfa.routes.ts';
import { mfaService } from './mfa.service.ts';

/** Second factors, account locks and known sign-in addresses: every row goes with its user by foreign key. */
export const mfaModule = defineModule({
  name: 'mfa',
  routes: [mfaRoutes],
  data: {
    tables: ['user_security', 'mfa_bypass_codes', 'verification_codes', 'known_sign_in_addresses', 'mfa_role_policies'],
  },
  housekeeping: (ctx) => mfaService(ctx).purgeSpentCodes(),
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Account lock after repeated failed sign-ins: check, record, unlock. */
export {
  accountLockService,
  ACCOUNT_LOCKED_CODE,
  accountLocked,
  isAccountLocked,
  loginAccountThrottleKey,
} from './account-lock.ts';
/** Addresses a user signed in from before (a new one asks for a second factor). */
export { knownAddresses } from './known-addresses.ts';
/** The second-factor challenge of a sign-in. */
export { loginChallengeService } from './login-challenge.service.ts';
