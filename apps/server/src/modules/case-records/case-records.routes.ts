import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { caseAlertsRoutes } from '../case-alerts/case-alerts.routes.ts';
import { caseEmailsRoutes } from '../case-emails/case-emails.routes.ts';
import { caseReportsRoutes } from '../case-reports/case-reports.routes.ts';
import { dashboardRoutes } from '../dashboard/dashboard.routes.ts';
import { registerCaseRecordsDeleteHook } from './case-delete.ts';
import { caseHistoryRoutes } from './case-history.routes.ts';

/** Every route of the case records (emails, reports, alerts, history, dashboard): one line in app.ts. */
export const caseRecordsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCaseRecordsDeleteHook();
  await app.register(caseEmailsRoutes, { ctx });
  await app.register(caseReportsRoutes, { ctx });
  await app.register(caseAlertsRoutes, { ctx });
  await app.register(caseHistoryRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
};
