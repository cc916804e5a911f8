import type { Updateable } from 'kysely';
import type { OrganisationsTable } from '../../db/database.types.ts';
import type { OrgScope } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  countOrganisations,
  findOrganisationAdmin,
  findPlan,
  listOrganisations,
  listPlans,
  updateOrganisation,
  type OrganisationAdminRow,
} from './organisations-admin.repo.ts';

/**
 * Organisations with their plan and user count, and the installation's plans: what the plans module and
 * the user admin read and change. For services that have checked access already.
 */
export function organisationPlans(ctx: AppContext) {
  return {
    /** One page of the organisations in `scope` by name, each with its plan. */
    page: (scope: OrgScope, search: string | undefined, limit: number, offset: number) =>
      listOrganisations(ctx.db, scope, search, limit, offset),
    count: (scope: OrgScope, search: string | undefined) => countOrganisations(ctx.db, scope, search),
    /** One organisation with its plan as stored (see settledOrganisation for one with an ended Trial settled). */
    find: (organisationId: number): Promise<OrganisationAdminRow | undefined> =>
      findOrganisationAdmin(ctx.db, organisationId),
    /** False when there is no such organisation. */
    update: (organisationId: number, patch: Updateable<OrganisationsTable>) =>
      updateOrganisation(ctx.db, organisationId, patch),
    /** The plan of this name and duration (null: no end), if the installation offers it. */
    findPlan: (name: string, duration: number | null) => findPlan(ctx.db, name, duration),
    /** Every plan the installation offers. */
    plans: () => listPlans(ctx.db),
  };
}
