import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { notFound } from '../../platform/errors/http-error.ts';

export interface CaseBrief {
  id: number;
  title: string;
}

/**
 * The case `caseId` of the actor's organisation, or 404 (another organisation's case looks missing).
 * Case records read the cases table only for this check and for titles in their lists.
 */
export async function requireCase(db: Db, actor: Actor, caseId: number): Promise<CaseBrief> {
  const row = await db
    .selectFrom('cases')
    .select(['id', 'title'])
    .where('organisation_id', '=', actor.organisationId)
    .where('id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** "First Last" of a joined users row (alias `alias`), null when the user is gone. */
export function personName(alias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;
}

/** Today's date (YYYY-MM-DD, UTC) by the services' clock: alerts fall due on it. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** 0/1 → boolean. */
export const flag = (value: number): boolean => value === 1;
