import {
  amendmentBody,
  amendmentList,
  amendmentListQuery,
  amendmentParams,
  amendmentSearchQuery,
  feedbackCounts,
  feedbackPage,
  feedbackParams,
  headParams,
  headPartSaved,
  pageQuery,
  updateAllQuery,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { amendmentsService } from './amendments.service.ts';
import { feedbackService } from './feedback.service.ts';

const tags = ['analyser'];
const READ = 'analyser.concepts.read';
const WRITE = 'analyser.concepts.write';

/** Amendments and the response log of a head (spec 03 §7 "Amendments", "Response log"). */
export const responseLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const amendments = amendmentsService(ctx);
  const feedback = feedbackService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/concept/amendments/:concept_id/',
    access: READ,
    tags,
    summary: "A head's amendments, optionally of one `type`",
    params: headParams,
    query: amendmentListQuery,
    reply: amendmentList,
    handler: ({ actor, params, query }) => amendments.list(actor, params.concept_id, query.type),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept/amendments/:concept_id/',
    access: WRITE,
    tags,
    summary: "Add an amendment; the super user's `updateAll` adds it to every head of that name in every list",
    params: headParams,
    query: updateAllQuery,
    body: amendmentBody,
    reply: headPartSaved,
    created: true,
    errors: [409],
    handler: ({ actor, params, query, body }) => amendments.add(actor, params.concept_id, query.updateAll, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept/amendment/modification/:amendment_id/',
    access: WRITE,
    tags,
    summary: 'Edit an amendment (with `updateAll`: its whole group)',
    params: amendmentParams,
    query: updateAllQuery,
    body: amendmentBody,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query, body }) => amendments.update(actor, params.amendment_id, query.updateAll, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept/amendment/modification/:amendment_id/',
    access: WRITE,
    tags,
    summary: 'Delete an amendment (with `updateAll`: its whole group)',
    params: amendmentParams,
    query: updateAllQuery,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query }) => amendments.remove(actor, params.amendment_id, query.updateAll),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept/amendments-search/:concept_id/',
    access: READ,
    tags,
    summary: "Search a head's amendments by `search_key`",
    params: headParams,
    query: amendmentSearchQuery,
    reply: amendmentList,
    handler: ({ actor, params, query }) => amendments.search(actor, params.concept_id, query.type, query.search_key),
  });

  // Response log
  route(app, {
    method: 'GET',
    url: '/api/feedbacks/count/:concept_id/',
    access: READ,
    tags,
    summary: "Likes and dislikes of a head's hits, with each term's share of liked hits",
    params: headParams,
    reply: feedbackCounts,
    handler: ({ actor, params }) => feedback.counts(actor, params.concept_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/feedbacks/concept/:concept_id/',
    access: READ,
    tags,
    summary: "The votes on a head's hits, newest first (the caller's organisation's; every one for the super user)",
    params: headParams,
    query: pageQuery,
    reply: feedbackPage,
    handler: ({ actor, params, query }) => feedback.page(actor, params.concept_id, query),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/feedback/delete/:feedback_id/',
    access: 'analyser.feedback.delete',
    tags,
    summary: 'Delete a vote (204)',
    params: feedbackParams,
    handler: async ({ actor, params, reply }) => {
      await feedback.remove(actor, params.feedback_id);
      return reply.code(204).send();
    },
  });
};
