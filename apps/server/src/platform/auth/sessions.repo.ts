import type { Db } from '../../db/database.types.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export interface NewSession {
  tokenHash: string;
  userId: number;
  organisationId: number;
  createdAt: string;
  expiresAt: string;
  remember: boolean;
}

export async function insertSession(db: Db, s: NewSession): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      organisation_id: s.organisationId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      last_seen_at: s.createdAt,
      remember: s.remember ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Db, organisationId: number, sessionId: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user, except `exceptSessionId` when given. */
export async function revokeUserSessions(
  db: Db,
  organisationId: number,
  userId: number,
  now: string,
  exceptSessionId?: number,
): Promise<number> {
  let query = scoped(db, organisationId)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Housekeeping: sessions that ended more than `before` ago. Not tenant data any more. */
export async function deleteEndedSessions(db: Db, before: string): Promise<void> {
  await crossTenant(db, 'housekeeping: ended sessions of every organisation')
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}
