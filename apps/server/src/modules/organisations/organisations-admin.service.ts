import {
  can,
  defaultDuration,
  MODULE_FLAGS,
  planMessages,
  organisationMessages,
  planValidity,
  userLimitMessages,
  type HistoryResponse,
  type ModuleFlags,
  type OrganisationItem,
  type OrganisationList,
  type OrganisationValues,
  type PagedSearchQuery,
  type PlanName,
  type UsageMetric,
} from '@lexdesk/contract';
import { ALL_ORGANISATIONS, moduleColumnsOf, moduleFlagsOf, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { addMonths, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { recordPlanHistory } from '../plans/index.ts';
import { countUsage, onOrganisationModulesOff, releaseOnOrganisationDelete } from '../../platform/modules/lifecycle.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import { diff, historyOf } from './organisation-history.ts';
import {
  countOrganisations,
  deleteOrganisation,
  findOrganisationAdmin,
  findOrganisationByName,
  findPlan,
  listOrganisationIds,
  listOrganisations,
  updateOrganisation,
  type OrganisationAdminRow,
} from './organisations-admin.repo.ts';
import { organisationsService } from './organisations.service.ts';

export type UsageRow = { organisation_id: number; organisation: string } & Record<UsageMetric, number>;

function itemOf(row: OrganisationAdminRow, now: Date): OrganisationItem {
  return {
    id: row.id,
    name: row.name,
    plan_name: row.plan_name as PlanName,
    duration: row.duration,
    user_limit: row.user_limit,
    registered_users: row.registered_users,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    modules: moduleFlagsOf(row),
    plan_started_at: row.plan_started_at,
    plan_expires_at: row.plan_expires_at,
    plan_validity: planValidity(row.plan_expires_at, now).days,
    created_at: row.created_at,
  };
}

/** What the organisation's history shows of it. */
function auditedValues(row: {
  name: string;
  plan_name: string;
  duration: number | null;
  user_limit: number;
  contact_email: string;
  contact_phone: string;
  modules: ModuleFlags;
}) {
  return {
    name: row.name,
    plan: row.duration === null ? row.plan_name : `${row.plan_name} (${row.duration} months)`,
    user_limit: row.user_limit,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    modules: MODULE_FLAGS.filter((flag) => row.modules[flag]).join(', ') || 'none',
  };
}

/** /organization for the super user (spec 01 §6): list, create, edit, history, delete, usage data. */
export function organisationsAdminService(ctx: AppContext) {
  async function existing(id: number): Promise<OrganisationAdminRow> {
    const row = await findOrganisationAdmin(ctx.db, id);
    if (!row) throw notFound();
    return row;
  }

  async function nameIsFree(name: string, exceptId?: number): Promise<void> {
    const owner = await findOrganisationByName(ctx.db, name);
    if (owner !== undefined && owner !== exceptId) {
      throw conflict(organisationMessages.nameTaken, { name: organisationMessages.nameTaken });
    }
  }

  return {
    /** One page of every organisation, searchable by name or contact email. */
    async list(actor: Actor, query: PagedSearchQuery): Promise<OrganisationList> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      const offset = (query.page_no - 1) * query.limits;
      const rows = await listOrganisations(ctx.db, ALL_ORGANISATIONS, query.search_key, query.limits, offset);
      const total = await countOrganisations(ctx.db, ALL_ORGANISATIONS, query.search_key);
      const now = ctx.now();
      return { data: rows.map((row) => itemOf(row, now)), page: pageInfoOf(query, total) };
    },

    async get(actor: Actor, id: number): Promise<OrganisationItem> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      return itemOf(await existing(id), ctx.now());
    },

    /** A new organisation on the chosen plan from now; the name must be free (409); audited. */
    async create(actor: Actor, body: OrganisationValues): Promise<OrganisationItem> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      await nameIsFree(body.name);
      const id = await inTransaction(ctx, async (tx) => {
        const created = await organisationsService(tx).create({
          name: body.name,
          plan: body.plan_name,
          duration: defaultDuration(body.plan_name, body.duration),
          userLimit: body.user_limit,
          contactEmail: body.contact_email,
          contactPhone: body.contact_phone,
          modules: body.modules,
          actorUserId: actor.userId,
        });
        await auditService(tx).record(
          { userId: actor.userId, organisationId: created },
          'organisation',
          created,
          'created',
          auditedValues({ ...body, duration: defaultDuration(body.plan_name, body.duration) }),
        );
        return created;
      });
      return itemOf(await existing(id), ctx.now());
    },

    /**
     * Saves name, plan, user limit, contact and module defaults. A new plan or duration starts a new plan
     * period now; the limit may not go below the active users; every change is audited.
     */
    async update(actor: Actor, id: number, body: OrganisationValues): Promise<OrganisationItem> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      const before = await existing(id);
      await nameIsFree(body.name, id);
      if (body.user_limit < before.registered_users) {
        throw badRequest(userLimitMessages.belowRegistered, { user_limit: userLimitMessages.belowRegistered });
      }
      const duration = defaultDuration(body.plan_name, body.duration);
      const plan = await findPlan(ctx.db, body.plan_name, duration);
      if (!plan) throw badRequest(planMessages.invalidDuration, { duration: planMessages.invalidDuration });
      const planChanged = plan.id !== before.plan_id;
      const now = ctx.now();
      const expiresAt = duration === null ? null : addMonths(now, duration).toISOString();
      await inTransaction(ctx, async (tx) => {
        await updateOrganisation(tx.db, id, {
          name: body.name,
          user_limit: body.user_limit,
          contact_email: body.contact_email,
          contact_phone: body.contact_phone,
          ...moduleColumnsOf(body.modules),
          ...(planChanged ? { plan_id: plan.id, plan_started_at: now.toISOString(), plan_expires_at: expiresAt } : {}),
          updated_at: nowIso(tx),
        });
        const wasOn = moduleFlagsOf(before);
        await onOrganisationModulesOff(
          tx,
          id,
          MODULE_FLAGS.filter((flag) => wasOn[flag] && !body.modules[flag]),
        );
        if (planChanged || body.user_limit !== before.user_limit) {
          await recordPlanHistory(tx, {
            organisationId: id,
            action: planChanged ? 'changed' : 'user_limit_changed',
            planName: body.plan_name,
            duration,
            userLimit: body.user_limit,
            startedAt: planChanged ? now.toISOString() : before.plan_started_at,
            expiresAt: planChanged ? expiresAt : before.plan_expires_at,
            actorUserId: actor.userId,
          });
        }
        const changes = diff(
          auditedValues({ ...before, modules: moduleFlagsOf(before) }),
          auditedValues({ ...body, duration }),
        );
        if (Object.keys(changes).length > 0) {
          await auditService(tx).record(
            { userId: actor.userId, organisationId: id },
            'organisation',
            id,
            'updated',
            changes,
          );
        }
      });
      return itemOf(await existing(id), ctx.now());
    },

    /**
     * Deletes the organisation with everything it owns, in one transaction: each module releases what it
     * keeps (modules/registry.ts), then the row goes and every row keyed to it by foreign key; the stored
     * files go once the transaction has committed. Only the event of the deletion itself stays.
     * The super user's own organisation cannot be deleted (400).
     */
    async remove(actor: Actor, id: number): Promise<{ name: string }> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      const before = await existing(id);
      if (id === actor.organisationId) throw badRequest(organisationMessages.cannotDeleteOwn);
      const released = await inTransaction(ctx, async (tx) => {
        const keys = await releaseOnOrganisationDelete(tx, id);
        if (!(await deleteOrganisation(tx.db, id))) throw notFound();
        // Kept in the super user's organisation: nothing of the deleted one may remain under its id.
        await auditService(tx).record(actor, 'organisation', id, 'deleted', {
          name: before.name,
          users: before.registered_users,
        });
        return keys;
      });
      await removeBlobs(ctx, released);
      return { name: before.name };
    },

    /** Every change of the organisation, newest first, with who made it. */
    async history(actor: Actor, id: number): Promise<HistoryResponse> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      await existing(id);
      return { data: await historyOf(ctx, id, 'organisation', id) };
    },

    /** Usage data per organisation (one, or all when `id` is absent), counted by every registered counter. */
    async usage(actor: Actor, id: number | undefined): Promise<UsageRow[]> {
      if (!can(actor, 'organisations.organisations.manage')) throw forbidden();
      const organisations =
        id === undefined ? await listOrganisationIds(ctx.db) : [{ id, name: (await existing(id)).name }];
      // One grouped query per counter, however many organisations there are.
      const usageOf = await countUsage(ctx.modules, ctx.db, id ?? ALL_ORGANISATIONS);
      return organisations.map((o) => ({ organisation_id: o.id, organisation: o.name, ...usageOf(o.id) }));
    },
  };
}
