import { sql } from 'kysely';
import { ALL_ORGANISATIONS, type OrgScope } from '../platform/access/actor.ts';
import type { Db } from './database.types.ts';
import { crossTenant } from './tenant-scope.ts';

/**
 * The few queries every module needs about the rows it owns, written once: the storage keys a delete
 * releases, and the per-organisation counts of the usage download. Table and column names come from the
 * modules' declarations (code, never input).
 */

type Filter = { organisationId: number; caseId?: number; column?: string; equals?: number };

function where({ organisationId, caseId, column, equals }: Filter) {
  const parts = [sql`organisation_id = ${organisationId}`];
  if (caseId !== undefined) parts.push(sql`case_id = ${caseId}`);
  if (column !== undefined) parts.push(sql`${sql.ref(column)} = ${equals}`);
  return sql.join(parts, sql` and `);
}

/** The distinct, non-empty storage keys held in `table.column` by the rows `filter` selects. */
export async function storageKeysOf(db: Db, tableColumn: string, filter: Filter): Promise<string[]> {
  const [table, column] = tableColumn.split('.') as [string, string];
  const { rows } = await sql<{ key: string | null }>`select distinct ${sql.ref(column)} as key from ${sql.table(table)}
    where ${where(filter)}`.execute(db);
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Per organisation in `scope`: the number of rows of `table` (one grouped query). */
export function countPerOrganisation(table: string) {
  return (db: Db, scope: OrgScope) => grouped(db, table, sql`count(*)`, scope);
}

/** Per organisation in `scope`: the sum of `table.column` (bytes stored, say). */
export function sumPerOrganisation(tableColumn: string) {
  const [table, column] = tableColumn.split('.') as [string, string];
  return (db: Db, scope: OrgScope) => grouped(db, table, sql`sum(${sql.ref(column)})`, scope);
}

async function grouped(db: Db, table: string, value: ReturnType<typeof sql>, scope: OrgScope) {
  const every = scope === ALL_ORGANISATIONS;
  const filter = every ? sql`` : sql`where organisation_id = ${scope}`;
  const { rows } = await sql<{ organisation_id: number; n: number | string | null }>`select organisation_id,
    ${value} as n from ${sql.table(table)} ${filter} group by organisation_id`.execute(
    every ? crossTenant(db, 'the usage download of every organisation (super user)') : db,
  );
  return new Map(rows.map((row) => [Number(row.organisation_id), Number(row.n ?? 0)]));
}

/** Deletes the rows of `table` of one organisation (tables whose foreign key does not cascade). */
export async function deleteOrganisationRows(db: Db, table: string, organisationId: number): Promise<void> {
  await sql`delete from ${sql.table(table)} where organisation_id = ${organisationId}`.execute(db);
}

/**
 * A hand-over of memberships (`table` holds organisation_id, `parentColumn` and user_id): the successor joins
 * everything the departing user was a member of, once. The departing user's own rows then go by foreign key.
 */
export async function handOverMemberships(
  db: Db,
  table: string,
  parentColumn: string,
  target: { organisationId: number; userId: number; successorId: number },
): Promise<void> {
  const { organisationId, userId, successorId } = target;
  const parent = sql.ref(parentColumn);
  await sql`insert into ${sql.table(table)} (organisation_id, ${parent}, user_id)
    select organisation_id, ${parent}, ${successorId} from ${sql.table(table)} mine
    where mine.organisation_id = ${organisationId} and mine.user_id = ${userId}
      and not exists (select 1 from ${sql.table(table)} theirs
        where theirs.organisation_id = mine.organisation_id and theirs.${parent} = mine.${parent}
          and theirs.user_id = ${successorId})`.execute(db);
}
