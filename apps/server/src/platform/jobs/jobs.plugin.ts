import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { startJobRunner, type JobRunner } from './jobs.service.ts';

const POLL_MS = 1_000;

/** Runs JOB_WORKERS background workers while the app is up; closing the app waits for jobs in hand. */
export function registerJobRunner(app: FastifyInstance, ctx: AppContext): void {
  let runner: JobRunner | undefined;
  app.addHook('onReady', async () => {
    if (ctx.config.jobWorkers > 0)
      runner = startJobRunner(ctx, { concurrency: ctx.config.jobWorkers, pollMs: POLL_MS });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
  });
}
