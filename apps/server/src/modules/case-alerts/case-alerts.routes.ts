import {
  alertCommentBody,
  alertIdParams,
  caseAlert,
  caseAlertCreateBody,
  caseAlertList,
  caseAlertNotifications,
  caseAlertQuery,
  caseAlertUpdateBody,
  commonMessages,
  detailResponse,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseAlertsService } from './case-alerts.service.ts';

const tags = ['case alerts'];

/** Case alerts (/case-alerts) and the due alerts of the 'Attention required!' modal. */
export const caseAlertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const alerts = caseAlertsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/case/alert/notifications/',
    access: 'case.alerts.read',
    tags,
    summary:
      "Open alerts due today or earlier on the caller's matters (cases assigned to or created by them, alerts they raised)",
    reply: caseAlertNotifications,
    handler: ({ actor }) => alerts.myDueAlerts(actor),
  });

  route(app, {
    method: 'GET',
    url: '/api/case-alerts/',
    access: 'case.alerts.read',
    tags,
    summary: 'Alerts of the organisation (or of one case), open ones first, soonest due first',
    query: caseAlertQuery,
    reply: caseAlertList,
    notFound: true,
    handler: ({ actor, query }) => alerts.list(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case-alerts/',
    access: 'case.alerts.manage',
    tags,
    summary: 'Raise an alert on a case',
    body: caseAlertCreateBody,
    reply: caseAlert,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => alerts.create(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/case-alerts/:alert_id/',
    access: 'case.alerts.read',
    tags,
    summary: 'One alert',
    params: alertIdParams,
    reply: caseAlert,
    handler: ({ actor, params }) => alerts.detail(actor, params.alert_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/case-alerts/:alert_id/',
    access: 'case.alerts.manage',
    tags,
    summary: 'Edit an alert (type, due date, linked documents, done)',
    params: alertIdParams,
    body: caseAlertUpdateBody,
    reply: caseAlert,
    handler: ({ actor, params, body }) => alerts.update(actor, params.alert_id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/case-alerts/:alert_id/comments/',
    access: 'case.alerts.manage',
    tags,
    summary: 'Add a comment to an alert',
    params: alertIdParams,
    body: alertCommentBody,
    reply: caseAlert,
    created: true,
    handler: ({ actor, params, body }) => alerts.addComment(actor, params.alert_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case-alerts/:alert_id/',
    access: 'case.alerts.manage',
    tags,
    summary: 'Delete an alert',
    params: alertIdParams,
    reply: detailResponse,
    handler: async ({ actor, params }) => {
      await alerts.remove(actor, params.alert_id);
      return { detail: commonMessages.deleted('Alert') };
    },
  });
};
