import type { Db } from '../../db/database.types.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export interface SignInCodeRow {
  id: number;
  userId: number;
  organisationId: number;
}

export async function insertSignInCode(
  db: Db,
  code: { codeHash: string; userId: number; organisationId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sign_in_codes')
    .values({
      code_hash: code.codeHash,
      user_id: code.userId,
      organisation_id: code.organisationId,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute();
}

/** An unused, unexpired code. Pre-authentication: the hash is the key. */
export async function findUsableSignInCode(db: Db, codeHash: string, now: string): Promise<SignInCodeRow | undefined> {
  const row = await crossTenant(db, 'pre-authentication: a sign-in code is found by its hash alone')
    .selectFrom('sign_in_codes')
    .select(['id', 'user_id', 'organisation_id'])
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, organisationId: row.organisation_id };
}

/** Marks the code used; true for exactly one of several concurrent uses. */
export async function useSignInCode(db: Db, organisationId: number, id: number, now: string): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('sign_in_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes codes that expired before `before` (housekeeping). */
export async function deleteExpiredSignInCodes(db: Db, before: string): Promise<void> {
  await crossTenant(db, 'housekeeping: expired sign-in codes of every organisation')
    .deleteFrom('sign_in_codes')
    .where('expires_at', '<', before)
    .execute();
}
