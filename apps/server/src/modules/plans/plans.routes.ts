import {
  orgScopeQuery,
  pagedSearchQuery,
  planChangeBody,
  planChangeResponse,
  planDetailsQuery,
  planDetailsResponse,
  planHistoryQuery,
  planHistoryResponse,
  userLimitBody,
  userLimitResponse,
  userPlanResponse,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { plansService } from './plans.service.ts';

const tags = ['plans'];
const access = 'organisations.plans.manage' as const;

/** Plans (spec 01 §7 Plans): super for every organisation, an admin for their own. */
export const plansRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const plans = plansService(ctx);

  app.get(
    '/api/plan-details/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The plans (id, name, duration in months); ?duration=true lists every duration of each plan',
        querystring: planDetailsQuery,
        response: withErrors({ 200: planDetailsResponse }, 400, 401, 403),
      },
    },
    async (request) => plans.planDetails(request.query.duration === 'true'),
  );

  app.get(
    '/api/user-plan/',
    {
      config: { access },
      schema: {
        tags,
        summary: "Each organisation's plan, validity and user limit (an admin: their own)",
        querystring: pagedSearchQuery,
        response: withErrors({ 200: userPlanResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => plans.userPlans(actorOf(request), request.query),
  );

  app.get(
    '/api/plan-history/',
    {
      config: { access },
      schema: {
        tags,
        summary: "An organisation's plan history, newest first (?id= organisation id)",
        querystring: planHistoryQuery,
        response: withErrors({ 200: planHistoryResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => plans.history(actorOf(request), request.query.id),
  );

  app.get(
    '/api/user-limit/',
    {
      config: { access },
      schema: {
        tags,
        summary: "The organisation's user limit and active users (super: ?org_id=)",
        querystring: orgScopeQuery,
        response: withErrors({ 200: userLimitResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => plans.userLimit(actorOf(request), request.query.org_id),
  );

  app.put(
    '/api/user-limit/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Raise the user limit (never lowered, never below the active users)',
        querystring: orgScopeQuery,
        body: userLimitBody,
        response: withErrors({ 200: userLimitResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => plans.setUserLimit(actorOf(request), request.query.org_id, request.body.user_limit),
  );

  app.put(
    '/api/plan-change/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change plan (Associate 6/12 months, Membership 12 months) with the user limit',
        querystring: orgScopeQuery,
        body: planChangeBody,
        response: withErrors({ 200: planChangeResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => plans.changePlan(actorOf(request), request.query.org_id, request.body),
  );
};
