import { forgotPasswordMessages } from '@lexdesk/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';

/** Rows per table that forgot password could write while answering. */
async function footprint(h: Harness) {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(h.database.db)).rows[0]
        ?.n,
    );
  return {
    jobs: await count('jobs'),
    outbox: await count('outbox'),
    link_tokens: await count('link_tokens'),
    audit_events: await count('audit_events'),
  };
}

// No background workers: what the request itself does stays visible until the test runs the jobs.
describeEachDatabase(
  'forgot password: one answer and the same work for known and unknown emails',
  (h) => {
    const forgot = (username: string) =>
      h().request('POST', '/api/forgotpassword/', { body: { username }, ip: h().uniqueIp() });

    it('answers alike and only queues a job in both cases; the job mails the known address alone', async () => {
      const user = await h().createUser({});
      const ghost = h().uniqueEmail('ghost');
      const start = await footprint(h());
      const known = await forgot(user.email);
      const afterKnown = await footprint(h());
      const unknown = await forgot(ghost);
      const afterUnknown = await footprint(h());

      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({ detail: forgotPasswordMessages.success, email: user.email });
      expect(unknown.json()).toEqual({ detail: forgotPasswordMessages.success, email: ghost });
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      // The request wrote one job row and nothing else, whoever the email belongs to.
      expect(afterKnown).toEqual({ ...start, jobs: start.jobs + 1 });
      expect(afterUnknown).toEqual({ ...afterKnown, jobs: afterKnown.jobs + 1 });

      expect(await h().mailsTo(user.email)).toHaveLength(1);
      expect(await h().mailsTo(ghost)).toHaveLength(0);
    });
  },
  { env: { JOB_WORKERS: '0' } },
);
