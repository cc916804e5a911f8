import type { Db } from '../db/database.types.ts';

/** Records that `step` succeeded at `at` (one row per step, whichever server ran it). */
export async function recordStepSuccess(db: Db, step: string, at: string): Promise<void> {
  await db
    .insertInto('housekeeping_runs')
    .values({ step, succeeded_at: at })
    .onConflict((oc) => oc.column('step').doUpdateSet({ succeeded_at: at }))
    .execute();
}

/** When each step last succeeded. */
export async function stepSuccesses(db: Db): Promise<{ step: string; succeeded_at: string }[]> {
  return db.selectFrom('housekeeping_runs').select(['step', 'succeeded_at']).orderBy('step').execute();
}
