import { createHash } from 'node:crypto';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { addHours, nowIso, type AppContext } from '../../platform/context.ts';
import { isKnownAddress, rememberAddress } from './mfa.repo.ts';

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
      return isKnownAddress(ctx.db, owner, addressHash(ip), cutoff());
    },

    /** Remembers `ip` for the user (after a completed sign-in) and forgets their addresses not seen for 90 days. */
    async remember(owner: SessionOwner, ip: string): Promise<void> {
      await rememberAddress(ctx.db, owner, addressHash(ip), nowIso(ctx), cutoff());
    },
  };
}
