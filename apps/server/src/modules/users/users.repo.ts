import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Flag, UserRow, UsersTable } from '../../db/database.types.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { ALL_ORGANISATIONS, type OrgScope } from '../../platform/access/actor.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export type { UserRow };

/** The user `userId` within `scope` (one organisation, or all for the super user). */
const userInOrganisation = preparedQuery((db: Db, organisationId: number, userId: number) =>
  scoped(db, organisationId).selectFrom('users').selectAll().where('id', '=', userId),
);
const userAnywhere = preparedQuery((db: Db, userId: number) =>
  scoped(db, ALL_ORGANISATIONS).selectFrom('users').selectAll().where('id', '=', userId),
);

export async function findUser(db: Db, scope: OrgScope, userId: number): Promise<UserRow | undefined> {
  const [row] =
    scope === ALL_ORGANISATIONS ? await userAnywhere(db, userId) : await userInOrganisation(db, scope, userId);
  return row;
}

/** Every user of the organisation, by name. */
export async function findUsersIn(db: Db, organisationId: number): Promise<UserRow[]> {
  return scoped(db, organisationId)
    .selectFrom('users')
    .selectAll()
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

/** Pre-authentication lookup (sign-in, forgot password, links): emails are unique across organisations. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return crossTenant(db, 'pre-authentication: a user is found by email, unique across organisations')
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Applies `patch` to the user of the organisation; false when there is no such user. */
export async function updateUser(
  db: Db,
  organisationId: number,
  userId: number,
  patch: Updateable<UsersTable>,
): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('users')
    .set(patch)
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets is_dark_theme to `dark` (or flips it) in one statement, marks the theme as chosen, answers the new value. */
export async function toggleDarkTheme(
  db: Db,
  organisationId: number,
  userId: number,
  now: string,
  dark?: boolean,
): Promise<Flag | undefined> {
  const row = await scoped(db, organisationId)
    .updateTable('users')
    .set({
      is_dark_theme: dark === undefined ? sql<Flag>`1 - is_dark_theme` : dark ? 1 : 0,
      theme_chosen: 1,
      updated_at: now,
    })
    .where('id', '=', userId)
    .returning('is_dark_theme')
    .executeTakeFirst();
  return row?.is_dark_theme;
}

export interface UserBrief {
  id: number;
  first_name: string;
  last_name: string;
  profile_image: string | null;
}

export async function findUserBriefs(db: Db, organisationId: number, ids: readonly number[]): Promise<UserBrief[]> {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'profile_image'])
    .where('id', 'in', [...ids])
    .execute();
}

/** "First Last" (or the email) of the organisation's users among `ids`: the audit log's names. */
export async function userDisplayNamesOf(db: Db, organisationId: number, ids: number[]): Promise<Map<number, string>> {
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'email', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name || row.email]));
}

/** Active users of the given organisations with their display names (pickers), by name. */
export async function activeUsersIn(db: Db, organisationIds: readonly number[]) {
  if (organisationIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'email', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
    .where('organisation_id', 'in', [...organisationIds])
    .where('is_active', '=', 1)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}
