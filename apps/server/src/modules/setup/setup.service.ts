import { SETUP_LINK_TTL_HOURS, setupMessages, THROTTLE_WINDOW_MINUTES, type SetupResponse } from '@lexdesk/contract';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { setupBody } from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import { hashNewPassword } from '../../platform/auth/new-passwords.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { addHours, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { HttpError, throttled } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { consumeSetupLink, findSetupLink, hasAnyUser, saveSetupLink } from './setup.repo.ts';

/** Setup attempts per address in the throttle window: the token is 256 bits, this only keeps the log quiet. */
const SETUP_ATTEMPTS_PER_IP = 10;
/** The provider's organisation: Bespoke (no expiry), room for a team. */
const PROVIDER_USER_LIMIT = 25;

const SETUP_LINK_INVALID = 'SETUP_LINK_INVALID';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * First-run setup of an installation without demo data: a one-time link, printed on the console at start while
 * no user exists, lets its holder create the provider's organisation and the first super user.
 */
export function setupService(ctx: AppContext) {
  return {
    /** A new setup link (replacing any earlier one) when no user exists yet; null once someone can sign in. */
    async prepareLink(): Promise<string | null> {
      if (await hasAnyUser(ctx.db)) return null;
      const token = newToken();
      const expiresAt = addHours(ctx.now(), SETUP_LINK_TTL_HOURS).toISOString();
      await saveSetupLink(ctx.db, { hash: hashToken(token), expiresAt }, nowIso(ctx));
      // The token travels in the fragment: browsers never send it to a server or in a Referer.
      return `${ctx.config.publicUrl}/setup#${token}`;
    },

    /** Creates the organisation and its super user once; any other use of the link answers the same 400. */
    async complete(ip: string, body: z.output<typeof setupBody>): Promise<SetupResponse> {
      if (!(await throttleService(ctx).hit(`setup:ip:${ip}`, SETUP_ATTEMPTS_PER_IP, THROTTLE_WINDOW_MINUTES))) {
        throw throttled(setupMessages.linkInvalid);
      }
      // The password's own problems come first, so the form can say what to change.
      const passwordHash = await hashNewPassword(body.password, 'password');
      const invalid = () => new HttpError(400, SETUP_LINK_INVALID, setupMessages.linkInvalid);
      const stored = await findSetupLink(ctx.db);
      if (!stored || stored.link.expiresAt <= nowIso(ctx) || !sameHash(stored.link.hash, hashToken(body.token))) {
        throw invalid();
      }
      await inTransaction(ctx, async (tx) => {
        if (!(await consumeSetupLink(tx.db, stored.raw)) || (await hasAnyUser(tx.db))) throw invalid();
        const organisationId = await organisationsService(tx).create({
          name: body.organisation,
          plan: 'Bespoke',
          duration: null,
          userLimit: PROVIDER_USER_LIMIT,
          contactEmail: body.email,
        });
        const userId = await usersService(tx).insert(
          {
            organisationId,
            email: body.email,
            role: 'super',
            firstName: body.first_name,
            lastName: body.last_name,
            knowledgeDataPermission: true,
          },
          passwordHash,
        );
        await auditService(tx).record({ userId, organisationId }, 'organisation', organisationId, 'set_up', {
          super_user_id: userId,
        });
      });
      return { detail: setupMessages.done, email: body.email };
    },
  };
}
