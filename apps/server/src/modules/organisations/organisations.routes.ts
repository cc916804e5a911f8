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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { organisationsAdminService } from './organisations-admin.service.ts';
import { usageCsv, usageXlsx } from './usage-export.ts';

const tags = ['organisations'];
/** A file answer: sent as bytes, never serialised (OpenAPI shows a binary string). */
const binaryFile = z.string().describe('binary');
const access = 'organisations.organisations.manage' as const;

/** /organization (spec 01 §6): super only. */
export const organisationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const organisations = organisationsAdminService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/organisation/',
    access,
    tags,
    summary: 'Every organisation, paged, searchable by name or contact email',
    query: organisationListQuery,
    reply: organisationList,
    handler: ({ actor, query }) => organisations.list(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/organisation/',
    access,
    tags,
    summary: 'Create an organisation (name, plan, user limit, contact, module defaults)',
    body: organisationBody,
    reply: organisationItem,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => organisations.create(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/organisation/usage/',
    access,
    tags,
    summary: 'Usage data (users, active users, storage, documents, template executions, searches) as XLSX or CSV',
    query: usageDownloadQuery,
    reply: binaryFile,
    notFound: true,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/json'],
    handler: async ({ actor, query, reply }) => {
      const rows = await organisations.usage(actor, query.id);
      const stamp = ctx.now().toISOString().slice(0, 10);
      const name = `usage-${query.id ?? 'all'}-${stamp}`;
      const csv = query.format === 'csv';
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
  });

  route(app, {
    method: 'GET',
    url: '/api/organisation/:organisation_id/',
    access,
    tags,
    summary: 'One organisation',
    params: organisationIdParams,
    reply: organisationItem,
    handler: ({ actor, params }) => organisations.get(actor, params.organisation_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/organisation/:organisation_id/',
    access,
    tags,
    summary: 'Edit an organisation; a new plan starts a new plan period now',
    params: organisationIdParams,
    body: organisationBody,
    reply: organisationItem,
    errors: [409],
    handler: ({ actor, params, body }) => organisations.update(actor, params.organisation_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/organisation/:organisation_id/',
    access,
    tags,
    summary: 'Delete an organisation and everything it owns (its audit trail stays)',
    params: organisationIdParams,
    reply: detailResponse,
    handler: async ({ actor, params }) => {
      const { name } = await organisations.remove(actor, params.organisation_id);
      return { detail: commonMessages.deleted(name) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/organisation/:organisation_id/history/',
    access,
    tags,
    summary: 'Every change of the organisation (who, when, what), newest first',
    params: organisationIdParams,
    reply: historyResponse,
    handler: ({ actor, params }) => organisations.history(actor, params.organisation_id),
  });
};
