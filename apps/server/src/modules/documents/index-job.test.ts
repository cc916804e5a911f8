import type { DocumentListResponse } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { runDueJobs } from '../../platform/jobs/jobs.service.ts';
import { createCase, uploadOk } from '../cases/case-test-helpers.ts';
import { buildText } from './sample-files.ts';

describeEachDatabase(
  'document indexing job',
  (h) => {
    it('marks a document failed, visibly, when its last indexing attempt took the server down', async () => {
      const admin = (await h().login(DEMO.admin)).access;
      const caseId = (await createCase(h(), admin, { title: 'Crashing file' })).id;
      const doc = await uploadOk(h(), admin, caseId, 'killer.txt', buildText('Killer', ['text']));
      // The worker claimed the job for its last attempt and the process died while extracting.
      const job = await h()
        .database.db.updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb.ref('max_attempts'),
          locked_by: 'dead-worker',
          locked_until: new Date(h().clock.now().getTime() + 60_000).toISOString(),
        }))
        .where('kind', '=', 'documents.index')
        .where('payload', 'like', `%"documentId":${doc.id}%`)
        .returning('id')
        .executeTakeFirstOrThrow();

      h().clock.advance({ minutes: 10 }); // past the lease, as after a restart
      await runDueJobs(h().ctx);

      const res = await h().request('GET', `/api/case/${caseId}/documents/`, { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json<DocumentListResponse>().data.find((d) => d.id === doc.id);
      expect(row).toMatchObject({ indexing_state: 'failed', indexing_error: expect.stringMatching(/^Stopped after/) });
      const state = await h()
        .database.db.selectFrom('jobs')
        .select('state')
        .where('id', '=', job.id)
        .executeTakeFirst();
      expect(state?.state).toBe('failed');
    });
  },
  { env: { JOB_WORKERS: '0' } },
);
