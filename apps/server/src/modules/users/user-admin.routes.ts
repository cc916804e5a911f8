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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { userAdminService } from './user-admin.service.ts';

const tags = ['users'];
const access = 'organisations.users.manage' as const;

/** /user (spec 01 §6): super manages everyone, an admin their own organisation's users. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const users = userAdminService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/user/',
    access,
    tags,
    summary: 'Users the caller administers, paged, searchable by name, email or organisation',
    query: userListQuery,
    reply: managedUserList,
    notFound: true,
    handler: ({ actor, query }) => users.list(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/',
    access,
    tags,
    summary: 'Invite a user (within the user limit); they get a set-password link by email',
    body: userInviteBody,
    reply: managedUser,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => users.invite(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/user/:user_id/manage/',
    access,
    tags,
    summary: 'A user as the Users screen edits them (role, module flags, knowledge settings)',
    params: userIdParams,
    reply: managedUser,
    handler: ({ actor, params }) => users.get(actor, params.user_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/user/:user_id/',
    access,
    tags,
    summary: "Edit a user's name, phone, role, module flags and knowledge settings",
    params: userIdParams,
    body: userUpdateBody,
    reply: managedUser,
    handler: ({ actor, params, body }) => users.update(actor, params.user_id, body),
  });

  route(app, {
    method: 'PUT',
    url: '/api/user/:user_id/active/',
    access,
    tags,
    summary: 'Activate (within the user limit) or deactivate a user',
    params: userIdParams,
    body: userActiveBody,
    reply: managedUser,
    errors: [409],
    handler: ({ actor, params, body }) => users.setActive(actor, params.user_id, body.is_active),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/user/:user_id/',
    access,
    tags,
    summary: 'Delete a user and what they own (their audit trail stays)',
    params: userIdParams,
    reply: detailResponse,
    handler: async ({ actor, params }) => {
      const { name } = await users.remove(actor, params.user_id);
      return { detail: commonMessages.deleted(name) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/user/:user_id/history/',
    access,
    tags,
    summary: 'Every change of the user (who, when, what), newest first',
    params: userIdParams,
    reply: historyResponse,
    handler: ({ actor, params }) => users.history(actor, params.user_id),
  });
};
