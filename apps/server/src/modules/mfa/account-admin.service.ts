import {
  accountLockMessages,
  can,
  mfaMessages,
  type LockedAccountList,
  type MfaPolicyResponse,
  type MfaPolicyRole,
  type PagedSearchQuery,
} from '@lexdesk/contract';
import { readScope, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { accountLockService } from './account-lock.ts';
import { countLocked, listLocked, requiredRoles, setRequiredRoles } from './mfa.repo.ts';

/** Administrators' side of sign-in protection: locked accounts and the organisation's MFA policy. */
export function accountAdminService(ctx: AppContext) {
  /** The organisation the actor may manage: an admin's own (another answers 404), any existing one for super. */
  async function managedOrganisation(actor: Actor, organisationId: number | undefined): Promise<number> {
    const id = organisationId ?? actor.organisationId;
    if (id !== actor.organisationId && !can(actor, 'organisations.any_organisation.access')) throw notFound();
    if (!(await organisationsService(ctx).summaryOf(id))) throw notFound();
    return id;
  }

  return {
    /** Locked accounts the actor administers (admin: own organisation, never super users; super: all), newest lock first. */
    async locked(actor: Actor, page: PagedSearchQuery): Promise<LockedAccountList> {
      if (!can(actor, 'users.login.unblock')) throw forbidden();
      const scope = readScope(actor);
      const search = page.search_key || undefined;
      const hideSupers = !can(actor, 'organisations.super_users.manage');
      const total = await countLocked(ctx.db, scope, search, hideSupers);
      const rows = await listLocked(ctx.db, scope, search, hideSupers, page.limits, (page.page_no - 1) * page.limits);
      return {
        data: rows.map((row) => ({
          user_id: row.user_id,
          username: row.email,
          name: `${row.first_name} ${row.last_name}`.trim(),
          organisation: row.organisation,
          failed_logins: row.failed_logins,
          locked_at: row.locked_at ?? '',
        })),
        page: pageInfoOf(page, total),
      };
    },

    /** Unlocks a locked account the actor administers (admin: own organisation, not super users); audited. */
    async unblock(actor: Actor, userId: number): Promise<{ detail: string }> {
      if (!can(actor, 'users.login.unblock')) throw forbidden();
      const target = await usersService(ctx).findVisible(actor, userId);
      if (target.role === 'super' && !can(actor, 'organisations.super_users.manage')) throw notFound();
      const owner = { userId: target.id, organisationId: target.organisationId };
      await inTransaction(ctx, async (tx) => {
        if (!(await accountLockService(tx).unlock(owner, target.email)))
          throw badRequest(accountLockMessages.notLocked);
        await auditService(tx).record(
          { userId: actor.userId, organisationId: owner.organisationId },
          'user',
          target.id,
          'login_unblocked',
        );
      });
      return { detail: accountLockMessages.unblocked };
    },

    /** The roles that must use MFA in an organisation the actor manages. */
    async policy(actor: Actor, organisationId: number | undefined): Promise<MfaPolicyResponse> {
      if (!can(actor, 'organisations.mfa_policy.read')) throw forbidden();
      const id = await managedOrganisation(actor, organisationId);
      return {
        organisation_id: id,
        required_roles: (await requiredRoles(ctx.db, id)) as MfaPolicyResponse['required_roles'],
      };
    },

    /** Sets the roles that must use MFA (they set it up at their next sign-in); audited. */
    async setPolicy(
      actor: Actor,
      organisationId: number | undefined,
      roles: readonly MfaPolicyRole[],
    ): Promise<MfaPolicyResponse & { detail: string }> {
      if (!can(actor, 'organisations.mfa_policy.update')) throw forbidden();
      const id = await managedOrganisation(actor, organisationId);
      const unique = [...new Set(roles)].sort();
      await inTransaction(ctx, async (tx) => {
        const before = await requiredRoles(tx.db, id);
        await setRequiredRoles(tx.db, id, unique, nowIso(tx));
        await auditService(tx).record(
          { userId: actor.userId, organisationId: id },
          'organisation',
          id,
          'mfa_policy_changed',
          {
            required_roles: { from: before, to: unique },
          },
        );
      });
      return { detail: mfaMessages.policySaved, organisation_id: id, required_roles: unique };
    },
  };
}
