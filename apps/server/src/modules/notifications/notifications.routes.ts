import { detailResponse, notificationIdParams, notificationListResponse, userIdParams } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { notificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const access = 'authenticated' as const;

/** The caller's own notifications (spec 01 §7, Notifications). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const notifications = notificationsService(ctx);

  app.get(
    '/api/notification/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Own notifications, newest first, with the unread count',
        params: userIdParams,
        response: withErrors({ 200: notificationListResponse }, 400, 401, 404),
      },
    },
    async (request) => notifications.list(actorOf(request), request.params.user_id),
  );

  app.put(
    '/api/notification/:notification_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Mark one own notification read',
        params: notificationIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 404),
      },
    },
    async (request) => notifications.markRead(actorOf(request), request.params.notification_id),
  );

  app.get(
    '/api/notification/read/all/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Mark all own notifications read',
        params: userIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 404),
      },
    },
    async (request) => notifications.markAllRead(actorOf(request), request.params.user_id),
  );
};
