import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import type { JobsTable } from '../../db/tables/cases.ts';
import { crossTenant } from '../../db/tenant-scope.ts';

/** The job runner claims and settles jobs of every organisation (and of none), by id and lease. */
const runner = (db: Db) => crossTenant(db, 'the job runner: jobs of every organisation, by id and lease');

export type JobRow = Selectable<JobsTable>;

export async function insertJob(
  db: Db,
  row: {
    organisation_id: number | null;
    kind: string;
    payload: string;
    run_after: string;
    max_attempts: number;
    created_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      ...row,
      state: 'queued',
      updated_at: row.created_at,
      locked_by: null,
      locked_until: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The row lock of a claim (two workers never take one job) and the job kinds it may take. */
function claimClauses(dialect: Dialect, kinds: readonly string[]) {
  return {
    lock: dialect === 'postgres' ? sql`for update skip locked` : sql``,
    kindList: sql.join(kinds.map((kind) => sql`${kind}`)),
  };
}

/**
 * Takes the next due job: a queued one whose time has come, or a running one whose lease ran out (its
 * worker died) and that has attempts left. Claiming counts the attempt, so a job that kills the process
 * still uses one up. One statement, so two workers never take the same job (SKIP LOCKED on PostgreSQL;
 * SQLite has one writer at a time).
 */
export async function claimNextJob(
  db: Db,
  dialect: Dialect,
  kinds: readonly string[],
  now: string,
  lockedUntil: string,
  worker: string,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const { lock, kindList } = claimClauses(dialect, kinds);
  const result = await sql<JobRow>`update jobs set state = 'running', attempts = attempts + 1,
      locked_by = ${worker}, locked_until = ${lockedUntil}, updated_at = ${now}
    where id = (
      select id from jobs
      where kind in (${kindList}) and attempts < max_attempts
        and ((state = 'queued' and run_after <= ${now}) or (state = 'running' and locked_until < ${now}))
      order by run_after, id limit 1 ${lock}
    )
    returning *`.execute(runner(db));
  return result.rows[0];
}

/**
 * Takes a running job whose lease ran out after its last attempt (the worker died during it, perhaps
 * because of the job itself): it is not run again, only given up. The lease is taken so that exactly one
 * worker gives it up; attempts stay as they are.
 */
export async function claimExhaustedJob(
  db: Db,
  dialect: Dialect,
  kinds: readonly string[],
  now: string,
  lockedUntil: string,
  worker: string,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const { lock, kindList } = claimClauses(dialect, kinds);
  const result = await sql<JobRow>`update jobs set locked_by = ${worker}, locked_until = ${lockedUntil},
      updated_at = ${now}
    where id = (
      select id from jobs
      where kind in (${kindList}) and attempts >= max_attempts
        and state = 'running' and locked_until < ${now}
      order by locked_until, id limit 1 ${lock}
    )
    returning *`.execute(runner(db));
  return result.rows[0];
}

/** Extends the lease of a job `worker` runs; false when the job is no longer its own. */
export async function renewLease(
  db: Db,
  id: number,
  worker: string,
  now: string,
  lockedUntil: string,
): Promise<boolean> {
  const result = await runner(db)
    .updateTable('jobs')
    .set({ locked_until: lockedUntil, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the job done if `worker` still holds it; false when it does not (its lease was taken over). */
export async function finishJob(db: Db, id: number, worker: string, now: string): Promise<boolean> {
  const result = await runner(db)
    .updateTable('jobs')
    .set({ state: 'done', locked_by: null, locked_until: null, updated_at: now, last_error: null })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Queues the job for a retry at `retryAt`, or marks it failed (null); false when `worker` no longer holds it. */
export async function failJob(
  db: Db,
  id: number,
  worker: string,
  now: string,
  error: string,
  retryAt: string | null,
): Promise<boolean> {
  const result = await runner(db)
    .updateTable('jobs')
    .set({
      state: retryAt ? 'queued' : 'failed',
      run_after: retryAt ?? now,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
