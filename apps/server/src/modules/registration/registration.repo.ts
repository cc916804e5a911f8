import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { RegistrationsTable } from '../../db/tables/registration.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

/** Pending registrations are not tenant data yet: they belong to no organisation until the OTP passes. */
export type RegistrationRow = Selectable<RegistrationsTable>;

/** An open registration is found by its token, id or email: it has no organisation to scope by yet. */
const signUp = (db: Db) => crossTenant(db, 'sign-up: an open registration belongs to no organisation yet');

export async function insertRegistration(db: Db, values: Insertable<RegistrationsTable>): Promise<number> {
  const row = await db.insertInto('registrations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The registration behind a token hash that has not completed yet. */
export async function findOpenRegistration(db: Db, tokenHash: string): Promise<RegistrationRow | undefined> {
  return signUp(db)
    .selectFrom('registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
}

/** Removes the registrations of `email` still waiting for their OTP (a newer sign-up supersedes them). */
export async function deleteOpenRegistrationsOf(db: Db, email: string): Promise<void> {
  await signUp(db).deleteFrom('registrations').where('email', '=', email).where('completed_at', 'is', null).execute();
}

/** Applies `patch` while the registration is still open; false when it completed meanwhile. */
export async function updateOpenRegistration(
  db: Db,
  id: number,
  patch: Updateable<RegistrationsTable>,
): Promise<boolean> {
  const result = await signUp(db)
    .updateTable('registrations')
    .set(patch)
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes one of the open registration's OTP checks before the code is compared, in one statement: parallel
 * checks each take their own, none past `maxChecks` (`failed_checks` counts checks made; the one that
 * passes completes the registration). Answers the check's number, or null when none is left.
 */
export async function takeRegistrationCheck(db: Db, id: number, maxChecks: number): Promise<number | null> {
  const row = await signUp(db)
    .updateTable('registrations')
    .set({ failed_checks: sql<number>`failed_checks + 1` })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .where('failed_checks', '<', maxChecks)
    .returning('failed_checks')
    .executeTakeFirst();
  return row ? Number(row.failed_checks) : null;
}

/** Registrations that never completed and whose OTP ended before `before` (housekeeping). */
export async function deleteStaleRegistrations(db: Db, before: string): Promise<void> {
  await crossTenant(db, 'housekeeping: stale registrations of every organisation')
    .deleteFrom('registrations')
    .where('completed_at', 'is', null)
    .where('expires_at', '<', before)
    .execute();
}

/**
 * The sign-up rows of a deleted organisation or user (their keys set null instead of cascading): they hold
 * the registrant's email and phone, which must not outlive the account.
 */
export async function deleteRegistrationsOf(db: Db, organisationId: number, userId?: number): Promise<void> {
  const query = scoped(db, organisationId).deleteFrom('registrations');
  await (userId === undefined ? query : query.where('user_id', '=', userId)).execute();
}
