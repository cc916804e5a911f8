import { createHash } from 'node:crypto';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { addHours, nowIso, type AppContext } from '../../platform/context.ts';

/** An address is "known" for 90 days after the user's last completed sign-in from it. */
const KNOWN_FOR_DAYS = 90;

/** The address is kept as a hash: enough to recognise it, not a log of where people work from. */
function addressHash(ip: string): string {
  return createHash('sha256').update(`sign-in-address:${ip}`).digest('base64url');
}

/**
 * Addresses each user completed a sign-in from. A sign-in throttle slows the right password down from
 * such an address instead of refusing it, so a guesser elsewhere cannot keep the owner out.
 */
export function knownAddresses(ctx: AppContext) {
  const cutoff = () => addHours(ctx.now(), -24 * KNOWN_FOR_DAYS).toISOString();
  return {
    async isKnown(owner: SessionOwner, ip: string): Promise<boolean> {
      const row = await ctx.db
        .selectFrom('known_sign_in_addresses')
        .select('last_signed_in_at')
        .where('user_id', '=', owner.userId)
        .where('organisation_id', '=', owner.organisationId)
        .where('address_hash', '=', addressHash(ip))
        .where('last_signed_in_at', '>', cutoff())
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Remembers `ip` for the user (after a completed sign-in) and forgets their addresses not seen for 90 days. */
    async remember(owner: SessionOwner, ip: string): Promise<void> {
      const now = nowIso(ctx);
      await ctx.db
        .insertInto('known_sign_in_addresses')
        .values({
          user_id: owner.userId,
          organisation_id: owner.organisationId,
          address_hash: addressHash(ip),
          last_signed_in_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'address_hash']).doUpdateSet({ last_signed_in_at: now }))
        .execute();
      await ctx.db
        .deleteFrom('known_sign_in_addresses')
        .where('user_id', '=', owner.userId)
        .where('last_signed_in_at', '<', cutoff())
        .execute();
    },
  };
}
