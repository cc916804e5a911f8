import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { UserSecurityTable, VerificationCodesTable } from '../../db/tables/registration.ts';
import { ALL_ORGANISATIONS, type OrgScope } from '../../platform/access/actor.ts';
import { likePattern } from '../../db/like.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export type UserSecurityRow = Selectable<UserSecurityTable>;
export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export async function findSecurity(
  db: Db,
  organisationId: number,
  userId: number,
): Promise<UserSecurityRow | undefined> {
  return scoped(db, organisationId)
    .selectFrom('user_security')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Applies `patch` to the user's security row, creating it first when missing. */
export async function upsertSecurity(
  db: Db,
  organisationId: number,
  userId: number,
  patch: Updateable<UserSecurityTable> & { updated_at: string },
): Promise<void> {
  await db
    .insertInto('user_security')
    .values({
      user_id: userId,
      organisation_id: organisationId,
      failed_logins: 0,
      ...patch,
    } as Insertable<UserSecurityTable>)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(patch))
    .execute();
}

/** Counts one more failed sign-in and answers the new count (one statement: concurrent failures all count). */
export async function addFailedLogin(db: Db, organisationId: number, userId: number, now: string): Promise<number> {
  const row = await db
    .insertInto('user_security')
    .values({ user_id: userId, organisation_id: organisationId, failed_logins: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ failed_logins: sql<number>`user_security.failed_logins + 1`, updated_at: now }),
    )
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  return row.failed_logins;
}

/** Counts one more refused second-step code and answers the new count (one statement, like addFailedLogin). */
export async function addSecondStepFailure(
  db: Db,
  organisationId: number,
  userId: number,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('user_security')
    .values({
      user_id: userId,
      organisation_id: organisationId,
      failed_logins: 0,
      second_step_failures: 1,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ second_step_failures: sql<number>`user_security.second_step_failures + 1`, updated_at: now }),
    )
    .returning('second_step_failures')
    .executeTakeFirstOrThrow();
  return Number(row.second_step_failures);
}

/**
 * Counts one check of an open code (sign-in challenge or phone code) before the code is compared, in one
 * statement: parallel checks each take their own attempt, and none is taken past `maxChecks`. Answers the
 * attempt's number, or null when the code is used or its checks are spent.
 */
export async function takeCodeAttempt(
  db: Db,
  organisationId: number,
  id: number,
  maxChecks: number,
): Promise<number | null> {
  const row = await scoped(db, organisationId)
    .updateTable('verification_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxChecks)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/**
 * Remembers `step` as the last accepted authenticator step unless that step (or a later one) was accepted
 * already: one conditional update, so the same code sent twice at once passes only once.
 */
export async function claimTotpStep(db: Db, organisationId: number, userId: number, step: number, now: string) {
  const result = await scoped(db, organisationId)
    .updateTable('user_security')
    .set({ totp_last_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Locks the account unless it is locked already. */
export async function lockAccount(db: Db, organisationId: number, userId: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('user_security')
    .set({ locked_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('locked_at', 'is', null)
    .execute();
}

/** Which of `userIds` (in `scope`) are locked now. */
export async function findLockedUserIds(db: Db, scope: OrgScope, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await scoped(db, scope)
    .selectFrom('user_security')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('locked_at', 'is not', null)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Locked accounts in `scope`; `hideSupers` leaves out super users (an admin never sees them). */
function lockedScope(db: Db, scope: OrgScope, search: string | undefined, hideSupers: boolean) {
  let query = scoped(db, scope)
    .selectFrom('user_security as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .where('s.locked_at', 'is not', null);
  if (hideSupers) query = query.where('u.role', '!=', 'super');
  if (search) {
    const pattern = sql<string>`${likePattern(search)} escape '\\'`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['u.email']), 'like', pattern), eb(eb.fn('lower', ['o.name']), 'like', pattern)]),
    );
  }
  return query;
}

export async function countLocked(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  hideSupers: boolean,
): Promise<number> {
  const row = await lockedScope(db, scope, search, hideSupers)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listLocked(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  hideSupers: boolean,
  limit: number,
  offset: number,
) {
  return lockedScope(db, scope, search, hideSupers)
    .select([
      's.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'o.name as organisation',
      's.failed_logins',
      's.locked_at',
    ])
    .orderBy('s.locked_at', 'desc')
    .orderBy('s.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function replaceBypassCodes(
  db: Db,
  organisationId: number,
  userId: number,
  hashes: string[],
  now: string,
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('mfa_bypass_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('mfa_bypass_codes')
    .values(
      hashes.map((code_hash) => ({
        organisation_id: organisationId,
        user_id: userId,
        code_hash,
        created_at: now,
        used_at: null,
      })),
    )
    .execute();
}

export async function unusedBypassCodes(db: Db, organisationId: number, userId: number) {
  return scoped(db, organisationId)
    .selectFrom('mfa_bypass_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses the bypass code up; false when it was used meanwhile. */
export async function useBypassCode(db: Db, organisationId: number, id: number, now: string): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('mfa_bypass_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertCode(db: Db, values: Insertable<VerificationCodesTable>): Promise<number> {
  const row = await db.insertInto('verification_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The unused sign-in challenge behind a token hash (any organisation: the caller has no session yet). */
export async function findChallenge(db: Db, tokenHash: string): Promise<VerificationCodeRow | undefined> {
  return crossTenant(db, 'pre-authentication: a sign-in challenge is found by its token alone')
    .selectFrom('verification_codes')
    .selectAll()
    .where('purpose', '=', 'login')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** The user's newest unused phone code. */
export async function latestPhoneCode(
  db: Db,
  organisationId: number,
  userId: number,
): Promise<VerificationCodeRow | undefined> {
  return scoped(db, organisationId)
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'phone')
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateCode(
  db: Db,
  organisationId: number,
  id: number,
  patch: Updateable<VerificationCodesTable>,
): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('verification_codes')
    .set(patch)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the user's open codes of `purpose` (a new one replaces them). */
export async function closeCodes(
  db: Db,
  organisationId: number,
  userId: number,
  purpose: string,
  now: string,
): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Housekeeping: codes that were used, or expired, before `before`. Nothing accepts them any more: every
 * check needs an unused code before its `expires_at`.
 */
export async function deleteSpentCodes(db: Db, scope: OrgScope, before: string): Promise<void> {
  const codes =
    scope === ALL_ORGANISATIONS
      ? crossTenant(db, 'housekeeping: spent codes of every organisation').deleteFrom('verification_codes')
      : scoped(db, scope).deleteFrom('verification_codes');
  await codes.where((eb) => eb.or([eb('used_at', '<', before), eb('expires_at', '<', before)])).execute();
}

export async function requiredRoles(db: Db, organisationId: number): Promise<string[]> {
  const rows = await scoped(db, organisationId).selectFrom('mfa_role_policies').select('role').execute();
  return rows.map((row) => row.role).sort();
}

export async function setRequiredRoles(
  db: Db,
  organisationId: number,
  roles: readonly string[],
  now: string,
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('mfa_role_policies').execute();
  if (roles.length === 0) return;
  await db
    .insertInto('mfa_role_policies')
    .values(roles.map((role) => ({ organisation_id: organisationId, role, created_at: now })))
    .execute();
}

/** Whether the user completed a sign-in from the address (by its hash) since `since`. */
export async function isKnownAddress(
  db: Db,
  owner: { userId: number; organisationId: number },
  addressHash: string,
  since: string,
): Promise<boolean> {
  const row = await scoped(db, owner.organisationId)
    .selectFrom('known_sign_in_addresses')
    .select('last_signed_in_at')
    .where('user_id', '=', owner.userId)
    .where('address_hash', '=', addressHash)
    .where('last_signed_in_at', '>', since)
    .executeTakeFirst();
  return Boolean(row);
}

/** Records a completed sign-in from the address and forgets the user's addresses not seen since `forgetBefore`. */
export async function rememberAddress(
  db: Db,
  owner: { userId: number; organisationId: number },
  addressHash: string,
  now: string,
  forgetBefore: string,
): Promise<void> {
  await db
    .insertInto('known_sign_in_addresses')
    .values({
      user_id: owner.userId,
      organisation_id: owner.organisationId,
      address_hash: addressHash,
      last_signed_in_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'address_hash']).doUpdateSet({ last_signed_in_at: now }))
    .execute();
  await scoped(db, owner.organisationId)
    .deleteFrom('known_sign_in_addresses')
    .where('user_id', '=', owner.userId)
    .where('last_signed_in_at', '<', forgetBefore)
    .execute();
}
