import { can, type PickerUser } from '@lexdesk/contract';
import { sql } from 'kysely';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * GET assign-user/: active users of the given organisations that the caller may pick (spec 03 §5 "only active
 * users"). The super user picks in any organisation; anyone else only in their own, and never a super user
 * (the provider's staff are invisible to firms). Other organisations' ids are left out, not refused.
 */
export async function pickerUsersFor(
  ctx: AppContext,
  actor: Actor,
  organisationIds: readonly number[],
): Promise<{ data: PickerUser[] }> {
  const everyOrganisation = can(actor, 'organisations.any_organisation.access');
  const ids = everyOrganisation ? organisationIds : organisationIds.filter((id) => id === actor.organisationId);
  if (ids.length === 0) return { data: [] };
  let query = ctx.db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'email', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
    .where('organisation_id', 'in', [...ids])
    .where('is_active', '=', 1);
  if (!everyOrganisation) query = query.where('role', '!=', 'super');
  const rows = await query.orderBy('first_name').orderBy('last_name').orderBy('id').execute();
  return {
    data: rows.map((row) => ({
      value: row.id,
      label: row.name || row.email,
      organisation: row.organisation_id,
      is_active: true,
    })),
  };
}
