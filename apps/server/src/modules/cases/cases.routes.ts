import {
  caseBody,
  caseDetail,
  caseListQuery,
  caseListResponse,
  caseStatusHistoryResponse,
  caseUsersResponse,
  detailResponse,
  idParam,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseSavedSearchesRoutes } from './case-saved-searches.routes.ts';
import { casesService } from './cases.service.ts';

const tags = ['cases'];
const caseParams = z.object({ case_id: idParam });

/** Cases (issue 4 items 1-2): list, create, detail, edit, delete, status history, assignable users, saved searches. */
export const casesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cases = casesService(ctx);
  await app.register(caseSavedSearchesRoutes, { ctx });

  route(app, {
    method: 'GET',
    url: '/api/case/',
    access: 'case.cases.read',
    tags,
    summary: 'Cases of the organisation: paged, filtered by title/client/party (search_key) and document text (text)',
    query: caseListQuery,
    reply: caseListResponse,
    handler: ({ actor, query }) => cases.list(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case/',
    access: 'case.cases.create',
    tags,
    summary: 'Create a case',
    body: caseBody,
    reply: caseDetail,
    created: true,
    handler: ({ actor, body }) => cases.create(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/case/users/',
    access: 'case.cases.read',
    tags,
    summary: 'Active users of the organisation a case can be assigned to',
    reply: caseUsersResponse,
    handler: ({ actor }) => cases.assignableUsers(actor),
  });

  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/',
    access: 'case.cases.read',
    tags,
    summary: 'A case with its parties, assigned users and the actions the caller may take',
    params: caseParams,
    reply: caseDetail,
    handler: ({ actor, params }) => cases.detail(actor, params.case_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/case/:case_id/',
    access: 'case.cases.edit',
    tags,
    summary: 'Save a case (a changed status is added to its status history)',
    params: caseParams,
    body: caseBody,
    reply: caseDetail,
    handler: ({ actor, params, body }) => cases.update(actor, params.case_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case/:case_id/',
    access: 'case.cases.delete',
    tags,
    summary: 'Delete a case with its documents, emails, alerts and reports',
    params: caseParams,
    reply: detailResponse,
    handler: ({ actor, params }) => cases.remove(actor, params.case_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/status-history/',
    access: 'case.cases.read',
    tags,
    summary: "A case's status changes, newest first",
    params: caseParams,
    reply: caseStatusHistoryResponse,
    handler: ({ actor, params }) => cases.statusHistory(actor, params.case_id),
  });
};
