import {
  auditLogList,
  auditLogQuery,
  deliveryStatus,
  installationSettings,
  installationSettingsBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { adminSettingService } from './admin-setting.service.ts';
import { settingsService } from './settings.service.ts';

const tags = ['admin'];

/** Admin Setting (super): installation settings, mail and SMS status, the installation's audit log. */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const settings = settingsService(ctx);
  const adminSetting = adminSettingService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/admin/settings/',
    access: 'admin.settings.read',
    tags,
    summary: 'Registration open or closed, Bespoke contact, help site',
    reply: installationSettings,
    handler: ({ actor }) => settings.read(actor),
  });

  route(app, {
    method: 'PUT',
    url: '/api/admin/settings/',
    access: 'admin.settings.update',
    tags,
    summary: 'Change installation settings (only the fields given)',
    body: installationSettingsBody,
    reply: installationSettings,
    handler: ({ actor, body }) => settings.update(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/admin/delivery-status/',
    access: 'admin.delivery.read',
    tags,
    summary: 'Mail and SMS transport, and outbox counts per channel and status',
    reply: deliveryStatus,
    handler: ({ actor }) => adminSetting.deliveryStatus(actor),
  });

  route(app, {
    method: 'GET',
    url: '/api/admin/audit-events/',
    access: 'admin.audit.read',
    tags,
    summary: "Every organisation's audit events, newest first, searchable",
    query: auditLogQuery,
    reply: auditLogList,
    handler: ({ actor, query }) => adminSetting.auditLog(actor, query),
  });
};
