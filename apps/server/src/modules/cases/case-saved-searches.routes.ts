import {
  detailResponse,
  idParam,
  pageQuery,
  savedSearchBody,
  savedSearchListResponse,
  savedSearchRow,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { caseSavedSearchesService } from './case-saved-searches.service.ts';

const tags = ['cases'];
const caseParams = z.object({ case_id: idParam });
const searchParams = z.object({ saved_search_id: idParam });

/** Saved searches of a case (spec 01 §6 'save search'): list, save, delete; running one is the documents list's `text`. */
export const caseSavedSearchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const searches = caseSavedSearchesService(ctx);

  app.get(
    '/api/case/:case_id/saved-searches/',
    {
      config: { access: 'case.savedSearches.read' },
      schema: {
        tags,
        summary: "A case's saved searches, newest first, with the actions the caller may take",
        params: caseParams,
        querystring: pageQuery,
        response: withErrors({ 200: savedSearchListResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => searches.list(actorOf(request), request.params.case_id, request.query),
  );

  app.post(
    '/api/case/:case_id/saved-searches/',
    {
      config: { access: 'case.savedSearches.save' },
      schema: {
        tags,
        summary: "Save a search of the case's documents (`terms` as typed; a blank `name` becomes the terms)",
        params: caseParams,
        body: savedSearchBody,
        response: withErrors({ 201: savedSearchRow }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await searches.save(actorOf(request), request.params.case_id, request.body)),
  );

  app.delete(
    '/api/case/saved-search/:saved_search_id/',
    {
      config: { access: 'case.savedSearches.delete' },
      schema: {
        tags,
        summary: 'Delete a saved search (super and admin: any; user: the ones they saved)',
        params: searchParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => searches.remove(actorOf(request), request.params.saved_search_id),
  );
};
