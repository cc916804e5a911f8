import { PLAN_NAMES, ROLES, type PlanName, type Role } from '@lexdesk/contract';
import type { AppContext } from '../context.ts';
import { hashToken } from '../auth/tokens.ts';
import { effectiveModules, organisationCeilings, type Actor } from './actor.ts';
import { findLiveSession, touchSession } from './actor.repo.ts';

/** last_seen_at is refreshed at most once a minute, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** The Actor of a live session token (not revoked, not expired, active user), or null. */
export async function resolveActor(ctx: AppContext, token: string): Promise<Actor | null> {
  const now = ctx.now();
  const row = await findLiveSession(ctx.db, hashToken(token), now.toISOString());
  if (!row) return null;
  if (!(ROLES as readonly string[]).includes(row.role) || !(PLAN_NAMES as readonly string[]).includes(row.plan))
    return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, row.sessionId, now.toISOString());
  }
  return {
    userId: row.userId,
    organisationId: row.organisationId,
    role: row.role as Role,
    plan: row.plan as PlanName,
    modules: effectiveModules(
      row.user,
      organisationCeilings(row.plan as PlanName, row.planExpiresAt, row.organisation, now),
    ),
    sessionId: row.sessionId,
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
