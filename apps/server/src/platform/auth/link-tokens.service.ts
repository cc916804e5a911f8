import { LINK_TTL_HOURS, type LinkPurpose } from '@lexdesk/contract';
import { addHours, nowIso, type AppContext } from '../context.ts';
import { linkExpired } from '../errors/http-error.ts';
import { closeUserLinks, findUsableLink, insertLink, markLinkUsed, type LinkRow } from './link-tokens.repo.ts';
import type { SessionOwner } from './sessions.service.ts';
import { hashToken, newToken } from './tokens.ts';

export type { LinkRow };

/** Links sent by email (set password, reset password, create admin): single use, 24 hours. */
export function linkTokensService(ctx: AppContext) {
  return {
    /** A new link token for the user; only its hash is stored; it expires after LINK_TTL_HOURS. */
    async issue(purpose: LinkPurpose, owner: SessionOwner): Promise<string> {
      const token = newToken();
      const now = ctx.now();
      await insertLink(ctx.db, {
        purpose,
        tokenHash: hashToken(token),
        userId: owner.userId,
        organisationId: owner.organisationId,
        createdAt: now.toISOString(),
        expiresAt: addHours(now, LINK_TTL_HOURS).toISOString(),
      });
      return token;
    },

    /** The unused, unexpired link behind `token` with one of `purposes`, or null. */
    async find(token: string, purposes: readonly LinkPurpose[]): Promise<LinkRow | null> {
      return (await findUsableLink(ctx.db, hashToken(token), purposes, nowIso(ctx))) ?? null;
    },

    /** Uses the link up; throws 'Link expired' when it was used meanwhile. */
    async consume(link: LinkRow): Promise<void> {
      if (!(await markLinkUsed(ctx.db, link.organisationId, link.id, nowIso(ctx)))) throw linkExpired();
    },

    /** No open link of these purposes remains for the user. */
    async closeAll(owner: SessionOwner, purposes: readonly LinkPurpose[]): Promise<void> {
      await closeUserLinks(ctx.db, owner.organisationId, owner.userId, purposes, nowIso(ctx));
    },
  };
}
