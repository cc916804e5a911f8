import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { enqueueJob, registerJobHandler, runDueJobs, runNextJob } from './jobs.service.ts';

describeEachDatabase('jobs', (h) => {
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
    const job = async () => h().ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
      .ctx.db.updateTable('jobs')
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
      (await h().ctx.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state,
    ).toBe('done');
  });
});
