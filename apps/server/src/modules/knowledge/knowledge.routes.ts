import { knowledgeHandover, knowledgeLookupQuery, knowledgeLookupResult } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { knowledgeAuthService } from './knowledge-auth.service.ts';
import { knowledgeSearchService } from './knowledge-search.service.ts';

const tags = ['knowledge'];

/**
 * Knowledge on the main API (main session): the hand-over to the knowledge tab and the analyser's lookup.
 * Open to every role; the services answer the licence and knowledge-role refusals with their messages.
 */
export const knowledgeMainRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = knowledgeAuthService(ctx);
  const search = knowledgeSearchService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/knowledge-handover/',
    access: 'knowledge.use',
    tags,
    summary: 'A one-time code (2 minutes) the knowledge tab exchanges for its knowledge token',
    reply: knowledgeHandover,
    created: true,
    handler: ({ actor }) => auth.handover(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge-lookup/',
    access: 'knowledge.use',
    tags,
    summary: "The articles matching an analyser hit's term or concept head that the user may see",
    query: knowledgeLookupQuery,
    reply: knowledgeLookupResult,
    notFound: true,
    handler: ({ actor, query }) => search.lookup(actor, query),
  });
};
