import { detailResponse, organisationOptions, outboxList, pagedSearchQuery, sendLinkBody } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { adminService } from './admin.service.ts';

const tags = ['admin'];

/** Admin Setting: outbox, links, organisation picker (super only, by the contract's permissions). */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = adminService(ctx);

  app.get(
    '/api/admin/outbox/',
    {
      config: { access: 'admin.outbox.read' },
      schema: {
        tags,
        summary: 'Outbox of mail and SMS, newest first',
        querystring: pagedSearchQuery,
        response: withErrors({ 200: outboxList }, 400, 401, 403),
      },
    },
    async (request) => admin.outbox(actorOf(request), request.query),
  );

  app.post(
    '/api/admin/links/',
    {
      config: { access: 'admin.links.send' },
      schema: {
        tags,
        summary: 'Send a set-password link to a user, or an invitation to create an admin',
        body: sendLinkBody,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => admin.sendLink(actorOf(request), request.body),
  );

  app.get(
    '/api/admin/organisations/',
    {
      config: { access: 'admin.organisations.list' },
      schema: {
        tags,
        summary: 'Every organisation (id, name)',
        response: withErrors({ 200: organisationOptions }, 401, 403),
      },
    },
    async (request) => admin.organisations(actorOf(request)),
  );
};
