import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { PlanHistoryTable } from '../../db/tables/organisation-admin.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type PlanHistoryRow = Selectable<PlanHistoryTable>;

export async function insertPlanHistory(db: Db, row: Insertable<PlanHistoryTable>): Promise<void> {
  await db.insertInto('plan_history').values(row).execute();
}

/** The plan history of one organisation, newest first. */
export async function listPlanHistory(db: Db, organisationId: number): Promise<PlanHistoryRow[]> {
  return scoped(db, organisationId).selectFrom('plan_history').selectAll().orderBy('id', 'desc').execute();
}
