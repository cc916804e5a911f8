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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { caseSavedSearchesRoutes } from './case-saved-searches.routes.ts';
import { casesService } from './cases.service.ts';

const tags = ['cases'];
const caseParams = z.object({ case_id: idParam });

/** Cases (issue 4 items 1-2): list, create, detail, edit, delete, status history, assignable users, saved searches. */
export const casesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cases = casesService(ctx);
  await app.register(caseSavedSearchesRoutes, { ctx });

  app.get(
    '/api/case/',
    {
      config: { access: 'case.cases.read' },
      schema: {
        tags,
        summary:
          'Cases of the organisation: paged, filtered by title/client/party (search_key) and document text (text)',
        querystring: caseListQuery,
        response: withErrors({ 200: caseListResponse }, 400, 401, 403),
      },
    },
    async (request) => cases.list(actorOf(request), request.query),
  );

  app.post(
    '/api/case/',
    {
      config: { access: 'case.cases.create' },
      schema: {
        tags,
        summary: 'Create a case',
        body: caseBody,
        response: withErrors({ 201: caseDetail }, 400, 401, 403),
      },
    },
    async (request, reply) => reply.code(201).send(await cases.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/case/users/',
    {
      config: { access: 'case.cases.read' },
      schema: {
        tags,
        summary: 'Active users of the organisation a case can be assigned to',
        response: withErrors({ 200: caseUsersResponse }, 401, 403),
      },
    },
    async (request) => cases.assignableUsers(actorOf(request)),
  );

  app.get(
    '/api/case/:case_id/',
    {
      config: { access: 'case.cases.read' },
      schema: {
        tags,
        summary: 'A case with its parties, assigned users and the actions the caller may take',
        params: caseParams,
        response: withErrors({ 200: caseDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => cases.detail(actorOf(request), request.params.case_id),
  );

  app.put(
    '/api/case/:case_id/',
    {
      config: { access: 'case.cases.edit' },
      schema: {
        tags,
        summary: 'Save a case (a changed status is added to its status history)',
        params: caseParams,
        body: caseBody,
        response: withErrors({ 200: caseDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => cases.update(actorOf(request), request.params.case_id, request.body),
  );

  app.delete(
    '/api/case/:case_id/',
    {
      config: { access: 'case.cases.delete' },
      schema: {
        tags,
        summary: 'Delete a case with its documents, emails, alerts and reports',
        params: caseParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => cases.remove(actorOf(request), request.params.case_id),
  );

  app.get(
    '/api/case/:case_id/status-history/',
    {
      config: { access: 'case.cases.read' },
      schema: {
        tags,
        summary: "A case's status changes, newest first",
        params: caseParams,
        response: withErrors({ 200: caseStatusHistoryResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => cases.statusHistory(actorOf(request), request.params.case_id),
  );
};
