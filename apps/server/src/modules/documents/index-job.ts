import { nowIso, type AppContext } from '../../platform/context.ts';
import { extractTextInWorker, type ExtractableType } from '../../platform/extraction/extraction.service.ts';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { documentSearch } from './document-search.ts';
import { findDocumentForIndexing, setIndexingState } from './documents.repo.ts';

interface IndexPayload {
  documentId: number;
}

/**
 * Extracts a document's text and indexes it. The document's indexing_state follows the job: indexing
 * while it runs, queued again (with the error) before a retry, failed after the last attempt, indexed.
 * A document deleted meanwhile simply ends the job.
 */
export const indexJob: JobHandler<IndexPayload> = {
  async run(ctx: AppContext, { documentId }) {
    const document = await findDocumentForIndexing(ctx.db, documentId);
    if (!document) return;
    await setIndexingState(ctx.db, documentId, 'indexing', null, null);
    const data = await blobStorage(ctx).get(document.storage_key);
    // On a parsing worker, within its time and memory limits: a hostile file fails its job, nothing else.
    const text = await extractTextInWorker(ctx.config.parse, data, document.extension as ExtractableType).catch(
      (error: unknown) => {
        // Past the time or memory limit: the next attempt would only cost the same again.
        throw error instanceof ParseLimitError ? new PermanentJobError(error.message) : error;
      },
    );
    if (!(await findDocumentForIndexing(ctx.db, documentId))) return;
    // The index rows and the 'indexed' state commit together.
    const source = { id: documentId, organisationId: document.organisation_id, caseId: document.case_id };
    await documentSearch(ctx).index(source, text, (tx) =>
      setIndexingState(tx.db, documentId, 'indexed', null, nowIso(tx)),
    );
  },
  async onRetry(ctx, { documentId }, error) {
    await setIndexingState(ctx.db, documentId, 'queued', error, null);
  },
  async onGivenUp(ctx, { documentId }, error) {
    await setIndexingState(ctx.db, documentId, 'failed', error, null);
  },
};
