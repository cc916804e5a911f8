import {
  can,
  REVIEW_LIMITS,
  reviewMessages as m,
  type ContextPage,
  type ContextRow,
  type HitFeedbackBody,
  type HorizonQuery,
  type PartiesResponse,
  type ReviewBody,
  type ReviewResult,
  type ReviewRun,
} from '@lexdesk/contract';
import type { Actor } from '../../../platform/access/actor.ts';
import { auditService } from '../../../platform/audit/audit.service.ts';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../../platform/http/route-schemas.ts';
import { caseSummaries } from '../../cases/index.ts';
import { documentSearch, documentsForReview, isAnalysisCancelled } from '../../documents/index.ts';
import { auditActor, visibleHead } from '../concept-edit-target.ts';
import { recordFeedback } from '../feedback.service.ts';
import { countReview } from './review-count.ts';
import { resolveReview, termsOf } from './review-inputs.ts';
import { reviewRuns, toRunAnswer, type RunRecord } from './review-runs.ts';

/**
 * The review (spec 03 §2.5, issue 13; docs/analyser.md "Review and saved searches"): runs, keyword in
 * context, votes on hits and the parties of a document's case. Only documents the caller may open are
 * ever counted or shown.
 */
export function reviewService(ctx: AppContext) {
  const runs = reviewRuns(ctx);

  /** The document, when the caller may open it; 404 otherwise (another organisation's looks missing). */
  const openable = async (actor: Actor, documentId: number) => {
    const [doc] = await documentsForReview(ctx, actor, { caseIds: [], documentIds: [documentId] });
    if (!doc) throw notFound();
    return doc;
  };

  const count = async (actor: Actor, run: RunRecord, review: Awaited<ReturnType<typeof resolveReview>>) => {
    try {
      const result = await countReview(ctx, actor.organisationId, review, {
        signal: run.controller.signal,
        onProgress: (done) => {
          run.done = done;
        },
      });
      if (run.status === 'running') runs.finish(run, { result });
    } catch (err) {
      if (isAnalysisCancelled(err) || run.controller.signal.aborted) {
        if (run.status === 'running') runs.finish(run, { cancelled: true });
      } else {
        ctx.log.error({ err, run: run.id }, 'review failed');
        runs.finish(run, { failed: true });
      }
    }
  };

  return {
    /**
     * Starts a review. Up to REVIEW_LIMITS.directDocuments documents it is counted in the request and the
     * answer is `done`; above, it counts in the background and the answer is `running` (poll, or cancel).
     */
    async start(actor: Actor, body: ReviewBody): Promise<ReviewRun> {
      const review = await resolveReview(ctx, actor, body);
      const run = runs.start(actor, review.documents.length);
      const counting = count(actor, run, review);
      if (review.documents.length <= REVIEW_LIMITS.directDocuments) await counting;
      return toRunAnswer(run);
    },

    /** A run's progress, and its result once done. */
    poll(actor: Actor, runId: string): ReviewRun {
      return toRunAnswer(runs.get(actor, runId));
    },

    /** Cancels a running review (a finished one stays as it is). */
    cancel(actor: Actor, runId: string): ReviewRun {
      const run = runs.get(actor, runId);
      runs.cancel(run);
      return toRunAnswer(run);
    },

    /** A finished run's result (export, save); 409 while it still runs or when it was cancelled or failed. */
    resultOf(actor: Actor, runId: string): ReviewResult {
      const run = runs.get(actor, runId);
      if (run.status === 'running') throw conflict(m.runNotFinished);
      if (!run.result) throw conflict(run.detail ?? m.runFailed);
      return run.result;
    },

    /**
     * Keyword in context of a head (every term, term by term, each in text order) or of one of its terms in a
     * document the caller may open; the rows in all equal the count.
     */
    async context(actor: Actor, query: HorizonQuery): Promise<ContextPage> {
      const { head } = await visibleHead(ctx, actor, query.conceptID);
      const doc = await openable(actor, query.documentUID);
      const headTerms = termsOf(head);
      let terms = headTerms;
      if (query.term !== undefined && query.term !== '') {
        const wanted = query.term.replace(/\s+/g, ' ').toLowerCase();
        const match = headTerms.find((term) => term.toLowerCase() === wanted);
        if (!match) throw badRequest(m.termNotInHead, { term: m.termNotInHead });
        terms = [match];
      }
      const search = documentSearch(ctx);
      const counts = (await search.countTerms(actor.organisationId, [doc.id], terms)).get(doc.id) ?? [];
      const total = counts.reduce((sum, n) => sum + n, 0);
      const rows: ContextRow[] = [];
      let skip = (query.page_no - 1) * query.limits;
      for (const [index, term] of terms.entries()) {
        const termTotal = counts[index] ?? 0;
        if (rows.length >= query.limits) break;
        if (skip >= termTotal) {
          skip -= termTotal;
          continue;
        }
        const page = await search.keywordInContextPage(actor.organisationId, doc.id, term, query.horizon, {
          offset: skip,
          limit: query.limits - rows.length,
        });
        skip = 0;
        for (const row of page.rows)
          rows.push({
            position: row.position,
            occurrence: row.occurrence,
            term,
            left: row.left,
            keyword: row.keyword,
            right: row.right,
            start: row.start,
            end: row.end,
            sentence: row.passage,
          });
      }
      return {
        data: rows,
        page: pageInfoOf({ page_no: query.page_no, limits: query.limits }, total),
        horizon: query.horizon,
        concept_id: head.id,
        doc_id: doc.id,
      };
    },

    /** Like, dislike or comment on a hit: the vote lands in the head's response log (part 1). */
    async feedback(actor: Actor, body: HitFeedbackBody): Promise<{ detail: string; id: number }> {
      const { head } = await visibleHead(ctx, actor, body.concept_id);
      const doc = await openable(actor, body.document_id);
      const term = termsOf(head).find((t) => t.toLowerCase() === body.term.replace(/\s+/g, ' ').toLowerCase());
      if (!term) throw badRequest(m.termNotInHead, { term: m.termNotInHead });
      const id = await recordFeedback(ctx, actor, head.id, {
        thumbs_up: body.thumbs_up,
        comments: body.comments,
        term,
        document_id: doc.id,
      });
      await auditService(ctx).record(auditActor(actor), 'concept_head', head.id, 'feedback.added', {
        feedback_id: id,
        document_id: doc.id,
        thumbs_up: body.thumbs_up,
      });
      return { detail: m.feedbackSaved, id };
    },

    /** The parties of a case (the document's case of a review row); none → the spec's message. */
    async parties(actor: Actor, caseId: number): Promise<PartiesResponse> {
      if (!can(actor, 'case.documents.read')) throw notFound();
      const summary = (await caseSummaries(ctx, actor.organisationId, [caseId])).get(caseId);
      if (!summary) throw notFound();
      return { parties: summary.parties, detail: summary.parties.length === 0 ? m.noParty : null };
    },
  };
}
