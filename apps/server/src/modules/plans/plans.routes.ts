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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { plansService } from './plans.service.ts';

const tags = ['plans'];
const access = 'organisations.plans.manage' as const;

/** Plans (spec 01 §7 Plans): super for every organisation, an admin for their own. */
export const plansRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const plans = plansService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/plan-details/',
    access,
    tags,
    summary: 'The plans (id, name, duration in months); ?duration=true lists every duration of each plan',
    query: planDetailsQuery,
    reply: planDetailsResponse,
    handler: ({ query }) => plans.planDetails(query.duration === 'true'),
  });

  route(app, {
    method: 'GET',
    url: '/api/user-plan/',
    access,
    tags,
    summary: "Each organisation's plan, validity and user limit (an admin: their own)",
    query: pagedSearchQuery,
    reply: userPlanResponse,
    notFound: true,
    handler: ({ actor, query }) => plans.userPlans(actor, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/plan-history/',
    access,
    tags,
    summary: "An organisation's plan history, newest first (?id= organisation id)",
    query: planHistoryQuery,
    reply: planHistoryResponse,
    notFound: true,
    handler: ({ actor, query }) => plans.history(actor, query.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/user-limit/',
    access,
    tags,
    summary: "The organisation's user limit and active users (super: ?org_id=)",
    query: orgScopeQuery,
    reply: userLimitResponse,
    notFound: true,
    handler: ({ actor, query }) => plans.userLimit(actor, query.org_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/user-limit/',
    access,
    tags,
    summary: 'Raise the user limit (never lowered, never below the active users)',
    query: orgScopeQuery,
    body: userLimitBody,
    reply: userLimitResponse,
    notFound: true,
    handler: ({ actor, query, body }) => plans.setUserLimit(actor, query.org_id, body.user_limit),
  });

  route(app, {
    method: 'PUT',
    url: '/api/plan-change/',
    access,
    tags,
    summary: 'Change plan (Associate 6/12 months, Membership 12 months) with the user limit',
    query: orgScopeQuery,
    body: planChangeBody,
    reply: planChangeResponse,
    notFound: true,
    handler: ({ actor, query, body }) => plans.changePlan(actor, query.org_id, body),
  });
};
