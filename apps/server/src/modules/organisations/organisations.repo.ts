import { MODULE_FLAGS } from '@lexdesk/contract';
import type { Insertable } from 'kysely';
import type { Db, ModuleFlagColumns, OrganisationsTable } from '../../db/database.types.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export interface OrganisationJoinedRow extends ModuleFlagColumns {
  id: number;
  name: string;
  plan: string;
  plan_started_at: string | null;
  plan_expires_at: string | null;
  user_limit: number;
}

const organisationQuery = preparedQuery((db: Db, organisationId: number) =>
  db
    .selectFrom('organisations as o')
    .innerJoin('plans as p', 'p.id', 'o.plan_id')
    .select(['o.id', 'o.name', 'p.name as plan', 'o.plan_started_at', 'o.plan_expires_at', 'o.user_limit'])
    .select(MODULE_FLAGS.map((flag) => `o.${flag}` as const))
    .where('o.id', '=', organisationId),
);

export async function findOrganisation(db: Db, organisationId: number): Promise<OrganisationJoinedRow | undefined> {
  const [row] = await organisationQuery(db, organisationId);
  return row;
}

/** Every organisation's id and name: the provider side (super) only; the service checks that. */
export async function listAllOrganisationOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('organisations').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findOrganisationIdByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function findPlanId(db: Db, name: string, duration: number | null): Promise<number | undefined> {
  let query = db.selectFrom('plans').select('id').where('name', '=', name);
  query = duration === null ? query.where('duration', 'is', null) : query.where('duration', '=', duration);
  return (await query.executeTakeFirst())?.id;
}

export async function insertOrganisation(db: Db, values: Insertable<OrganisationsTable>): Promise<number> {
  const row = await db.insertInto('organisations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function hasAnyOrganisation(db: Db): Promise<boolean> {
  return (await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The organisation's name, or null when it is gone. */
export async function organisationNameOf(db: Db, organisationId: number): Promise<string | null> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirst();
  return row?.name ?? null;
}
