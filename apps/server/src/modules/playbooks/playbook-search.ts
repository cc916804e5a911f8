import type { PlaybookFallback } from '@lexdesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { extractTextInWorker, type ExtractableType } from '../../platform/extraction/extraction.service.ts';
import { htmlToText } from '../../platform/extraction/html-text.ts';
import { PermanentJobError, type JobHandler, type JobRow } from '../../platform/jobs/jobs.service.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { searchService } from '../../platform/search/search.service.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { findAttachment, setAttachmentState } from './playbook-parts.repo.ts';
import { backgroundWork } from '../../platform/queues/fair-queue.ts';

/** The search index's source kinds of playbooks (stored in every index row: never rename them). */
export const PLAYBOOK_ATTACHMENT_SOURCE = 'playbook_attachment';
export const PLAYBOOK_ENTRY_SOURCE = 'playbook_entry';

/** The job that extracts and indexes an attachment's text off the request thread. */
export const ATTACHMENT_INDEX_JOB = 'playbooks.index_attachment';

export const attachmentSearch = (ctx: AppContext) => searchService(ctx, PLAYBOOK_ATTACHMENT_SOURCE);
export const entrySearch = (ctx: AppContext) => searchService(ctx, PLAYBOOK_ENTRY_SOURCE);

export interface EntryText {
  topic: string;
  standard_position: string;
  fallbacks: readonly PlaybookFallback[];
  unacceptable: readonly string[];
  model_language: string;
}

/** An entry as plain text, one paragraph a part: what the term search finds words in. */
export function entryPlainText(entry: EntryText): string {
  return [
    entry.topic,
    htmlToText(entry.standard_position),
    ...entry.fallbacks.flatMap((fallback) => [fallback.position, fallback.guidance, fallback.approver]),
    ...entry.unacceptable,
    htmlToText(entry.model_language),
  ]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}

interface IndexPayload {
  attachmentId: number;
}

function organisationOf(job: JobRow): number {
  if (job.organisation_id === null) throw new PermanentJobError('an indexing job without an organisation');
  return job.organisation_id;
}

/**
 * Extracts an attachment's text on a parsing worker and indexes it (state pending → indexed, or failed after
 * the last attempt). An attachment deleted meanwhile ends the job.
 */
export const attachmentIndexJob: JobHandler<IndexPayload> = {
  async run(ctx, { attachmentId }, job) {
    const organisationId = organisationOf(job);
    const attachment = await findAttachment(ctx.db, organisationId, attachmentId);
    if (!attachment) return;
    const data = await blobStorage(ctx).get(attachment.storage_key);
    const text = await extractTextInWorker(
      ctx.config.parse,
      backgroundWork(organisationId),
      data,
      attachment.extension as ExtractableType,
    ).catch((error: unknown) => {
      throw error instanceof ParseLimitError ? new PermanentJobError(error.message) : error;
    });
    if (!(await findAttachment(ctx.db, organisationId, attachmentId))) return;
    await attachmentSearch(ctx).index({ id: attachmentId, organisationId }, text, (tx) =>
      setAttachmentState(tx.db, organisationId, attachmentId, 'indexed'),
    );
  },
  async onGivenUp(ctx, { attachmentId }, _error, job) {
    await setAttachmentState(ctx.db, organisationOf(job), attachmentId, 'failed');
  },
};
