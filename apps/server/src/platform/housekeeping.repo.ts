import type { Db } from '../db/database.types.ts';

/** Records that `step` succeeded at `at` (one row per step, whichever server ran it). */
export async function recordStepSuccess(db: Db, step: string, at: string): Promise<void> {
  await db
    .insertInto('housekeeping_runs')
    .values({ step, succeeded_at: at })
    .onConflict((oc) => oc.column('step').doUpdateSet({ succeeded_at: at }))
    .execute();
}

/** Records that `step` failed at `at` with an error of kind `failure` (its class and code, never its message). */
export async function recordStepFailure(db: Db, step: string, at: string, failure: string): Promise<void> {
  await db
    .insertInto('housekeeping_failures')
    .values({ step, failed_at: at, failure })
    .onConflict((oc) => oc.column('step').doUpdateSet({ failed_at: at, failure }))
    .execute();
}

/** When each step last succeeded. */
export async function stepSuccesses(db: Db): Promise<{ step: string; succeeded_at: string }[]> {
  return db.selectFrom('housekeeping_runs').select(['step', 'succeeded_at']).orderBy('step').execute();
}

/** When each step last failed, and with what kind of error. */
export async function stepFailures(db: Db): Promise<{ step: string; failed_at: string; failure: string }[]> {
  return db.selectFrom('housekeeping_failures').select(['step', 'failed_at', 'failure']).orderBy('step').execute();
}
