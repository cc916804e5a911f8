import type { AppContext } from '../../platform/context.ts';
import { extractTextInWorker, type ExtractableType } from '../../platform/extraction/extraction.service.ts';
import { htmlToText } from '../../platform/extraction/html-text.ts';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { searchService } from '../../platform/search/search.service.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { findAttachment, setAttachmentState } from './knowledge.repo.ts';
import { backgroundWork } from '../../platform/queues/fair-queue.ts';

/** The search index's source kinds of knowledge (stored in every index row: never rename them). */
export const KNOWLEDGE_ARTICLE_SOURCE = 'knowledge_article';
export const KNOWLEDGE_ATTACHMENT_SOURCE = 'knowledge_attachment';

/** The job that extracts and indexes an attachment's text off the request thread. */
export const KNOWLEDGE_ATTACHMENT_JOB = 'knowledge.index_attachment';

export const articleSearch = (ctx: AppContext) => searchService(ctx, KNOWLEDGE_ARTICLE_SOURCE);
export const attachmentSearch = (ctx: AppContext) => searchService(ctx, KNOWLEDGE_ATTACHMENT_SOURCE);

/** An article as the search finds it: title, body text and keywords, a paragraph each. */
export function articleText(article: { title: string; body: string | null; keywords: readonly string[] }): string {
  return [article.title, htmlToText(article.body ?? ''), article.keywords.join('\n')]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}

/** (Re-)indexes an article in its home organisation's index (inside the caller's transaction). */
export async function indexArticle(
  tx: AppContext,
  article: {
    id: number;
    home_organisation_id: number;
    title: string;
    body: string | null;
    keywords: readonly string[];
  },
): Promise<void> {
  await articleSearch(tx).index({ id: article.id, organisationId: article.home_organisation_id }, articleText(article));
}

interface IndexPayload {
  attachmentId: number;
}

/**
 * Extracts an attachment's text on a parsing worker and indexes it (pending → indexed, or failed after the
 * last attempt). An attachment deleted meanwhile ends the job.
 */
export const knowledgeAttachmentJob: JobHandler<IndexPayload> = {
  async run(ctx, { attachmentId }) {
    const attachment = await findAttachment(ctx.db, attachmentId);
    if (!attachment) return;
    const data = await blobStorage(ctx).get(attachment.storage_key);
    const text = await extractTextInWorker(
      ctx.config.parse,
      backgroundWork(attachment.organisation_id),
      data,
      attachment.extension as ExtractableType,
    ).catch((error: unknown) => {
      throw error instanceof ParseLimitError ? new PermanentJobError(error.message) : error;
    });
    if (!(await findAttachment(ctx.db, attachmentId))) return;
    await attachmentSearch(ctx).index({ id: attachmentId, organisationId: attachment.organisation_id }, text, (tx) =>
      setAttachmentState(tx.db, attachmentId, 'indexed'),
    );
  },
  async onGivenUp(ctx, { attachmentId }) {
    await setAttachmentState(ctx.db, attachmentId, 'failed');
  },
};
