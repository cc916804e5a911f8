import { expect, it, vi } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';
import {
  enqueueJob,
  JOB_DEFAULTS,
  PermanentJobError,
  registerJobHandler,
  runDueJobs,
  runNextJob,
  startJobRunner,
} from './jobs.service.ts';

/** A promise the test opens when it wants the blocked handlers to finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const jobRow = (h: Harness, id: number) =>
  h.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Waits until the heartbeat has pushed the lease of every job in `ids` a full lease past the test clock. */
async function leasesRenewed(h: Harness, ids: number[]) {
  const renewedUntil = new Date(h.clock.now().getTime() + JOB_DEFAULTS.leaseMs).toISOString();
  await vi.waitFor(
    async () => {
      for (const id of ids) expect((await jobRow(h, id)).locked_until).toBe(renewedUntil);
    },
    { timeout: 5_000, interval: 5 },
  );
}

describeEachDatabase(
  'jobs',
  (h) => {
    it('gives a job up at once when its failure is permanent (no retry would fix it)', async () => {
      const seen: string[] = [];
      const kind = `test.permanent.${Date.now()}`;
      registerJobHandler(kind, {
        run: async () => {
          seen.push('run');
          throw new PermanentJobError('too complex');
        },
        onRetry: async () => void seen.push('retry'),
        onGivenUp: async (_ctx, _p, error) => void seen.push(`gave up: ${error}`),
      });
      const id = await enqueueJob(h().ctx, kind, {}, { maxAttempts: 5 });
      await runDueJobs(h().ctx);
      expect(await jobRow(h(), id)).toMatchObject({ state: 'failed', attempts: 1 });
      expect(seen).toEqual(['run', 'gave up: too complex']);
    });

    it('runs the failure hooks while the job is still held: whoever sees it waiting or ended sees what they recorded', async () => {
      const kind = `test.hook-order.${Date.now()}`;
      const statesInHooks: string[] = [];
      const stateOf = async (id: number) => (await jobRow(h(), id)).state;
      registerJobHandler<{ id?: number }>(kind, {
        run: async () => {
          throw new Error('refused');
        },
        onRetry: async (_ctx, _payload, _error, job) => void statesInHooks.push(`retry: ${await stateOf(job.id)}`),
        onGivenUp: async (_ctx, _payload, _error, job) => void statesInHooks.push(`gave up: ${await stateOf(job.id)}`),
      });
      const id = await enqueueJob(h().ctx, kind, {}, { maxAttempts: 2 });
      await runDueJobs(h().ctx);
      expect(await stateOf(id)).toBe('queued');
      h().clock.advance({ minutes: 5 });
      await runDueJobs(h().ctx);
      expect(await stateOf(id)).toBe('failed');
      expect(statesInHooks).toEqual(['retry: running', 'gave up: running']);
    });

    it('retries a failing job with growing backoff, then gives up and reports it', async () => {
      const seen: string[] = [];
      const kind = `test.flaky.${Date.now()}`;
      registerJobHandler<{ n: number }>(kind, {
        run: async (_ctx, payload) => {
          seen.push(`run ${payload.n}`);
          throw new Error('boom');
        },
        onRetry: async () => void seen.push('retry'),
        onGivenUp: async (_ctx, _p, error) => void seen.push(`gave up: ${error}`),
      });
      const id = await enqueueJob(h().ctx, kind, { n: 1 }, { maxAttempts: 3 });
      expect(await runDueJobs(h().ctx)).toBe(1);
      const job = async () =>
        h().database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(await job()).toMatchObject({ state: 'queued', attempts: 1, last_error: 'boom' });
      expect(await runDueJobs(h().ctx)).toBe(0); // not due before its backoff
      h().clock.advance({ minutes: 1 });
      await runDueJobs(h().ctx);
      h().clock.advance({ minutes: 1 });
      await runDueJobs(h().ctx);
      expect(await job()).toMatchObject({ state: 'failed', attempts: 3 });
      expect(seen).toEqual(['run 1', 'retry', 'run 1', 'retry', 'run 1', 'gave up: boom']);
    });

    it('takes over a job whose worker died (its lease ran out), as after a restart', async () => {
      const kind = `test.lease.${Date.now()}`;
      let runs = 0;
      registerJobHandler(kind, { run: async () => void (runs += 1) });
      const id = await enqueueJob(h().ctx, kind, {});
      // A worker claims it and "dies": the row stays 'running' with a lease.
      await h()
        .database.db.updateTable('jobs')
        .set({
          state: 'running',
          locked_by: 'dead-worker',
          locked_until: new Date(h().clock.now().getTime() + 60_000).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      expect(await runNextJob(h().ctx, 'w2')).toBe(false);
      h().clock.advance({ minutes: 2 });
      expect(await runNextJob(h().ctx, 'w2')).toBe(true);
      expect(runs).toBe(1);
      expect(
        (await h().database.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state,
      ).toBe('done');
    });

    it('gives up, without running it again, a job whose lease ran out during its last attempt', async () => {
      const kind = `test.killer.${Date.now()}`;
      let runs = 0;
      const givenUp: string[] = [];
      registerJobHandler(kind, {
        run: async () => void (runs += 1),
        onGivenUp: async (_ctx, _payload, error) => void givenUp.push(error),
      });
      const id = await enqueueJob(h().ctx, kind, {}, { maxAttempts: 2 });
      // Its second (last) attempt took the process down: the row stays 'running' with a lease.
      await h()
        .database.db.updateTable('jobs')
        .set({
          state: 'running',
          attempts: 2,
          locked_by: 'dead-worker',
          locked_until: new Date(h().clock.now().getTime() + 60_000).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      expect(await runNextJob(h().ctx, 'w2')).toBe(false);
      h().clock.advance({ minutes: 2 });
      expect(await runNextJob(h().ctx, 'w2')).toBe(true);
      expect(await runNextJob(h().ctx, 'w2')).toBe(false);
      expect(runs).toBe(0);
      expect(givenUp).toEqual([expect.stringMatching(/^Stopped after 2 attempts/)]);
      expect(await jobRow(h(), id)).toMatchObject({ state: 'failed', attempts: 2, locked_by: null });
      h().clock.advance({ days: 1 });
      expect(await runDueJobs(h().ctx)).toBe(0);
    });

    it('renews the lease of a long job, so a second worker cannot take it over', async () => {
      const kind = `test.long.${Date.now()}`;
      const release = gate();
      const started = gate();
      let runs = 0;
      registerJobHandler(kind, {
        run: async () => {
          runs += 1;
          started.open();
          await release.opened;
        },
      });
      const id = await enqueueJob(h().ctx, kind, {});
      const first = runNextJob(h().ctx, 'w1', { heartbeatMs: 5 });
      await started.opened;
      // Eight minutes pass in steps (a five-minute lease); the heartbeat keeps the lease ahead of the clock.
      for (let step = 0; step < 4; step += 1) {
        h().clock.advance({ minutes: 2 });
        await leasesRenewed(h(), [id]);
      }
      expect(await runNextJob(h().ctx, 'w2', { heartbeatMs: 5 })).toBe(false);
      release.open();
      expect(await first).toBe(true);
      expect(runs).toBe(1);
      expect(await jobRow(h(), id)).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
    });

    it('never runs one job on two workers, across runners and past the lease time', async () => {
      const kind = `test.parallel.${Date.now()}`;
      const release = gate();
      const running = new Set<number>();
      const starts: number[] = [];
      let overlaps = 0;
      registerJobHandler<{ n: number }>(kind, {
        run: async (_ctx, _payload, job) => {
          if (running.has(job.id)) overlaps += 1;
          running.add(job.id);
          starts.push(job.id);
          await release.opened;
          running.delete(job.id);
        },
      });
      const ids: number[] = [];
      for (let n = 0; n < 6; n += 1) ids.push(await enqueueJob(h().ctx, kind, { n }));
      const first = startJobRunner(h().ctx, { concurrency: 3, pollMs: 5, heartbeatMs: 5 });
      first.wake();
      await vi.waitFor(() => expect(starts).toHaveLength(3), { timeout: 5_000, interval: 5 });
      const held = [...starts];
      for (let step = 0; step < 4; step += 1) {
        h().clock.advance({ minutes: 2 });
        await leasesRenewed(h(), held);
      }
      // Another server's runner starts now: it may only take the jobs nobody holds.
      const second = startJobRunner(h().ctx, { concurrency: 2, pollMs: 5, heartbeatMs: 5 });
      second.wake();
      await vi.waitFor(() => expect(starts).toHaveLength(5), { timeout: 5_000, interval: 5 });
      release.open();
      await vi.waitFor(
        async () => {
          const states = await h().database.db.selectFrom('jobs').select('state').where('id', 'in', ids).execute();
          expect(states.every((row) => row.state === 'done')).toBe(true);
        },
        { timeout: 5_000, interval: 5 },
      );
      await first.stop();
      await second.stop();
      expect(overlaps).toBe(0);
      expect([...starts].sort((a, b) => a - b)).toEqual(ids);
      const rows = await h().database.db.selectFrom('jobs').select('attempts').where('id', 'in', ids).execute();
      expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('leaves a job alone once its lease was taken over: no finish, no retry by the old worker', async () => {
      const kind = `test.stolen.${Date.now()}`;
      const retried: string[] = [];
      registerJobHandler(kind, {
        run: async (ctx, _payload, job) => {
          // Meanwhile (say the process stalled past its lease) another worker took the job over.
          await h()
            .database.db.updateTable('jobs')
            .set({ locked_by: 'other-worker' })
            .where('id', '=', job.id)
            .execute();
          throw new Error('too late');
        },
        onRetry: async (_ctx, _payload, error) => void retried.push(error),
      });
      const id = await enqueueJob(h().ctx, kind, {});
      expect(await runNextJob(h().ctx, 'w1')).toBe(true);
      expect(retried).toEqual([]);
      expect(await jobRow(h(), id)).toMatchObject({ state: 'running', locked_by: 'other-worker', last_error: null });
    });
  },
  // The tests drive the workers themselves: no background runner of the app takes their jobs.
  { env: { JOB_WORKERS: '0' } },
);
