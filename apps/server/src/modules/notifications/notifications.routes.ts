import { detailResponse, notificationIdParams, notificationListResponse, userIdParams } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { notificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const access = 'authenticated' as const;

/** The caller's own notifications (spec 01 §7, Notifications). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const notifications = notificationsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/notification/:user_id/',
    access,
    tags,
    summary: 'Own notifications, newest first, with the unread count',
    params: userIdParams,
    reply: notificationListResponse,
    handler: ({ actor, params }) => notifications.list(actor, params.user_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/notification/:notification_id/',
    access,
    tags,
    summary: 'Mark one own notification read',
    params: notificationIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => notifications.markRead(actor, params.notification_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/notification/read/all/:user_id/',
    access,
    tags,
    summary: 'Mark all own notifications read',
    params: userIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => notifications.markAllRead(actor, params.user_id),
  });
};
