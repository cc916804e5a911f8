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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseSavedSearchesService } from './case-saved-searches.service.ts';

const tags = ['cases'];
const caseParams = z.object({ case_id: idParam });
const searchParams = z.object({ saved_search_id: idParam });

/** Saved searches of a case (spec 01 §6 'save search'): list, save, delete; running one is the documents list's `text`. */
export const caseSavedSearchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const searches = caseSavedSearchesService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/saved-searches/',
    access: 'case.savedSearches.read',
    tags,
    summary: "A case's saved searches, newest first, with the actions the caller may take",
    params: caseParams,
    query: pageQuery,
    reply: savedSearchListResponse,
    handler: ({ actor, params, query }) => searches.list(actor, params.case_id, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case/:case_id/saved-searches/',
    access: 'case.savedSearches.save',
    tags,
    summary: "Save a search of the case's documents (`terms` as typed; a blank `name` becomes the terms)",
    params: caseParams,
    body: savedSearchBody,
    reply: savedSearchRow,
    created: true,
    errors: [409],
    handler: ({ actor, params, body }) => searches.save(actor, params.case_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case/saved-search/:saved_search_id/',
    access: 'case.savedSearches.delete',
    tags,
    summary: 'Delete a saved search (super and admin: any; user: the ones they saved)',
    params: searchParams,
    reply: detailResponse,
    handler: ({ actor, params }) => searches.remove(actor, params.saved_search_id),
  });
};
