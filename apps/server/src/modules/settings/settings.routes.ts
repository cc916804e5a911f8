import {
  auditLogList,
  auditLogQuery,
  deliveryStatus,
  installationSettings,
  installationSettingsBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { adminSettingService } from './admin-setting.service.ts';
import { settingsService } from './settings.service.ts';

const tags = ['admin'];

/** Admin Setting (super): installation settings, mail and SMS status, the installation's audit log. */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const settings = settingsService(ctx);
  const adminSetting = adminSettingService(ctx);

  app.get(
    '/api/admin/settings/',
    {
      config: { access: 'admin.settings.read' },
      schema: {
        tags,
        summary: 'Registration open or closed, Bespoke contact, help site',
        response: withErrors({ 200: installationSettings }, 401, 403),
      },
    },
    async (request) => settings.read(actorOf(request)),
  );

  app.put(
    '/api/admin/settings/',
    {
      config: { access: 'admin.settings.update' },
      schema: {
        tags,
        summary: 'Change installation settings (only the fields given)',
        body: installationSettingsBody,
        response: withErrors({ 200: installationSettings }, 400, 401, 403),
      },
    },
    async (request) => settings.update(actorOf(request), request.body),
  );

  app.get(
    '/api/admin/delivery-status/',
    {
      config: { access: 'admin.delivery.read' },
      schema: {
        tags,
        summary: 'Mail and SMS transport, and outbox counts per channel and status',
        response: withErrors({ 200: deliveryStatus }, 401, 403),
      },
    },
    async (request) => adminSetting.deliveryStatus(actorOf(request)),
  );

  app.get(
    '/api/admin/audit-events/',
    {
      config: { access: 'admin.audit.read' },
      schema: {
        tags,
        summary: "Every organisation's audit events, newest first, searchable",
        querystring: auditLogQuery,
        response: withErrors({ 200: auditLogList }, 400, 401, 403),
      },
    },
    async (request) => adminSetting.auditLog(actorOf(request), request.query),
  );
};
