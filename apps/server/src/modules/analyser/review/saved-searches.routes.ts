import {
  advanceSearchOptions,
  detailResponse,
  pageQuery,
  reviewRun,
  reviewSaveBody,
  reviewSearchList,
  reviewSearchPage,
  reviewSearchRow,
  savedSearchAdvancedBody,
  savedSearchDataParams,
  savedSearchDataQuery,
  savedSearchDeleteQuery,
  savedSearchDetail,
  savedSearchFilterQuery,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.ts';
import { route } from '../../../platform/http/define-route.ts';
import { savedSearchesService } from './saved-searches.service.ts';

const tags = ['analyser'];
const READ = 'analyser.savedSearches.read';

/** Saved searches (spec 03 §2.4, §2.5, §7 "Saved searches"): reviews and the case detail's searches in one list. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const searches = savedSearchesService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/save-search/advance-search/',
    access: READ,
    tags,
    summary:
      "The Advance drop-down's suggestions: concept list, case and document names of the caller's saved searches",
    reply: advanceSearchOptions,
    handler: ({ actor }) => searches.suggestions(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/save-search/',
    access: READ,
    tags,
    summary: "Saved searches, newest first (super and admin: the organisation's; a user: their own), with suggestions",
    query: pageQuery,
    reply: reviewSearchList,
    handler: ({ actor, query }) => searches.list(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/save-search/filter/',
    access: READ,
    tags,
    summary: 'The search box: concept list, case or document name (a case search also by its words)',
    query: savedSearchFilterQuery,
    reply: reviewSearchPage,
    handler: ({ actor, query }) => searches.filter(actor, query, { search: query.search }),
  });
  route(app, {
    method: 'POST',
    url: '/api/save-search/filter/',
    access: READ,
    tags,
    summary: "The advanced search: every field given must match ('Search fields cannot be empty' when none is)",
    query: pageQuery,
    body: savedSearchAdvancedBody,
    reply: reviewSearchPage,
    handler: ({ actor, query, body }) =>
      searches.filter(
        actor,
        { page_no: body.page_no ?? query.page_no, limits: query.limits },
        { caseTitle: body.case_title, documentName: body.document_name, conceptList: body.conceptlist },
      ),
  });
  route(app, {
    method: 'POST',
    url: '/api/save-search/',
    access: 'analyser.savedSearches.save',
    tags,
    summary: "Save a finished review (`run_id`) with its inputs, the list's version, the horizon and the figures",
    body: reviewSaveBody,
    reply: reviewSearchRow,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => searches.save(actor, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/save-search/',
    access: 'analyser.savedSearches.delete',
    tags,
    summary: 'Delete a saved search (`kind` review or case_search); every role, on the searches it sees',
    query: savedSearchDeleteQuery,
    reply: detailResponse,
    notFound: true,
    handler: ({ actor, query }) => searches.remove(actor, query.id, query.kind),
  });
  route(app, {
    method: 'GET',
    url: '/api/save-search/data/:id/',
    access: READ,
    tags,
    summary: 'A saved search to view: inputs, saved figures, and why they may be stale (offer a re-run)',
    params: savedSearchDataParams,
    query: savedSearchDataQuery,
    reply: savedSearchDetail,
    handler: ({ actor, params, query }) => searches.detail(actor, params.id, query.kind),
  });
  route(app, {
    method: 'POST',
    url: '/api/save-search/:id/rerun/',
    access: 'analyser.review.run',
    tags,
    summary:
      'Run a saved review again on the list and documents as they are now (answers a run, as POST solr-search/review/)',
    params: savedSearchDataParams,
    reply: reviewRun,
    errors: [409, 429],
    handler: ({ actor, params }) => searches.rerun(actor, params.id),
  });
};
