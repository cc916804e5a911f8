import { MODULE_FLAGS } from '@lexdesk/contract';
import { sql, type Updateable } from 'kysely';
import type { Db, ModuleFlagColumns, OrganisationsTable } from '../../db/database.types.ts';
import { likePattern } from '../../db/like.ts';
import { ALL_ORGANISATIONS, type OrgScope } from '../../platform/access/actor.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** An organisation with its plan and the number of users that count against its limit. */
export interface OrganisationAdminRow extends ModuleFlagColumns {
  id: number;
  name: string;
  plan_id: number;
  plan_name: string;
  duration: number | null;
  user_limit: number;
  contact_email: string;
  contact_phone: string;
  plan_started_at: string | null;
  plan_expires_at: string | null;
  created_at: string;
  registered_users: number;
}

function organisationsIn(db: Db, scope: OrgScope, search: string | undefined) {
  let query = db.selectFrom('organisations as o').innerJoin('plans as p', 'p.id', 'o.plan_id');
  if (scope !== ALL_ORGANISATIONS) query = query.where('o.id', '=', scope);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['o.name']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['o.contact_email']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

function selectRow(db: Db, scope: OrgScope, search: string | undefined) {
  return organisationsIn(db, scope, search)
    .select([
      'o.id',
      'o.name',
      'o.plan_id',
      'p.name as plan_name',
      'p.duration',
      'o.user_limit',
      'o.contact_email',
      'o.contact_phone',
      'o.plan_started_at',
      'o.plan_expires_at',
      'o.created_at',
    ])
    .select(MODULE_FLAGS.map((flag) => `o.${flag}` as const))
    .select((eb) =>
      eb
        .selectFrom('users as u')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('u.organisation_id', '=', 'o.id')
        .where('u.is_active', '=', 1)
        .as('registered_users'),
    );
}

function normalise<T extends { registered_users: number | string | null }>(row: T): T & { registered_users: number } {
  return { ...row, registered_users: Number(row.registered_users ?? 0) };
}

/** One page of organisations in `scope`, by name. */
export async function listOrganisations(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<OrganisationAdminRow[]> {
  const rows = await selectRow(db, scope, search)
    .orderBy('o.name')
    .orderBy('o.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(normalise);
}

export async function countOrganisations(db: Db, scope: OrgScope, search: string | undefined): Promise<number> {
  const row = await organisationsIn(db, scope, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOrganisationAdmin(db: Db, organisationId: number): Promise<OrganisationAdminRow | undefined> {
  const row = await selectRow(db, organisationId, undefined).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export async function findOrganisationByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('organisations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

export async function updateOrganisation(
  db: Db,
  organisationId: number,
  patch: Updateable<OrganisationsTable>,
): Promise<boolean> {
  const result = await db.updateTable('organisations').set(patch).where('id', '=', organisationId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves an ended Trial to another plan; false when another request did it first (or it is no Trial any more). */
export async function convertExpiredTrial(
  db: Db,
  organisationId: number,
  trialPlanId: number,
  now: string,
  patch: Updateable<OrganisationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set(patch)
    .where('id', '=', organisationId)
    .where('plan_id', '=', trialPlanId)
    .where('plan_expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the organisation; its users, sessions, links and notifications go with it (foreign keys cascade). */
export async function deleteOrganisation(db: Db, organisationId: number): Promise<boolean> {
  const result = await db.deleteFrom('organisations').where('id', '=', organisationId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Users of the organisations in `scope`, grouped by organisation: one query for any number of them. */
function usersByOrganisation(db: Db, scope: OrgScope) {
  return scoped(db, scope).selectFrom('users').select('organisation_id').groupBy('organisation_id');
}

const byOrganisation = (rows: { organisation_id: number; n: number | string | null }[]) =>
  new Map(rows.map((row) => [row.organisation_id, Number(row.n ?? 0)]));

/** Per organisation: users that count against the user limit (active ones). */
export async function countActiveUsers(db: Db, scope: OrgScope): Promise<Map<number, number>> {
  const rows = await usersByOrganisation(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1)
    .execute();
  return byOrganisation(rows);
}

/** Per organisation: bytes of what it stores today in the database itself (profile pictures). */
export async function profileImageBytes(db: Db, scope: OrgScope): Promise<Map<number, number>> {
  const rows = await usersByOrganisation(db, scope)
    .select((eb) => eb.fn.sum<number | string | null>(eb.fn('length', ['profile_image'])).as('n'))
    .execute();
  return byOrganisation(rows);
}

export async function listOrganisationIds(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('organisations').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findPlan(db: Db, name: string, duration: number | null) {
  let query = db.selectFrom('plans').select(['id', 'name', 'duration']).where('name', '=', name);
  query = duration === null ? query.where('duration', 'is', null) : query.where('duration', '=', duration);
  return query.executeTakeFirst();
}

export async function listPlans(db: Db) {
  return db.selectFrom('plans').select(['id', 'name', 'duration']).orderBy('id').execute();
}
