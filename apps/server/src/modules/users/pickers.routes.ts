import { assignUserQuery, pickerUsers } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { pickerUsersFor } from './user-pickers.ts';

/** The user picker of the concept list page (spec 03 §7: GET assign-user/). */
export const userPickersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, {
    method: 'GET',
    url: '/api/assign-user/',
    access: 'analyser.concepts.write',
    tags: ['users'],
    summary: 'Active users of the given organisations (`users=1,2`) that the caller may assign',
    query: assignUserQuery,
    reply: pickerUsers,
    handler: ({ actor, query }) => pickerUsersFor(ctx, actor, query.users),
  });
};
