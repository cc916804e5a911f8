import { MODULE_FLAGS } from '@lexdesk/contract';
import type { Db, ModuleFlagColumns } from '../../db/database.types.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export interface SessionActorRow {
  sessionId: number;
  lastSeenAt: string;
  userId: number;
  organisationId: number;
  role: string;
  plan: string;
  planExpiresAt: string | null;
  user: ModuleFlagColumns;
  organisation: ModuleFlagColumns;
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
    ])
    .select(MODULE_FLAGS.map((flag) => `u.${flag} as u_${flag}` as const))
    .select(MODULE_FLAGS.map((flag) => `o.${flag} as o_${flag}` as const))
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
  const [row] = await liveSessionQuery(db, tokenHash, now, idleSince);
  if (!row) return undefined;
  const user = {} as ModuleFlagColumns;
  const organisation = {} as ModuleFlagColumns;
  const flags = row as unknown as Record<string, 0 | 1>;
  for (const flag of MODULE_FLAGS) {
    user[flag] = flags[`u_${flag}`] ?? 0;
    organisation[flag] = flags[`o_${flag}`] ?? 0;
  }
  return {
    sessionId: row.session_id,
    lastSeenAt: row.last_seen_at,
    userId: row.user_id,
    organisationId: row.organisation_id,
    role: row.role,
    plan: row.plan,
    planExpiresAt: row.plan_expires_at,
    user,
    organisation,
  };
}

export async function touchSession(db: Db, sessionId: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}
