import { MODULE_FLAGS } from '@lexdesk/contract';
import type { Db, ModuleFlagColumns } from '../../db/database.types.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export interface SessionActorRow {
  sessionId: number;
  lastSeenAt: string;
  userId: number;
  organisationId: number;
  role: string;
  plan: string;
  planExpiresAt: string | null;
  /** The user's flag AND the organisation's, before the plan's lapse is applied. */
  modules: ModuleFlagColumns;
  /** The user's Billing grant (meaningful for a plain user; other roles hold it by role). */
  billingPermission: boolean;
}

/**
 * The live session behind a token hash, with its user, organisation and plan: not revoked, not expired, and
 * seen since `idleSince`. A pre-authentication lookup: the token hash is the only key there is, and it is
 * unique across organisations.
 */
const liveSessionQuery = preparedQuery((db: Db, tokenHash: string, now: string, idleSince: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.user_id').onRef('u.organisation_id', '=', 's.organisation_id'),
    )
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .innerJoin('plans as p', 'p.id', 'o.plan_id')
    .select([
      's.id as session_id',
      's.last_seen_at',
      'u.id as user_id',
      'u.organisation_id',
      'u.role',
      'p.name as plan',
      'o.plan_expires_at',
      'u.billing_permission',
    ])
    // The AND of both flags in SQL: half the columns, and a row is what costs most here.
    .select((eb) => MODULE_FLAGS.map((flag) => eb(`u.${flag}`, '*', eb.ref(`o.${flag}`)).as(flag)))
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>=', idleSince)
    .where('u.is_active', '=', 1),
);

export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
  idleSince: string,
): Promise<SessionActorRow | undefined> {
  const [row] = await liveSessionQuery(
    crossTenant(db, 'pre-authentication: a session is found by its token alone'),
    tokenHash,
    now,
    idleSince,
  );
  if (!row) return undefined;
  const modules = {} as ModuleFlagColumns;
  for (const flag of MODULE_FLAGS) modules[flag] = Number(row[flag]) === 1 ? 1 : 0;
  return {
    sessionId: row.session_id,
    lastSeenAt: row.last_seen_at,
    userId: row.user_id,
    organisationId: row.organisation_id,
    role: row.role,
    plan: row.plan,
    planExpiresAt: row.plan_expires_at,
    modules,
    billingPermission: Number(row.billing_permission) === 1,
  };
}

export async function touchSession(db: Db, organisationId: number, sessionId: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .execute();
}
