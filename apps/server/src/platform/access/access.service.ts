import { IDLE_LOGOUT_SECONDS, PLAN_NAMES, ROLES, type PlanName, type Role } from '@lexdesk/contract';
import type { AppContext } from '../context.ts';
import { hashToken } from '../auth/tokens.ts';
import { moduleFlagsOf, organisationCeilings, type Actor } from './actor.ts';
import { findLiveSession, touchSession } from './actor.repo.ts';

/** last_seen_at is refreshed at most once a minute, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The Actor of a live session token (not revoked, not expired, active user, used within the last
 * IDLE_LOGOUT_SECONDS: spec 01 §4's idle logout, held on the server too, so a copied token of a closed tab
 * dies within the hour), or null. last_seen_at lags by up to TOUCH_INTERVAL_MS, so a session can end up to
 * a minute before a full hour of silence, never after.
 */
export async function resolveActor(ctx: AppContext, token: string): Promise<Actor | null> {
  return resolveActorByHash(ctx, hashToken(token));
}

/**
 * `resolveActor` from the token's hash: for a token bound to a main session (the knowledge token), whose
 * module keeps the main session's id and so its hash, never the main token itself.
 */
export async function resolveActorByHash(ctx: AppContext, tokenHash: string): Promise<Actor | null> {
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - IDLE_LOGOUT_SECONDS * 1000).toISOString();
  const row = await findLiveSession(ctx.db, tokenHash, now.toISOString(), idleSince);
  if (!row) return null;
  if (!(ROLES as readonly string[]).includes(row.role) || !(PLAN_NAMES as readonly string[]).includes(row.plan))
    return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, row.organisationId, row.sessionId, now.toISOString());
  }
  return {
    userId: row.userId,
    organisationId: row.organisationId,
    role: row.role as Role,
    plan: row.plan as PlanName,
    // The row's flags are already the user's AND the organisation's; a lapsed plan leaves none.
    modules: moduleFlagsOf(organisationCeilings(row.plan as PlanName, row.planExpiresAt, row.modules, now)),
    grants: { billing_permission: row.billingPermission },
    sessionId: row.sessionId,
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
