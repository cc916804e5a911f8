import {
  can,
  KNOWLEDGE_ROLES,
  MODULE_FLAGS,
  ROLES,
  userAdminMessages,
  userLimitMessages,
  type HistoryResponse,
  type KnowledgeRole,
  type ManagedUser,
  type ManagedUserList,
  type ModuleFlags,
  type Role,
  type UserInviteValues,
  type UserUpdateValues,
} from '@lexdesk/contract';
import type { z } from 'zod';
import type { userListQuery } from '@lexdesk/contract';
import {
  ALL_ORGANISATIONS,
  moduleColumnsOf,
  moduleFlagsOf,
  readScope,
  type Actor,
  type OrgScope,
} from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { accountsService } from '../accounts/index.ts';
import { accountLockService } from '../mfa/index.ts';
import { notificationsService } from '../notifications/index.ts';
import { diff, historyOf, organisationPlans } from '../organisations/index.ts';
import { releaseOnUserDelete } from '../../platform/modules/lifecycle.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import {
  countManagedUsers,
  deleteUserRow,
  findManagedUser,
  listManagedUsers,
  type ManagedUserRow,
} from './user-admin.repo.ts';
import { updateUser } from './users.repo.ts';
import { accountOf, usersService } from './users.service.ts';

type ListQuery = z.output<typeof userListQuery>;

function managedUserOf(row: ManagedUserRow, isLocked = false): ManagedUser {
  return {
    id: row.id,
    organisation_id: row.organisation_id,
    organisation: row.organisation_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'user',
    is_active: row.is_active === 1,
    has_password: row.password_hash !== null,
    is_locked: isLocked,
    modules: moduleFlagsOf(row),
    knowledge_role: (KNOWLEDGE_ROLES as readonly string[]).includes(row.knowledge_role ?? '')
      ? (row.knowledge_role as KnowledgeRole)
      : null,
    knowledge_data_permission: row.knowledge_data_permission === 1,
    billing_permission: row.billing_permission === 1,
    created_at: row.created_at,
  };
}

/** What a user's history and the permission notice compare. */
function grantsOf(user: {
  role: Role;
  modules: ModuleFlags;
  knowledge_role: KnowledgeRole | null;
  knowledge_data_permission: boolean;
  billing_permission: boolean;
}) {
  return {
    role: user.role,
    modules: MODULE_FLAGS.filter((flag) => user.modules[flag]).join(', ') || 'none',
    knowledge_role: user.knowledge_role,
    knowledge_data_permission: user.knowledge_data_permission,
    billing_permission: user.billing_permission,
  };
}

/**
 * The Users screen (spec 01 §6): super manages everyone; an admin the users of their own organisation
 * (super users are not theirs to see: 404). The organisation's user limit counts active users.
 */
export function userAdminService(ctx: AppContext) {
  /** The scope an actor's user list and lookups run in; an admin naming another organisation gets 404. */
  function scopeOf(actor: Actor, orgId?: number): OrgScope {
    if (can(actor, 'organisations.any_organisation.access')) return orgId ?? ALL_ORGANISATIONS;
    if (!can(actor, 'organisations.users.manage')) throw forbidden();
    if (orgId !== undefined && orgId !== actor.organisationId) throw notFound();
    return actor.organisationId;
  }

  /** Rows as the Users screen shows them, each with whether sign-in has locked the account. */
  async function present(scope: OrgScope, rows: ManagedUserRow[]): Promise<ManagedUser[]> {
    const locked = await accountLockService(ctx).lockedAmong(
      scope,
      rows.map((row) => row.id),
    );
    return rows.map((row) => managedUserOf(row, locked.has(row.id)));
  }

  async function presentOne(actor: Actor, row: ManagedUserRow): Promise<ManagedUser> {
    const [user] = await present(readScope(actor), [row]);
    return user ?? managedUserOf(row);
  }

  async function target(actor: Actor, userId: number): Promise<ManagedUserRow> {
    const row = await findManagedUser(ctx.db, readScope(actor), userId);
    if (!row || (row.role === 'super' && !can(actor, 'organisations.super_users.manage'))) throw notFound();
    return row;
  }

  /** 409 with the spec's limit message when the organisation has no free seat. */
  async function requireFreeSeat(organisationId: number): Promise<void> {
    const organisation = await organisationPlans(ctx).find(organisationId);
    if (!organisation) throw notFound();
    if (organisation.registered_users >= organisation.user_limit) {
      throw conflict(userLimitMessages.reached);
    }
  }

  function requireRoleGrant(actor: Actor, role: Role): void {
    if (role === 'super' && !can(actor, 'organisations.super_users.manage'))
      throw forbidden(userAdminMessages.superOnly);
  }

  return {
    /** One page of the users the actor administers, newest first; searchable by name, email, organisation. */
    async list(actor: Actor, query: ListQuery): Promise<ManagedUserList> {
      const scope = scopeOf(actor, query.org_id);
      const offset = (query.page_no - 1) * query.limits;
      const hideSupers = !can(actor, 'organisations.super_users.manage');
      const rows = await listManagedUsers(ctx.db, scope, query.search_key, query.limits, offset, hideSupers);
      const total = await countManagedUsers(ctx.db, scope, query.search_key, hideSupers);
      return { data: await present(scope, rows), page: pageInfoOf(query, total) };
    },

    async get(actor: Actor, userId: number): Promise<ManagedUser> {
      scopeOf(actor);
      return presentOne(actor, await target(actor, userId));
    },

    /**
     * Creates the user without a password inside the organisation's user limit (409 beyond it), audited,
     * then emails them a set-password link.
     */
    async invite(actor: Actor, body: UserInviteValues): Promise<ManagedUser> {
      const scope = scopeOf(actor, body.org_id);
      const organisationId = scope === ALL_ORGANISATIONS ? actor.organisationId : scope;
      requireRoleGrant(actor, body.role);
      const id = await inTransaction(ctx, async (tx) => {
        await userAdminService(tx).requireFreeSeatOf(organisationId);
        const created = await usersService(tx).createUser(actor, {
          organisationId,
          email: body.email,
          role: body.role,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          password: null,
          isActive: true,
          modules: body.modules,
          knowledgeDataPermission: body.knowledge_data_permission,
        });
        await updateUser(tx.db, organisationId, created, {
          knowledge_role: body.knowledge_role,
          billing_permission: body.billing_permission ? 1 : 0,
        });
        await auditService(tx).record({ userId: actor.userId, organisationId }, 'user', created, 'invited', {
          name: `${body.first_name} ${body.last_name}`,
          ...grantsOf(body),
        });
        return created;
      });
      const row = await target(actor, id);
      await accountsService(ctx).sendSetPasswordLinkTo(actor, accountOf(row));
      return presentOne(actor, row);
    },

    /** Internal: the seat check inside the caller's transaction. */
    async requireFreeSeatOf(organisationId: number): Promise<void> {
      await requireFreeSeat(organisationId);
    },

    /**
     * Saves name, phone, role, module flags and knowledge settings; audited. A changed role or grant
     * notifies the user, and their open browser picks it up through the permission polling.
     */
    async update(actor: Actor, userId: number, body: UserUpdateValues): Promise<ManagedUser> {
      scopeOf(actor);
      const before = managedUserOf(await target(actor, userId));
      requireRoleGrant(actor, body.role);
      if (userId === actor.userId && body.role !== before.role) throw badRequest(userAdminMessages.cannotChangeSelf);
      const grantsBefore = grantsOf(before);
      const grantsAfter = grantsOf(body);
      const changes = diff(
        { first_name: before.first_name, last_name: before.last_name, phone: before.phone, ...grantsBefore },
        { first_name: body.first_name, last_name: body.last_name, phone: body.phone, ...grantsAfter },
      );
      await inTransaction(ctx, async (tx) => {
        await updateUser(tx.db, before.organisation_id, userId, {
          first_name: body.first_name,
          last_name: body.last_name,
          phone: body.phone,
          role: body.role,
          ...moduleColumnsOf(body.modules),
          knowledge_role: body.knowledge_role,
          knowledge_data_permission: body.knowledge_data_permission ? 1 : 0,
          billing_permission: body.billing_permission ? 1 : 0,
          updated_at: nowIso(tx),
        });
        if (Object.keys(changes).length === 0) return;
        await auditService(tx).record(
          { userId: actor.userId, organisationId: before.organisation_id },
          'user',
          userId,
          'updated',
          changes,
        );
        if (Object.keys(diff(grantsBefore, grantsAfter)).length > 0 && userId !== actor.userId) {
          await notificationsService(tx).notifyPermissionsChanged(actor, userId);
        }
      });
      return presentOne(actor, await target(actor, userId));
    },

    /** Activates (inside the user limit, 409 beyond it) or deactivates another user; audited. */
    async setActive(actor: Actor, userId: number, isActive: boolean): Promise<ManagedUser> {
      scopeOf(actor);
      const row = await target(actor, userId);
      if (userId === actor.userId) throw badRequest(userAdminMessages.cannotChangeSelf);
      if (isActive !== (row.is_active === 1)) {
        await inTransaction(ctx, async (tx) => {
          if (isActive) await requireFreeSeatIn(tx, row.organisation_id);
          await usersService(tx).setActive(actor, userId, isActive);
        });
      }
      return presentOne(actor, await target(actor, userId));
    },

    /**
     * Deletes another user in one transaction: each module hands what they were given to the deleting user
     * (when of the same organisation: assigned cases, shared templates) or removes it, then the row goes with
     * its sessions, links and notifications; released files go after the commit. The audit trail stays.
     */
    async remove(actor: Actor, userId: number): Promise<{ name: string }> {
      scopeOf(actor);
      const row = await target(actor, userId);
      if (userId === actor.userId) throw badRequest(userAdminMessages.cannotDeleteSelf);
      const released = await inTransaction(ctx, async (tx) => {
        const keys = await releaseOnUserDelete(tx, {
          organisationId: row.organisation_id,
          userId,
          successorId: row.organisation_id === actor.organisationId ? actor.userId : null,
        });
        await auditService(tx).record(
          { userId: actor.userId, organisationId: row.organisation_id },
          'user',
          userId,
          'deleted',
          { email: row.email, name: `${row.first_name} ${row.last_name}`.trim() },
        );
        if (!(await deleteUserRow(tx.db, row.organisation_id, userId))) throw notFound();
        return keys;
      });
      await removeBlobs(ctx, released);
      return { name: `${row.first_name} ${row.last_name}`.trim() || row.email };
    },

    /** Every change of the user (who, when, what), newest first. */
    async history(actor: Actor, userId: number): Promise<HistoryResponse> {
      scopeOf(actor);
      const row = await target(actor, userId);
      return { data: await historyOf(ctx, row.organisation_id, 'user', userId) };
    },
  };
}

async function requireFreeSeatIn(tx: AppContext, organisationId: number): Promise<void> {
  await userAdminService(tx).requireFreeSeatOf(organisationId);
}
