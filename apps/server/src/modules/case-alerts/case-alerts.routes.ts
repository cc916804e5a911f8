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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { caseAlertsService } from './case-alerts.service.ts';

const tags = ['case alerts'];

/** Case alerts (/case-alerts) and the due alerts of the 'Attention required!' modal. */
export const caseAlertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const alerts = caseAlertsService(ctx);

  app.get(
    '/api/case/alert/notifications/',
    {
      config: { access: 'case.alerts.read' },
      schema: {
        tags,
        summary:
          "Open alerts due today or earlier on the caller's matters (cases assigned to or created by them, alerts they raised)",
        response: withErrors({ 200: caseAlertNotifications }, 401, 403),
      },
    },
    async (request) => alerts.myDueAlerts(actorOf(request)),
  );

  app.get(
    '/api/case-alerts/',
    {
      config: { access: 'case.alerts.read' },
      schema: {
        tags,
        summary: 'Alerts of the organisation (or of one case), open ones first, soonest due first',
        querystring: caseAlertQuery,
        response: withErrors({ 200: caseAlertList }, 400, 401, 403, 404),
      },
    },
    async (request) => alerts.list(actorOf(request), request.query),
  );

  app.post(
    '/api/case-alerts/',
    {
      config: { access: 'case.alerts.manage' },
      schema: {
        tags,
        summary: 'Raise an alert on a case',
        body: caseAlertCreateBody,
        response: withErrors({ 201: caseAlert }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => reply.status(201).send(await alerts.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/case-alerts/:alert_id/',
    {
      config: { access: 'case.alerts.read' },
      schema: {
        tags,
        summary: 'One alert',
        params: alertIdParams,
        response: withErrors({ 200: caseAlert }, 400, 401, 403, 404),
      },
    },
    async (request) => alerts.detail(actorOf(request), request.params.alert_id),
  );

  app.put(
    '/api/case-alerts/:alert_id/',
    {
      config: { access: 'case.alerts.manage' },
      schema: {
        tags,
        summary: 'Edit an alert (type, due date, linked documents, done)',
        params: alertIdParams,
        body: caseAlertUpdateBody,
        response: withErrors({ 200: caseAlert }, 400, 401, 403, 404),
      },
    },
    async (request) => alerts.update(actorOf(request), request.params.alert_id, request.body),
  );

  app.post(
    '/api/case-alerts/:alert_id/comments/',
    {
      config: { access: 'case.alerts.manage' },
      schema: {
        tags,
        summary: 'Add a comment to an alert',
        params: alertIdParams,
        body: alertCommentBody,
        response: withErrors({ 201: caseAlert }, 400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await alerts.addComment(actorOf(request), request.params.alert_id, request.body)),
  );

  app.delete(
    '/api/case-alerts/:alert_id/',
    {
      config: { access: 'case.alerts.manage' },
      schema: {
        tags,
        summary: 'Delete an alert',
        params: alertIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await alerts.remove(actorOf(request), request.params.alert_id);
      return { detail: commonMessages.deleted('Alert') };
    },
  );
};
