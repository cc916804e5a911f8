import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { PlanHistoryTable } from '../../db/tables/organisation-admin.ts';

export type PlanHistoryRow = Selectable<PlanHistoryTable>;

export async function insertPlanHistory(db: Db, row: Insertable<PlanHistoryTable>): Promise<void> {
  await db.insertInto('plan_history').values(row).execute();
}

/** The plan history of one organisation, newest first. */
export async function listPlanHistory(db: Db, organisationId: number): Promise<PlanHistoryRow[]> {
  return db
    .selectFrom('plan_history')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc')
    .execute();
}
