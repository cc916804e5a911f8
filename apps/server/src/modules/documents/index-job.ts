import { nowIso, type AppContext } from '../../platform/context.ts';
import { extractTextInWorker, type ExtractableType } from '../../platform/extraction/extraction.service.ts';
import { PermanentJobError, type JobHandler, type JobRow } from '../../platform/jobs/jobs.service.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { documentSearch } from './document-search.ts';
import { findDocumentForIndexing, setIndexingState } from './documents.repo.ts';
import { backgroundWork } from '../../platform/queues/fair-queue.ts';

interface IndexPayload {
  documentId: number;
}

/** The organisation the job was queued for (documents.service queues each with the uploader's). */
function organisationOf(job: JobRow): number {
  if (job.organisation_id === null) throw new PermanentJobError('an indexing job without an organisation');
  return job.organisation_id;
}

/**
 * Extracts a document's text and indexes it. The document's indexing_state follows the job: indexing
 * while it runs, queued again (with the error) before a retry, failed after the last attempt, indexed.
 * A document deleted meanwhile simply ends the job.
 */
export const indexJob: JobHandler<IndexPayload> = {
  async run(ctx: AppContext, { documentId }, job) {
    const organisationId = organisationOf(job);
    const document = await findDocumentForIndexing(ctx.db, organisationId, documentId);
    if (!document) return;
    await setIndexingState(ctx.db, organisationId, documentId, 'indexing', null, null);
    const data = await blobStorage(ctx).get(document.storage_key);
    // On a parsing worker, within its time and memory limits: a hostile file fails its job, nothing else.
    const text = await extractTextInWorker(
      ctx.config.parse,
      backgroundWork(organisationId),
      data,
      document.extension as ExtractableType,
    ).catch((error: unknown) => {
      // Past the time or memory limit: the next attempt would only cost the same again.
      throw error instanceof ParseLimitError ? new PermanentJobError(error.message) : error;
    });
    if (!(await findDocumentForIndexing(ctx.db, organisationId, documentId))) return;
    // The index rows and the 'indexed' state commit together.
    const source = { id: documentId, organisationId: document.organisation_id, caseId: document.case_id };
    await documentSearch(ctx).index(source, text, (tx) =>
      setIndexingState(tx.db, organisationId, documentId, 'indexed', null, nowIso(tx)),
    );
  },
  async onRetry(ctx, { documentId }, error, job) {
    await setIndexingState(ctx.db, organisationOf(job), documentId, 'queued', error, null);
  },
  async onGivenUp(ctx, { documentId }, error, job) {
    await setIndexingState(ctx.db, organisationOf(job), documentId, 'failed', error, null);
  },
};
