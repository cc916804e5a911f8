import { can, conceptMessages as M } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/errors/http-error.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';

export interface Assignment {
  organisationIds: number[];
  users: { user_id: number; organisation_id: number }[];
}

/**
 * Checks the organisations and users chosen for a list (spec 03 §5, §6): a non-super caller may choose only
 * their own organisation; every user must be an active user of a chosen organisation.
 */
export async function checkedAssignment(
  ctx: AppContext,
  actor: Actor,
  organisationIds: readonly number[],
  userIds: readonly number[],
): Promise<Assignment> {
  const unique = [...new Set(organisationIds)];
  if (!can(actor, 'organisations.any_organisation.access')) {
    if (unique.some((id) => id !== actor.organisationId)) throw forbidden(M.notYourOrganisation);
  } else {
    const known = new Set((await organisationsService(ctx).options(actor)).map((option) => option.id));
    if (unique.some((id) => !known.has(id))) {
      throw badRequest(M.unknownOrganisations, { organisationIDs: M.unknownOrganisations });
    }
  }
  const active = new Map((await usersService(ctx).activeUsersIn(unique)).map((user) => [user.id, user]));
  const users = [...new Set(userIds)].map((id) => {
    const user = active.get(id);
    if (!user) throw badRequest(M.unknownUsers, { userIDs: M.unknownUsers });
    return { user_id: id, organisation_id: user.organisationId };
  });
  return { organisationIds: unique, users };
}
