import {
  can,
  CHANGEABLE_PLANS,
  defaultDuration,
  planLapsed,
  planMessages,
  planValidity,
  userLimitMessages,
  type OrganisationPlan,
  type PagedSearchQuery,
  type PlanChangeResponse,
  type PlanDetailsResponse,
  type PlanHistoryResponse,
  type PlanName,
  type UserLimitResponse,
} from '@lexdesk/contract';
import { ALL_ORGANISATIONS, readScope, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { addMonths, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { organisationPlans, settledOrganisation, type OrganisationAdminRow } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { recordPlanHistory } from './plan-history.ts';
import { listPlanHistory } from './plans.repo.ts';

function planOf(row: OrganisationAdminRow, now: Date): OrganisationPlan {
  const validity = planValidity(row.plan_expires_at, now);
  const plan = row.plan_name as PlanName;
  return {
    organisation_id: row.id,
    organisation: row.name,
    plan_name: plan,
    duration: row.duration,
    user_limit: row.user_limit,
    registered_users: row.registered_users,
    plan_started_at: row.plan_started_at,
    plan_expires_at: row.plan_expires_at,
    plan_validity: validity.days,
    has_expiry_popup: validity.popup,
    is_lapsed: planLapsed(plan, row.plan_expires_at, now),
  };
}

const label = (name: string, duration: number | null) => (duration === null ? name : `${name} (${duration} months)`);

/**
 * Plans (spec 01 §2, §4, §7): the plan list, each organisation's plan and history, the user limit and the
 * change-plan flow. A super user acts on any organisation (`org_id`), an admin only on their own.
 */
export function plansService(ctx: AppContext) {
  /** The organisation the actor acts on: an admin's own (another id: 404); super's choice or own. */
  function organisationIdOf(actor: Actor, orgId: number | undefined): number {
    if (can(actor, 'organisations.any_organisation.access')) return orgId ?? actor.organisationId;
    if (!can(actor, 'organisations.plans.manage')) throw forbidden();
    if (orgId !== undefined && orgId !== actor.organisationId) throw notFound();
    return actor.organisationId;
  }

  async function organisation(organisationId: number): Promise<OrganisationAdminRow> {
    // An ended Trial is settled first, so every answer shows the plan in force.
    const row = await settledOrganisation(ctx, organisationId);
    if (!row) throw notFound();
    return row;
  }

  /** 400 with the spec's message unless `limit` keeps every active user and does not lower the saved limit. */
  function checkLimit(row: OrganisationAdminRow, limit: number): void {
    if (limit < row.registered_users) {
      throw badRequest(userLimitMessages.belowRegistered, { user_limit: userLimitMessages.belowRegistered });
    }
    if (limit < row.user_limit) {
      throw badRequest(userLimitMessages.cannotDecrease, { user_limit: userLimitMessages.cannotDecrease });
    }
  }

  return {
    /** The plans: one row per plan with its default duration, or every duration with `withDurations`. */
    async planDetails(withDurations: boolean): Promise<PlanDetailsResponse> {
      const plans = await organisationPlans(ctx).plans();
      const rows = withDurations ? plans : plans.filter((p, i) => plans.findIndex((q) => q.name === p.name) === i);
      return { plan_type: rows.map((p) => ({ id: p.id, name: p.name as PlanName, duration: p.duration })) };
    },

    /** Each organisation's plan and validity (an admin: their own only). */
    async userPlans(
      actor: Actor,
      query: PagedSearchQuery,
    ): Promise<{ data: OrganisationPlan[]; page: ReturnType<typeof pageInfoOf> }> {
      if (!can(actor, 'organisations.plans.manage')) throw forbidden();
      const scope = readScope(actor);
      if (scope !== ALL_ORGANISATIONS) await organisation(scope);
      const offset = (query.page_no - 1) * query.limits;
      const rows = await organisationPlans(ctx).page(scope, query.search_key, query.limits, offset);
      const total = await organisationPlans(ctx).count(scope, query.search_key);
      const now = ctx.now();
      return { data: rows.map((row) => planOf(row, now)), page: pageInfoOf(query, total) };
    },

    /** The organisation's plan history, newest first, with who changed it. */
    async history(actor: Actor, orgId: number): Promise<PlanHistoryResponse> {
      const organisationId = organisationIdOf(actor, orgId);
      await organisation(organisationId);
      const rows = await listPlanHistory(ctx.db, organisationId);
      const names = await usersService(ctx).displayNames([
        ...new Set(rows.flatMap((r) => (r.actor_user_id === null ? [] : [r.actor_user_id]))),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          action: r.action,
          plan_name: r.plan_name,
          duration: r.duration,
          user_limit: r.user_limit,
          started_at: r.started_at,
          expires_at: r.expires_at,
          changed_by: r.actor_user_id === null ? 'System' : (names.get(r.actor_user_id) ?? null),
          created_at: r.created_at,
        })),
      };
    },

    async userLimit(actor: Actor, orgId: number | undefined): Promise<UserLimitResponse> {
      const row = await organisation(organisationIdOf(actor, orgId));
      return { active_user_limit: row.user_limit, registered_users: row.registered_users };
    },

    /** Raises the organisation's user limit (never lowers it, never below the active users); audited. */
    async setUserLimit(actor: Actor, orgId: number | undefined, limit: number): Promise<UserLimitResponse> {
      const row = await organisation(organisationIdOf(actor, orgId));
      checkLimit(row, limit);
      if (limit !== row.user_limit) {
        await inTransaction(ctx, async (tx) => {
          await organisationPlans(tx).update(row.id, { user_limit: limit, updated_at: nowIso(tx) });
          await recordPlanHistory(tx, {
            organisationId: row.id,
            action: 'user_limit_changed',
            planName: row.plan_name,
            duration: row.duration,
            userLimit: limit,
            startedAt: row.plan_started_at,
            expiresAt: row.plan_expires_at,
            actorUserId: actor.userId,
          });
          await auditService(tx).record(
            { userId: actor.userId, organisationId: row.id },
            'organisation',
            row.id,
            'updated',
            {
              user_limit: { from: row.user_limit, to: limit },
            },
          );
        });
      }
      return { active_user_limit: limit, registered_users: row.registered_users };
    },

    /**
     * Moves the organisation to Associate or Membership from now, with the user limit (spec 01 §2, §4).
     * The same plan, still running, answers 'Organisation is already registered for same plan' and changes
     * nothing; an ended or ending plan (expiry popup) may be renewed. Audited and kept in the plan history.
     */
    async changePlan(
      actor: Actor,
      orgId: number | undefined,
      body: { plan_name: PlanName; duration?: number | null | undefined; user_limit: number },
    ): Promise<PlanChangeResponse> {
      const row = await organisation(organisationIdOf(actor, orgId));
      checkLimit(row, body.user_limit);
      if (body.plan_name === 'Bespoke') throw badRequest(planMessages.bespokeByContact);
      if (!CHANGEABLE_PLANS.includes(body.plan_name)) throw badRequest(planMessages.trialNotOffered);
      const duration = defaultDuration(body.plan_name, body.duration);
      const plan = await organisationPlans(ctx).findPlan(body.plan_name, duration);
      if (!plan || duration === null) throw badRequest(planMessages.invalidDuration);
      const now = ctx.now();
      const renewing = plan.id === row.plan_id;
      if (renewing && !planValidity(row.plan_expires_at, now).popup) throw badRequest(planMessages.samePlan);
      const expiresAt = addMonths(now, duration).toISOString();
      await inTransaction(ctx, async (tx) => {
        await organisationPlans(tx).update(row.id, {
          plan_id: plan.id,
          plan_started_at: now.toISOString(),
          plan_expires_at: expiresAt,
          user_limit: body.user_limit,
          updated_at: nowIso(tx),
        });
        await recordPlanHistory(tx, {
          organisationId: row.id,
          action: renewing ? 'renewed' : 'changed',
          planName: body.plan_name,
          duration,
          userLimit: body.user_limit,
          startedAt: now.toISOString(),
          expiresAt,
          actorUserId: actor.userId,
        });
        const changes: Record<string, unknown> = {
          plan: { from: label(row.plan_name, row.duration), to: label(body.plan_name, duration) },
        };
        if (body.user_limit !== row.user_limit) changes.user_limit = { from: row.user_limit, to: body.user_limit };
        await auditService(tx).record(
          { userId: actor.userId, organisationId: row.id },
          'organisation',
          row.id,
          renewing ? 'plan_renewed' : 'plan_changed',
          changes,
        );
      });
      return { detail: planMessages.changed, plan: planOf(await organisation(row.id), ctx.now()) };
    },
  };
}
