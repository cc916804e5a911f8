import {
  contextPage,
  exportResultQuery,
  hitFeedbackBody,
  hitFeedbackResponse,
  horizonQuery,
  partiesParams,
  partiesResponse,
  reviewBody,
  reviewRun,
  reviewRunParams,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors/http-error.ts';
import { attachmentDisposition } from '../../../platform/http/content-disposition.ts';
import { route } from '../../../platform/http/define-route.ts';
import { XLSX_TYPE } from '../../templates/index.ts';
import { CSV_TYPE } from '../concept-files.service.ts';
import { exportReview } from './review-export.ts';
import { reviewService } from './review.service.ts';
import { savedSearchesService } from './saved-searches.service.ts';

const tags = ['analyser'];
const RUN = 'analyser.review.run';

/** The review (spec 03 §2.5, §7; docs/analyser.md "Review and saved searches"). */
export const reviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reviews = reviewService(ctx);
  const saved = savedSearchesService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/solr-search/review/',
    access: RUN,
    tags,
    summary:
      'Run a concept list (or `concept_ids` of it) over cases and documents the caller may open: up to 50 documents answers `done` with the result, more answers `running` (poll GET, cancel DELETE)',
    body: reviewBody,
    reply: reviewRun,
    notFound: true,
    errors: [429],
    handler: ({ actor, body }) => reviews.start(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/solr-search/review/:run_id/',
    access: RUN,
    tags,
    summary: "A review's progress, and its result once `done` (kept 60 minutes)",
    params: reviewRunParams,
    reply: reviewRun,
    handler: ({ actor, params }) => reviews.poll(actor, params.run_id),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/solr-search/review/:run_id/',
    access: RUN,
    tags,
    summary: 'Cancel a running review',
    params: reviewRunParams,
    reply: reviewRun,
    handler: ({ actor, params }) => reviews.cancel(actor, params.run_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/solr-search/horizon/',
    access: RUN,
    tags,
    summary:
      'Keyword in context of a head (or one `term` of it) in a document, `horizon` words either side (35 reads as 30)',
    query: horizonQuery,
    reply: contextPage,
    notFound: true,
    handler: ({ actor, query }) => reviews.context(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/solr-search/feedback/',
    access: 'analyser.review.feedback',
    tags,
    summary: "Like, dislike or comment on a hit: it lands in the head's response log",
    body: hitFeedbackBody,
    reply: hitFeedbackResponse,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => reviews.feedback(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/case/document/parties/:caseTaskId/',
    access: RUN,
    tags,
    summary: "The parties of a reviewed document's case (none: 'No Party is assigned to the selected document.')",
    params: partiesParams,
    reply: partiesResponse,
    handler: ({ actor, params }) => reviews.parties(actor, params.caseTaskId),
  });
  route(app, {
    method: 'GET',
    url: '/api/solr/export-result/',
    access: RUN,
    tags,
    summary: 'The figures of a finished run (`run_id`) or a saved search (`saved_search_id`) as .xlsx or .csv',
    query: exportResultQuery,
    produces: [XLSX_TYPE, CSV_TYPE],
    reply: z.any(),
    notFound: true,
    errors: [409],
    handler: async ({ actor, query, reply }) => {
      const result =
        query.run_id !== undefined
          ? reviews.resultOf(actor, query.run_id)
          : (await saved.detail(actor, query.saved_search_id ?? 0, 'review')).result;
      if (!result) throw notFound();
      const file = await exportReview(result, query.format);
      return reply
        .type(query.format === 'csv' ? CSV_TYPE : XLSX_TYPE)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  });
};
