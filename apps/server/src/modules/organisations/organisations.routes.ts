import {
  commonMessages,
  detailResponse,
  historyResponse,
  organisationBody,
  organisationIdParams,
  organisationItem,
  organisationList,
  organisationListQuery,
  usageDownloadQuery,
} from '@lexdesk/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { organisationsAdminService } from './organisations-admin.service.ts';
import { usageCsv, usageXlsx } from './usage-export.ts';

const tags = ['organisations'];
/** A file answer: sent as bytes, never serialised (OpenAPI shows a binary string). */
const binaryFile = z.string().describe('binary');
const access = 'organisations.organisations.manage' as const;

/** /organization (spec 01 §6): super only. */
export const organisationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const organisations = organisationsAdminService(ctx);

  app.get(
    '/api/organisation/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every organisation, paged, searchable by name or contact email',
        querystring: organisationListQuery,
        response: withErrors({ 200: organisationList }, 400, 401, 403),
      },
    },
    async (request) => organisations.list(actorOf(request), request.query),
  );

  app.post(
    '/api/organisation/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create an organisation (name, plan, user limit, contact, module defaults)',
        body: organisationBody,
        response: withErrors({ 201: organisationItem }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await organisations.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/organisation/usage/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Usage data (users, active users, storage, documents, template executions, searches) as XLSX or CSV',
        querystring: usageDownloadQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/json'],
        response: withErrors({ 200: binaryFile }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const rows = await organisations.usage(actorOf(request), request.query.id);
      const stamp = ctx.now().toISOString().slice(0, 10);
      const name = `usage-${request.query.id ?? 'all'}-${stamp}`;
      const csv = request.query.format === 'csv';
      const body = csv ? usageCsv(rows) : await usageXlsx(rows, ctx.now());
      return reply
        .header(
          'content-type',
          csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}.${csv ? 'csv' : 'xlsx'}"`)
        .header('content-length', String(body.length))
        .send(body as unknown as string);
    },
  );

  app.get(
    '/api/organisation/:organisation_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One organisation',
        params: organisationIdParams,
        response: withErrors({ 200: organisationItem }, 400, 401, 403, 404),
      },
    },
    async (request) => organisations.get(actorOf(request), request.params.organisation_id),
  );

  app.put(
    '/api/organisation/:organisation_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit an organisation; a new plan starts a new plan period now',
        params: organisationIdParams,
        body: organisationBody,
        response: withErrors({ 200: organisationItem }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => organisations.update(actorOf(request), request.params.organisation_id, request.body),
  );

  app.delete(
    '/api/organisation/:organisation_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete an organisation and everything it owns (its audit trail stays)',
        params: organisationIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { name } = await organisations.remove(actorOf(request), request.params.organisation_id);
      return { detail: commonMessages.deleted(name) };
    },
  );

  app.get(
    '/api/organisation/:organisation_id/history/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every change of the organisation (who, when, what), newest first',
        params: organisationIdParams,
        response: withErrors({ 200: historyResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => organisations.history(actorOf(request), request.params.organisation_id),
  );
};
