import { sql } from 'kysely';
import type { ModuleFlag } from '@lexdesk/contract';
import type { Db, UserRow } from '../../db/database.types.ts';
import type { OrgScope } from '../../platform/access/actor.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';
import { likePattern } from '../../db/like.ts';

export interface ManagedUserRow extends UserRow {
  organisation_name: string;
}

function usersIn(db: Db, scope: OrgScope, search: string | undefined, hideSupers: boolean) {
  let query = scoped(db, scope).selectFrom('users as u').innerJoin('organisations as o', 'o.id', 'u.organisation_id');
  if (hideSupers) query = query.where('u.role', '!=', 'super');
  if (search) {
    const pattern = likePattern(search);
    const like = (column: 'u.email' | 'u.first_name' | 'u.last_name' | 'o.name') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('u.email'),
        like('u.first_name'),
        like('u.last_name'),
        like('o.name'),
        eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of the users in `scope` (one organisation, or all for super), newest first. */
export async function listManagedUsers(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  limit: number,
  offset: number,
  hideSupers: boolean,
): Promise<ManagedUserRow[]> {
  return usersIn(db, scope, search, hideSupers)
    .selectAll('u')
    .select('o.name as organisation_name')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countManagedUsers(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  hideSupers: boolean,
): Promise<number> {
  const row = await usersIn(db, scope, search, hideSupers)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findManagedUser(db: Db, scope: OrgScope, userId: number): Promise<ManagedUserRow | undefined> {
  return scoped(db, scope)
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .selectAll('u')
    .select('o.name as organisation_name')
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Deletes the user; sessions, links and notifications go with them (foreign keys cascade). */
export async function deleteUserRow(db: Db, organisationId: number, userId: number): Promise<boolean> {
  const result = await scoped(db, organisationId).deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Display names of users by id, in any organisation: only for history screens, whose events the caller
 * has already been allowed to read (the actor of an event may be a super user of the provider side).
 */
export async function findDisplayNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await crossTenant(
    db,
    'history screens: names of the actors of readable events (a super user acts anywhere)',
  )
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim() || r.email]));
}

/** Names of the organisation's users among `ids` ("First Last", else the email); another organisation's never. */
export async function findNamesIn(
  db: Db,
  organisationId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim() || r.email]));
}

/** Active users of the organisation (no super user) holding `module`, by name: a module's people picker. */
export async function findActiveWithModule(
  db: Db,
  organisationId: number,
  module: ModuleFlag,
): Promise<{ id: number; name: string }[]> {
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('is_active', '=', 1)
    .where(module, '=', 1)
    .where('role', '!=', 'super')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() || r.email }));
}

/** The ids among `ids` that are active users of the organisation. */
export async function findActiveIdsIn(db: Db, organisationId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('is_active', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}
