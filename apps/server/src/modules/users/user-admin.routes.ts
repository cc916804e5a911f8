import {
  commonMessages,
  detailResponse,
  historyResponse,
  managedUser,
  managedUserList,
  userActiveBody,
  userIdParams,
  userInviteBody,
  userListQuery,
  userUpdateBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { userAdminService } from './user-admin.service.ts';

const tags = ['users'];
const access = 'organisations.users.manage' as const;

/** /user (spec 01 §6): super manages everyone, an admin their own organisation's users. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const users = userAdminService(ctx);

  app.get(
    '/api/user/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Users the caller administers, paged, searchable by name, email or organisation',
        querystring: userListQuery,
        response: withErrors({ 200: managedUserList }, 400, 401, 403, 404),
      },
    },
    async (request) => users.list(actorOf(request), request.query),
  );

  app.post(
    '/api/user/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Invite a user (within the user limit); they get a set-password link by email',
        body: userInviteBody,
        response: withErrors({ 201: managedUser }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await users.invite(actorOf(request), request.body)),
  );

  app.get(
    '/api/user/:user_id/manage/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A user as the Users screen edits them (role, module flags, knowledge settings)',
        params: userIdParams,
        response: withErrors({ 200: managedUser }, 400, 401, 403, 404),
      },
    },
    async (request) => users.get(actorOf(request), request.params.user_id),
  );

  app.put(
    '/api/user/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: "Edit a user's name, phone, role, module flags and knowledge settings",
        params: userIdParams,
        body: userUpdateBody,
        response: withErrors({ 200: managedUser }, 400, 401, 403, 404),
      },
    },
    async (request) => users.update(actorOf(request), request.params.user_id, request.body),
  );

  app.put(
    '/api/user/:user_id/active/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Activate (within the user limit) or deactivate a user',
        params: userIdParams,
        body: userActiveBody,
        response: withErrors({ 200: managedUser }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => users.setActive(actorOf(request), request.params.user_id, request.body.is_active),
  );

  app.delete(
    '/api/user/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a user and what they own (their audit trail stays)',
        params: userIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { name } = await users.remove(actorOf(request), request.params.user_id);
      return { detail: commonMessages.deleted(name) };
    },
  );

  app.get(
    '/api/user/:user_id/history/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every change of the user (who, when, what), newest first',
        params: userIdParams,
        response: withErrors({ 200: historyResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => users.history(actorOf(request), request.params.user_id),
  );
};
