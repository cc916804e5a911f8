import { mfaMessages, passwordMessages, THROTTLE_WINDOW_MINUTES } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound, throttled } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { usersService, type Account } from '../users/index.ts';

const PASSWORD_TRIES_PER_WINDOW = 5;

/**
 * 400 unless `password` is the actor's current password; 5 wrong tries in 15 minutes answer 429. Every change
 * to a sign-in factor (set up an authenticator, replace the verified phone, turn MFA off, new bypass codes)
 * asks for it, so a session alone (a borrowed laptop, a copied token) cannot take over the account's sign-in.
 */
export async function requireCurrentPassword(
  ctx: AppContext,
  actor: Actor,
  password: string | undefined,
): Promise<Account> {
  const key = `mfa-password:user:${actor.userId}`;
  const throttle = throttleService(ctx);
  if (await throttle.isExhausted(key, PASSWORD_TRIES_PER_WINDOW, THROTTLE_WINDOW_MINUTES)) {
    throw throttled(mfaMessages.tooManyChecks);
  }
  const account = await usersService(ctx).accountOf({ userId: actor.userId, organisationId: actor.organisationId });
  if (!account) throw notFound();
  if (!(await verifyPassword(account.passwordHash, password ?? ''))) {
    await throttle.hit(key, PASSWORD_TRIES_PER_WINDOW, THROTTLE_WINDOW_MINUTES);
    throw badRequest(passwordMessages.currentWrong, { password: passwordMessages.currentWrong });
  }
  return account;
}
