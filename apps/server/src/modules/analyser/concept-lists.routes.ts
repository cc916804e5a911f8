import {
  conceptCombineQuery,
  conceptCombineResponse,
  conceptContentPage,
  conceptContentQuery,
  conceptContentSearchQuery,
  conceptCopyQuery,
  conceptCopyResponse,
  conceptDetailsQuery,
  conceptDetailsResponse,
  conceptHead,
  conceptHeadUpdated,
  conceptListCreateBody,
  conceptListCreated,
  conceptListDetailQuery,
  conceptListDetailResponse,
  conceptListOptions,
  conceptListOptionsQuery,
  conceptListUpdateBody,
  conceptListUpdated,
  conceptListUpdateQuery,
  conceptListVersions,
  conceptSingleBody,
  conceptSingleQuery,
  detailResponse,
  idParam,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { conceptHeadsService } from './concept-heads.service.ts';
import { conceptListsService } from './concept-lists.service.ts';

const tags = ['analyser'];
const READ = 'analyser.concepts.read';
const WRITE = 'analyser.concepts.write';
export const listParams = z.object({ concept_list_id: idParam });

/** Concept lists and heads (spec 03 §7 "Concept lists and heads"; docs/analyser.md). */
export const conceptListsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const lists = conceptListsService(ctx);
  const heads = conceptHeadsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/concept-list/',
    access: READ,
    tags,
    summary: 'Every concept list the caller sees (the super user: those the chosen organisation sees)',
    query: conceptListOptionsQuery,
    reply: conceptListOptions,
    handler: ({ actor, query }) => lists.options(actor, query.organisation_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-content/list/',
    access: READ,
    tags,
    summary: 'The concept repository page: lists, or the heads of `concept_list_id`',
    query: conceptContentQuery,
    reply: conceptContentPage,
    notFound: true,
    handler: ({ actor, query }) => lists.content(actor, { ...query, listId: query.concept_list_id, search: '' }),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-content/search/',
    access: READ,
    tags,
    summary: 'Search the repository (list name, head, term) or the heads of `conceptListID`',
    query: conceptContentSearchQuery,
    reply: conceptContentPage,
    notFound: true,
    handler: ({ actor, query }) => lists.content(actor, { ...query, listId: query.conceptListID }),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-list/create/',
    access: READ,
    tags,
    summary: 'A list for the edit page, with its draft',
    query: conceptListDetailQuery,
    reply: conceptListDetailResponse,
    notFound: true,
    handler: async ({ actor, query }) => ({ concept_list: [await lists.detail(actor, query.conceptListID)] }),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-list/',
    access: WRITE,
    tags,
    summary: "A new concept list owned by the caller's organisation",
    body: conceptListCreateBody,
    reply: conceptListCreated,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => lists.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept-list/',
    access: WRITE,
    tags,
    summary: "Edit a list in place, or in the organisation's own copy (`updateAll`, `organisationID`)",
    query: conceptListUpdateQuery,
    body: conceptListUpdateBody,
    reply: conceptListUpdated,
    notFound: true,
    errors: [409],
    handler: ({ actor, query, body }) => lists.update(actor, query, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/:concept_list_id/',
    access: WRITE,
    tags,
    summary: "Delete a list (the owner), or remove it from the organisation's repository (anyone else)",
    params: listParams,
    reply: detailResponse,
    handler: ({ actor, params }) => lists.remove(actor, params.concept_list_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-list/versions/:concept_list_id/',
    access: READ,
    tags,
    summary: "The list's numbered versions, newest first: who changed which head",
    params: listParams,
    reply: conceptListVersions,
    handler: ({ actor, params }) => lists.versions(actor, params.concept_list_id),
  });

  // One head at a time
  route(app, {
    method: 'GET',
    url: '/api/concept-content/single/',
    access: READ,
    tags,
    summary: 'One concept head',
    query: conceptSingleQuery,
    reply: conceptHead,
    notFound: true,
    handler: ({ actor, query }) => heads.single(actor, query.conceptID),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept-content/single/',
    access: WRITE,
    tags,
    summary: "Edit one head (in place, or in the organisation's own copy); answers the head edited",
    query: conceptSingleQuery,
    body: conceptSingleBody,
    reply: conceptHeadUpdated,
    notFound: true,
    errors: [409],
    handler: ({ actor, query, body }) => heads.updateSingle(actor, query, body[0] as (typeof body)[number]),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-content/combine/',
    access: READ,
    tags,
    summary: 'The draft of the given heads, then the heads',
    query: conceptCombineQuery,
    reply: conceptCombineResponse,
    notFound: true,
    handler: ({ actor, query }) => heads.combine(actor, query.conceptID),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-content/update/combine/',
    access: WRITE,
    tags,
    summary: 'Copy heads (or a whole list) with their parts into lists; heads the target has are skipped',
    query: conceptCopyQuery,
    reply: conceptCopyResponse,
    notFound: true,
    errors: [409],
    handler: ({ actor, query }) => heads.copy(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/concept-list/concepts/details/',
    access: READ,
    tags,
    summary: 'Heads with their rules, out-of-scope items and clauses',
    query: conceptDetailsQuery,
    reply: conceptDetailsResponse,
    notFound: true,
    handler: ({ actor, query }) => heads.details(actor, query.concept_ids),
  });
};
