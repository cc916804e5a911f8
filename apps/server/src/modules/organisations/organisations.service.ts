import { can, MODULE_FLAGS, PLAN_NAMES, planValidity, type ModuleFlags, type PlanName } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { moduleColumnsOf, moduleFlagsOf, organisationCeilings } from '../../platform/access/actor.ts';
import { addMonths, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { recordPlanHistory } from '../plans/index.ts';
import { forbidden } from '../../platform/errors/http-error.ts';
import type { ModuleFlagColumns } from '../../db/database.types.ts';
import {
  findOrganisation,
  findOrganisationIdByName,
  findPlanId,
  hasAnyOrganisation,
  insertOrganisation,
  listAllOrganisationOptions,
} from './organisations.repo.ts';
import { convertExpiredTrial, trialHasEnded } from './trial-conversion.ts';

export { EXPIRY_WARNING_DAYS } from '@lexdesk/contract';

export interface OrganisationSummary {
  id: number;
  name: string;
  plan: PlanName;
  planExpiresAt: string | null;
  userLimit: number;
  /** The organisation's module flags: defaults for new users and ceilings for everyone. */
  moduleColumns: ModuleFlagColumns;
}

export interface PlanStatus {
  hasExpiryPopup: boolean;
  /** Whole days until the plan ends (0 once ended), null without an end date. */
  planValidity: number | null;
}

/** Days left and the expiry-popup flag of an organisation's plan at `now`. */
export function planStatusOf(summary: OrganisationSummary, now: Date): PlanStatus {
  const { days, popup } = planValidity(summary.planExpiresAt, now);
  return { hasExpiryPopup: popup, planValidity: days };
}

export interface NewOrganisation {
  name: string;
  plan: PlanName;
  /** Months; defaults to the plan's shortest duration. Bespoke has none. */
  duration?: number | null;
  userLimit: number;
  contactEmail?: string;
  contactPhone?: string;
  modules?: ModuleFlags;
  /** Who created it (plan history); absent for the system (seed, registration). */
  actorUserId?: number | null;
}

/** Months of each plan when none is chosen (spec 01 §9; Trial's is our decision, docs/decisions.md). */
const DEFAULT_DURATION: Record<PlanName, number | null> = { Trial: 1, Associate: 6, Membership: 12, Bespoke: null };

const ALL_MODULES = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;

/** Organisations and their plans. Routes for them arrive with the organisations issue. */
export function organisationsService(ctx: AppContext) {
  return {
    /**
     * The organisation with its plan, or null. For other services, which have checked access already.
     * An ended Trial is moved to Associate first (spec 01 §1); an ended paid plan grants no module
     * (its ceilings read all off) until it is renewed (spec 01 §6).
     */
    async summaryOf(organisationId: number): Promise<OrganisationSummary | null> {
      let row = await findOrganisation(ctx.db, organisationId);
      if (!row) return null;
      if (trialHasEnded(row.plan, row.plan_expires_at, ctx.now())) {
        await convertExpiredTrial(ctx, organisationId);
        row = (await findOrganisation(ctx.db, organisationId)) ?? row;
      }
      const plan = (PLAN_NAMES as readonly string[]).includes(row.plan) ? (row.plan as PlanName) : 'Trial';
      return {
        id: row.id,
        name: row.name,
        plan,
        planExpiresAt: row.plan_expires_at,
        userLimit: row.user_limit,
        moduleColumns: organisationCeilings(plan, row.plan_expires_at, moduleColumnsOf(moduleFlagsOf(row)), ctx.now()),
      };
    },

    /** Every organisation's id and name, for the super user's pickers; 403 for anyone else. */
    async options(actor: Actor): Promise<{ id: number; name: string }[]> {
      if (!can(actor, 'admin.organisations.list')) throw forbidden();
      return listAllOrganisationOptions(ctx.db);
    },

    /** True when no organisation exists yet (a fresh database). */
    async isEmpty(): Promise<boolean> {
      return !(await hasAnyOrganisation(ctx.db));
    },

    /** The id of the organisation called `name`, if any (the seed's idempotency check). */
    async idByName(name: string): Promise<number | null> {
      return (await findOrganisationIdByName(ctx.db, name)) ?? null;
    },

    /** A new organisation on `plan`, starting now. System operation (seed); callers check access. */
    async create(input: NewOrganisation): Promise<number> {
      const duration = input.duration === undefined ? DEFAULT_DURATION[input.plan] : input.duration;
      const planId = await findPlanId(ctx.db, input.plan, duration);
      if (planId === undefined) throw new Error(`No plan ${input.plan} of ${String(duration)} months`);
      const now = ctx.now();
      const expiresAt = duration === null ? null : addMonths(now, duration).toISOString();
      return inTransaction(ctx, async (tx) => {
        const id = await insertOrganisation(tx.db, {
          name: input.name,
          plan_id: planId,
          plan_started_at: now.toISOString(),
          plan_expires_at: expiresAt,
          user_limit: input.userLimit,
          contact_email: input.contactEmail ?? '',
          contact_phone: input.contactPhone ?? '',
          ...moduleColumnsOf(input.modules ?? ALL_MODULES),
          created_at: nowIso(tx),
          updated_at: nowIso(tx),
        });
        await recordPlanHistory(tx, {
          organisationId: id,
          action: 'created',
          planName: input.plan,
          duration,
          userLimit: input.userLimit,
          startedAt: now.toISOString(),
          expiresAt,
          actorUserId: input.actorUserId ?? null,
        });
        return id;
      });
    },
  };
}
