import { detailResponse, organisationOptions, outboxList, pagedSearchQuery, sendLinkBody } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { adminService } from './admin.service.ts';

const tags = ['admin'];

/** Admin Setting: outbox, links, organisation picker (super only, by the contract's permissions). */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = adminService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/admin/outbox/',
    access: 'admin.outbox.read',
    tags,
    summary: 'Outbox of mail and SMS, newest first',
    query: pagedSearchQuery,
    reply: outboxList,
    handler: ({ actor, query }) => admin.outbox(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/links/',
    access: 'admin.links.send',
    tags,
    summary: 'Send a set-password link to a user, or an invitation to create an admin',
    body: sendLinkBody,
    reply: detailResponse,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => admin.sendLink(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/admin/organisations/',
    access: 'admin.organisations.list',
    tags,
    summary: 'Every organisation (id, name)',
    reply: organisationOptions,
    handler: ({ actor }) => admin.organisations(actor),
  });
};
